import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { addableTypes, blockTypes } from '../../../domain/flow/blockTypes';
import { type FalseExitEnd, insertBlock } from '../../../domain/flow/graph';
import type { BlockType, Exit, HttpMethod } from '../../../domain/flow/types';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { changeGraphAtom } from '../editor/flowEditorState';

/**
 * Choose new block (spec part 2 §2 drawer 6): ADD, CHECK, READ, WRITE; WRITE is disabled when the flow
 * method is GET. A CHECK ends its false path with an ERROR or a CLOSE block (§4); the new block's drawer
 * opens next.
 */
export function ChooseBlockDrawer(props: {
  drawerKey: string;
  link: { from: string; to: string; exit: Exit };
  method: HttpMethod;
  onAdded(guid: string): void;
}) {
  const changeGraph = useSetAtom(changeGraphAtom);
  const drawers = useDrawers();
  const [falseExit, setFalseExit] = useState<FalseExitEnd>('error');
  const add = async (type: BlockType) => {
    let added: string | undefined;
    changeGraph((graph) => {
      const result = insertBlock(graph, props.link, type, { falseExit });
      added = result.guid;
      return result.graph;
    });
    await drawers.close(props.drawerKey, { force: true });
    if (added) props.onAdded(added);
  };
  return (
    <div className="drawer-form">
      <ul className="flow-choices">
        {addableTypes.map((type) => {
          const definition = blockTypes[type];
          const allowed = definition.allowedFor?.(props.method) ?? true;
          return (
            <li key={type}>
              <button
                type="button"
                className={`flow-choice flow-choice--${type}`}
                disabled={!allowed}
                title={allowed ? undefined : `Not possible in a ${props.method} flow`}
                onClick={() => void add(type)}
              >
                <span className="flow-choice__label">{definition.label}</span>
                <span className="flow-choice__text">
                  {allowed ? definition.description : `Not possible in a ${props.method} flow.`}
                </span>
              </button>
              {type === 'check' && (
                <fieldset className="flow-choice__option">
                  <legend>A failed check ends with</legend>
                  {(['error', 'close'] as const).map((end) => (
                    <label key={end} className="checkbox">
                      <input
                        type="radio"
                        name="false-exit"
                        checked={falseExit === end}
                        onChange={() => setFalseExit(end)}
                      />
                      <span>{end === 'error' ? 'an ERROR block' : 'a CLOSE block'}</span>
                    </label>
                  ))}
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
