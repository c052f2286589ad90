import type { ELK, ElkNode, LayoutOptions } from 'elkjs/lib/elk-api';
import { flowLinks } from '../../../domain/flow/graph';
import type { FlowGraph } from '../../../domain/flow/types';

/** What the layout needs of a flow: block boxes and links. Plain data, so it crosses to the worker as is. */
export interface LayoutInput {
  nodes: Array<{ id: string; width: number; height: number }>;
  edges: Array<{ id: string; source: string; target: string }>;
}

/** Top-left corner of each block, by guid. */
export type LayoutPositions = Record<string, { x: number; y: number }>;

/** Gaps between blocks in one column and between columns, in flow pixels (also the provisional layout's). */
export const flowGaps = { betweenNodes: 36, betweenLayers: 72 } as const;

/** Layered, left to right (issue 8): blocks in columns by their distance from START, links flowing right. */
export const flowLayoutOptions: LayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.spacing.nodeNode': String(flowGaps.betweenNodes),
  'elk.layered.spacing.nodeNodeBetweenLayers': String(flowGaps.betweenLayers),
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
};

/** The layout input of a graph; `size` gives each block's box. */
export function layoutInput(
  graph: FlowGraph,
  size: (type: string) => { width: number; height: number },
): LayoutInput {
  const blocks = graph.Blocks ?? [];
  const present = new Set(blocks.map((block) => block.Guid));
  return {
    nodes: blocks.map((block) => ({ id: block.Guid, ...size(block.Type) })),
    edges: flowLinks(graph)
      .filter((link) => present.has(link.from) && present.has(link.to))
      .map((link) => ({ id: link.id, source: link.from, target: link.to })),
  };
}

/** Runs ELK on the input and answers the positions; the caller decides which thread that runs on. */
export async function layoutWithElk(elk: ELK, input: LayoutInput): Promise<LayoutPositions> {
  const graph: ElkNode = {
    id: 'root',
    layoutOptions: flowLayoutOptions,
    children: input.nodes.map((node) => ({ ...node })),
    edges: input.edges.map((edge) => ({ id: edge.id, sources: [edge.source], targets: [edge.target] })),
  };
  const laid = await elk.layout(graph);
  const positions: LayoutPositions = {};
  for (const child of laid.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
  return positions;
}
