import { flowGaps, type LayoutInput, type LayoutPositions } from './elkLayout';

/**
 * Positions for a flow before its layout arrives: each block in the column of its distance (in links)
 * from the blocks nothing links to, top-aligned, in the order of the input. Linear in blocks and links,
 * so the canvas can show a big flow at once while ELK (seconds for 1,000 blocks) runs in its worker.
 * Blocks on a cycle that no root reaches go in the first column.
 */
export function provisionalLayout(input: LayoutInput): LayoutPositions {
  const next = new Map<string, string[]>();
  const incoming = new Map<string, number>();
  for (const node of input.nodes) incoming.set(node.id, 0);
  for (const edge of input.edges) {
    if (!incoming.has(edge.source) || !incoming.has(edge.target)) continue;
    const targets = next.get(edge.source);
    if (targets) targets.push(edge.target);
    else next.set(edge.source, [edge.target]);
    incoming.set(edge.target, (incoming.get(edge.target) ?? 0) + 1);
  }
  const depth = new Map<string, number>();
  const queue: string[] = [];
  for (const node of input.nodes)
    if (incoming.get(node.id) === 0) {
      depth.set(node.id, 0);
      queue.push(node.id);
    }
  for (let at = 0; at < queue.length; at++) {
    const id = queue[at]!;
    for (const target of next.get(id) ?? [])
      if (!depth.has(target)) {
        depth.set(target, depth.get(id)! + 1);
        queue.push(target);
      }
  }
  const columnX: number[] = [];
  const rowY = new Map<number, number>();
  const widest = new Map<number, number>();
  for (const node of input.nodes) {
    const column = depth.get(node.id) ?? 0;
    widest.set(column, Math.max(widest.get(column) ?? 0, node.width));
  }
  const columns = Math.max(-1, ...widest.keys()) + 1;
  for (let column = 0, x = 0; column < columns; column++) {
    columnX[column] = x;
    x += (widest.get(column) ?? 0) + flowGaps.betweenLayers;
  }
  const positions: LayoutPositions = {};
  for (const node of input.nodes) {
    const column = depth.get(node.id) ?? 0;
    const y = rowY.get(column) ?? 0;
    positions[node.id] = { x: columnX[column] ?? 0, y };
    rowY.set(column, y + node.height + flowGaps.betweenNodes);
  }
  return positions;
}
