import { memo } from 'react';
import { blockType } from '../../../domain/flow/blockTypes';
import type { FlowBlock } from '../../../domain/flow/types';
import { BLOCK_SIZE, useCanvasActions } from './canvasActions';

export interface BlockViewProps {
  block: FlowBlock;
  x: number;
  y: number;
  /** Problems the last validation run found in this block. */
  errors: number;
  selected: boolean;
  editable: boolean;
  /** Its part in the last test run, when one is shown (issue 17 point 5). */
  run?: BlockRun | undefined;
}

export type BlockRun = 'ran' | 'failed' | 'skipped';

/**
 * One block on the canvas: its kind, a one-line summary, its problem count, and its exits — OUT on the
 * right, FALSE below for a check (spec part 2 §3 'Block': in, out, false). Memoized on plain props: it
 * redraws only when its own block, place, problem count or selection changes. Placed by left and top, not
 * a transform: each transformed block was a paint chunk of its own, and sorting a hundred of them into
 * compositor layers (Layerize) took up to 27 ms of a frame.
 */
function BlockViewImpl({ block, x, y, errors, selected, editable, run }: BlockViewProps) {
  const definition = blockType(block.Type);
  const actions = useCanvasActions();
  const summary = definition.summary(block);
  return (
    <div
      className={`flow-node flow-node--${definition.role} flow-node--${block.Type}${selected ? ' flow-node--selected' : ''}${errors > 0 ? ' flow-node--invalid' : ''}${run ? ` flow-node--run-${run}` : ''}`}
      style={{ left: x, top: y }}
      data-block={block.Guid}
      data-type={block.Type}
    >
      {definition.role !== 'start' && <span className="flow-node__exit flow-node__exit--in" />}
      <button
        type="button"
        className="flow-node__body"
        onClick={() => actions.openBlock(block.Guid)}
        aria-label={`${definition.label} block${summary ? `: ${summary}` : ''}${errors > 0 ? `, ${errors} problems` : ''}${run ? `, ${runLabel[run]}` : ''}`}
      >
        <span className="flow-node__type">{definition.label}</span>
        <span className="flow-node__summary">{summary || '\u00a0'}</span>
      </button>
      {errors > 0 && (
        <span className="flow-node__errors" aria-hidden="true">
          {errors}
        </span>
      )}
      {editable && definition.deletable && (
        <button
          type="button"
          className="flow-node__delete"
          aria-label={`Delete ${definition.label} block`}
          onClick={(event) => {
            event.stopPropagation();
            actions.deleteBlock(block.Guid);
          }}
        >
          ×
        </button>
      )}
      {definition.exits.includes('Out') && <span className="flow-node__exit flow-node__exit--out" />}
      {definition.exits.includes('False') && <span className="flow-node__exit flow-node__exit--false" />}
    </div>
  );
}

export const BlockView = memo(BlockViewImpl);

const runLabel: Record<BlockRun, string> = {
  ran: 'ran in the test run',
  failed: 'ended the test run with an error',
  skipped: 'did not run in the test run',
};

/**
 * Where a link leaves or enters a block, from the block's corner: the middle of its right side (OUT), of
 * its bottom (FALSE), of its left side (in). The exit dots in flowbuilder.css sit on these points.
 */
export const exitPoint = {
  Out: { x: BLOCK_SIZE.width, y: BLOCK_SIZE.height / 2 },
  False: { x: BLOCK_SIZE.width / 2, y: BLOCK_SIZE.height },
  in: { x: 0, y: BLOCK_SIZE.height / 2 },
} as const;
