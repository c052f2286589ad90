import type { EdgeTypes, NodeTypes } from '@xyflow/react';
import { blockTypes } from '../../../flow/blockTypes';
import { warnFlow } from '../../../flow/errors';
import { BlockNode } from './BlockNode';
import { LinkEdge } from './InsertEdge';

/**
 * Node components by block type, defined once at module level (xyflow warns when these are recreated per
 * render). Every registered block type draws with BlockNode, which reads its label, exits and summary
 * from the block-type registry; a type with no component here draws as the fallback.
 */
export const FALLBACK_NODE = 'unknownBlock';

export const nodeTypes: NodeTypes = {
  ...Object.fromEntries(Object.keys(blockTypes).map((type) => [type, BlockNode])),
  [FALLBACK_NODE]: BlockNode,
};

export const edgeTypes: EdgeTypes = { link: LinkEdge };

/** The node type to draw a block with (FLOW006 when it has none). */
export function nodeTypeOf(type: string): string {
  if (Object.hasOwn(nodeTypes, type)) return type;
  warnFlow('FLOW006', type);
  return FALLBACK_NODE;
}
