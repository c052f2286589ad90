import { useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { form } from '../../../../generated/forms/FlowChooseBlock';
import { type FalseExitEnd, insertBlock } from '../../../domain/flow/graph';
import type { BlockType, Exit, HttpMethod } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { withOptions } from '../../../engine/form/withOptions';
import { changeGraphAtom } from '../editor/flowEditorState';
import { formFields } from '../formFields';

/**
 * Choose new block (spec part 2 §2 drawer 6), declared in schemas/drawers/flow-choose-block: ADD, CHECK,
 * READ, WRITE; WRITE is disabled when the flow method is GET. A CHECK ends its false path with an ERROR
 * or a CLOSE block (§4); the new block's drawer opens next.
 */
export function ChooseBlockDrawer(props: {
  drawerKey: string;
  link: { from: string; to: string; exit: Exit };
  method: HttpMethod;
  onAdded(guid: string): void;
}) {
  const { drawerKey, link, method, onAdded } = props;
  const changeGraph = useSetAtom(changeGraphAtom);
  const drawers = useDrawers();
  const formContext = useMemo(
    () => ({
      add: async (type: BlockType, falseExit: FalseExitEnd) => {
        let added: string | undefined;
        changeGraph((graph) => {
          const result = insertBlock(graph, link, type, { falseExit });
          added = result.guid;
          return result.graph;
        });
        await drawers.close(drawerKey, { force: true });
        if (added) onAdded(added);
      },
    }),
    [changeGraph, link, drawers, drawerKey, onAdded],
  );
  const uiSchemaOf = useCallback(() => withOptions(form.uiSchema, { FalseExit: { method } }), [method]);
  return (
    <DrawerForm<{ FalseExit: FalseExitEnd }>
      drawerKey={drawerKey}
      form={form}
      value={{ FalseExit: 'error' }}
      acting
      fields={formFields}
      formContext={formContext}
      uiSchemaOf={uiSchemaOf}
      onSave={async () => false}
    />
  );
}
