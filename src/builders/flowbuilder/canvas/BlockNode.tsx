import { Handle, type Node, type NodeHandle, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { blockType } from '../../../flow/blockTypes';
import type { FlowBlock } from '../../../flow/types';
import { useCanvasActions } from './canvasActions';

export interface BlockNodeData extends Record<string, unknown> {
  block: FlowBlock;
  /** Problems the last validation run found in this block. */
  errors: number;
  editable: boolean;
}

export type BlockFlowNode = Node<BlockNodeData, string>;

/**
 * One block on the canvas: its kind, a one-line summary, its problem count, and its exits — OUT on the
 * right, FALSE below for a check (spec part 2 §3 'Block': in, out, false). Memoized: it redraws only when
 * its own block, problem count or selection changes.
 */
function BlockNodeView({ data, selected }: NodeProps<BlockFlowNode>) {
  const { block, errors, editable } = data;
  const definition = blockType(block.Type);
  const actions = useCanvasActions();
  const summary = definition.summary(block);
  return (
    <div
      className={`flow-node flow-node--${definition.role} flow-node--${block.Type}${selected ? ' flow-node--selected' : ''}${errors > 0 ? ' flow-node--invalid' : ''}`}
      data-block={block.Guid}
      data-type={block.Type}
    >
      {definition.role !== 'start' && <Handle type="target" position={Position.Left} isConnectable={false} />}
      <button
        type="button"
        className="flow-node__body"
        onClick={() => actions.openBlock(block.Guid)}
        aria-label={`${definition.label} block${summary ? `: ${summary}` : ''}${errors > 0 ? `, ${errors} problems` : ''}`}
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
      {definition.exits.includes('Out') && (
        <Handle type="source" id="Out" position={Position.Right} isConnectable={false} />
      )}
      {definition.exits.includes('False') && (
        <Handle type="source" id="False" position={Position.Bottom} isConnectable={false} />
      )}
    </div>
  );
}

export const BlockNode = memo(BlockNodeView);

/** Where BlockNodeView's handles sit in its box (flowbuilder.css: 6 px handles on a 200 × 76 block). */
const HANDLE = 6;
const handleAt = {
  in: { type: 'target', position: Position.Left, x: 1, y: 35 },
  Out: { id: 'Out', type: 'source', position: Position.Right, x: 196, y: 35 },
  False: { id: 'False', type: 'source', position: Position.Bottom, x: 98.5, y: 72 },
} as const;
const declared = new Map<string, NodeHandle[]>();

/**
 * The handles BlockNodeView draws for a block type, declared on its node. React Flow draws every node
 * that has not been measured yet once, to find its handles, even outside the view; with them declared,
 * a 1,000-block flow draws only the blocks in view (issue 9: no main-thread task over 50 ms).
 */
export function handlesOf(type: string): NodeHandle[] {
  let handles = declared.get(type);
  if (!handles) {
    const definition = blockType(type);
    handles = [
      ...(definition.role !== 'start' ? [handleAt.in] : []),
      ...(definition.exits.includes('Out') ? [handleAt.Out] : []),
      ...(definition.exits.includes('False') ? [handleAt.False] : []),
    ].map((handle) => ({ ...handle, width: HANDLE, height: HANDLE }));
    declared.set(type, handles);
  }
  return handles;
}
