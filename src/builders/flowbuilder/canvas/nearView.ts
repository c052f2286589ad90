import type { ReactFlowState } from '@xyflow/react';
import { useEffect, useMemo, useState } from 'react';
import type { FlowLink } from '../../../domain/flow/graph';
import type { LayoutPositions } from '../layout/elkLayout';
import { BLOCK_SIZE } from './canvasActions';

/** A box in flow coordinates. */
export interface FlowBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The part of the flow near the view: the view and one view's size around it, snapped to a coarse grid
 * so it changes only when a pan or zoom has moved a good part of a screen. A string, so React Flow's
 * store wakes the canvas only when it changes; empty while the pane has no size yet.
 */
export function selectNearView(state: Pick<ReactFlowState, 'transform' | 'width' | 'height'>): string {
  const [tx, ty, zoom] = state.transform;
  if (!state.width || !state.height || !zoom) return '';
  const width = state.width / zoom;
  const height = state.height / zoom;
  const grid = 2 ** Math.ceil(Math.log2(Math.max(width, height) / 2));
  const left = -tx / zoom;
  const top = -ty / zoom;
  const x0 = Math.floor((left - width) / grid) * grid;
  const y0 = Math.floor((top - height) / grid) * grid;
  const x1 = Math.ceil((left + 2 * width) / grid) * grid;
  const y1 = Math.ceil((top + 2 * height) / grid) * grid;
  return `${x0},${y0},${x1},${y1}`;
}

export function parseBox(key: string): FlowBox | null {
  if (!key) return null;
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = key.split(',').map(Number);
  return { x0, y0, x1, y1 };
}

/** Flows up to this many blocks are fitted whole when they open; larger ones show their first blocks. */
const FIT_ALL_LIMIT = 60;
const FIRST_BLOCKS = 6;

/** The leftmost blocks (the start side of a left-to-right layout), or every block when the whole flow fits. */
export function blocksToFit(positions: LayoutPositions): Array<{ x: number; y: number }> {
  const first: Array<{ x: number; y: number }> = [];
  let count = 0;
  const before = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    a.x < b.x || (a.x === b.x && a.y < b.y);
  // One pass, the few leftmost kept in order: in the answer's task, copying and sorting 1,000 corners
  // showed in every profile at 10 to 13 ms.
  for (const id in positions) {
    const corner = positions[id]!;
    count++;
    if (count > FIT_ALL_LIMIT && first.length === FIRST_BLOCKS && !before(corner, first[FIRST_BLOCKS - 1]!))
      continue;
    let at = first.length;
    while (at > 0 && before(corner, first[at - 1]!)) at--;
    first.splice(at, 0, corner);
    if (count > FIT_ALL_LIMIT && first.length > FIRST_BLOCKS) first.length = FIRST_BLOCKS;
  }
  return first;
}

/** The box around blocks placed at these corners. */
export function boundsOf(corners: Array<{ x: number; y: number }>) {
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return {
    x,
    y,
    width: Math.max(...xs) + BLOCK_SIZE.width - x,
    height: Math.max(...ys) + BLOCK_SIZE.height - y,
  };
}

const NONE: ReadonlySet<string> = new Set();

type Link = Pick<FlowLink, 'from' | 'to'>;

/**
 * The blocks the canvas draws: those whose box meets `box`, and both ends of every link whose span
 * meets it (so a link crossing the view is drawn even when its blocks are far off); none while the
 * pane has no size. Drawing all 1,000 blocks of a flow, its layout's arrival held the main thread for
 * over 100 ms (issue 9: no task over 50 ms during layout). Answers `previous` when the blocks are the
 * same, so nothing downstream redraws.
 */
export function blocksNearView(
  positions: LayoutPositions,
  links: readonly Link[],
  box: FlowBox | null,
  previous: ReadonlySet<string> | null = null,
): ReadonlySet<string> {
  if (!box) return NONE;
  const meets = (x0: number, y0: number, x1: number, y1: number) =>
    x1 + BLOCK_SIZE.width >= box.x0 && x0 <= box.x1 && y1 + BLOCK_SIZE.height >= box.y0 && y0 <= box.y1;
  const kept = new Set<string>();
  for (const id in positions) {
    const { x, y } = positions[id]!;
    if (meets(x, y, x, y)) kept.add(id);
  }
  for (const link of links) {
    if (kept.has(link.from) && kept.has(link.to)) continue;
    const from = positions[link.from];
    const to = positions[link.to];
    if (!from || !to) continue;
    if (
      meets(Math.min(from.x, to.x), Math.min(from.y, to.y), Math.max(from.x, to.x), Math.max(from.y, to.y))
    ) {
      kept.add(link.from);
      kept.add(link.to);
    }
  }
  if (previous && previous.size === kept.size && [...kept].every((id) => previous.has(id))) return previous;
  // Nearest the view's centre first: they are handed over first (useHandOver).
  const cx = (box.x0 + box.x1 - BLOCK_SIZE.width) / 2;
  const cy = (box.y0 + box.y1 - BLOCK_SIZE.height) / 2;
  const away = (id: string) => {
    const { x, y } = positions[id]!;
    return Math.abs(x - cx) + Math.abs(y - cy);
  };
  return new Set([...kept].sort((a, b) => away(a) - away(b)));
}

/** New blocks drawn per task once the canvas is warm. */
const BATCH = 12;

/**
 * The blocks drawn, catching up with `target` a few new blocks per task: mounting a block (its markup,
 * links, first style and layout) is the main thread's largest cost on a big flow, and the 30 to 100
 * blocks near a new view at once held it for 60 to 100 ms (issue 9: no task over 50 ms during layout). Blocks that left the target go at once. The first hand-over starts
 * with 2 blocks and doubles: the first blocks also compile the canvas's code.
 */
export function useHandOver(target: ReadonlySet<string> | null): {
  shown: ReadonlySet<string> | null;
  complete: boolean;
} {
  const [added, setAdded] = useState<ReadonlySet<string>>(NONE);
  const [batch, setBatch] = useState(2);
  const shown = useMemo(() => {
    if (!target) return null;
    const kept = new Set<string>();
    for (const id of added) if (target.has(id)) kept.add(id);
    return kept.size === added.size ? added : kept;
  }, [target, added]);
  const complete = !target || !shown || shown.size === target.size;
  useEffect(() => {
    if (complete || !target || !shown) return;
    const timer = setTimeout(() => {
      const next = new Set(shown);
      for (const id of target) {
        if (next.size >= shown.size + batch) break;
        next.add(id);
      }
      setAdded(next);
      setBatch((value) => Math.min(BATCH, value * 2));
    });
    return () => clearTimeout(timer);
  }, [complete, target, shown, batch]);
  return { shown, complete };
}
