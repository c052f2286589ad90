import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LayoutPositions } from '../layout/elkLayout';
import { blocksNearView, blocksToFit, parseBox, selectNearView, useHandOver } from './nearView';

/** Blocks in one row, 300 apart (a 200-wide block and a gap), ids b0, b1, ... */
function row(count: number): LayoutPositions {
  const positions: LayoutPositions = {};
  for (let index = 0; index < count; index++) positions[`b${index}`] = { x: index * 300, y: 0 };
  return positions;
}

describe('the part of a flow the canvas draws (issue 9: no main-thread task over 50 ms during layout)', () => {
  it('is nothing while the pane has no size', () => {
    expect(selectNearView({ transform: [0, 0, 1], width: 0, height: 0 })).toBe('');
    expect(blocksNearView(row(3), [], parseBox(''))).toEqual(new Set());
  });

  it('takes the blocks within a view around the view, nearest the centre first', () => {
    // A 1,000-pixel pane at zoom 1 from x 0: the box reaches one view each side (snapped to 512).
    const box = parseBox(selectNearView({ transform: [0, 0, 1], width: 1000, height: 600 }))!;
    expect(box.x0).toBeLessThanOrEqual(-1000);
    expect(box.x1).toBeGreaterThanOrEqual(2000);
    const near = [...blocksNearView(row(40), [], box)];
    expect(near).toContain('b0');
    expect(near).toContain('b6');
    expect(near).not.toContain('b12');
    // The view's centre is x 500: b2 (600) is nearer than b0 (0).
    expect(near.indexOf('b2')).toBeLessThan(near.indexOf('b0'));
  });

  it('takes both ends of a link that crosses the box though its blocks are far off', () => {
    const positions = { a: { x: -5000, y: 0 }, b: { x: 5000, y: 0 }, c: { x: 9000, y: 0 } };
    const box = { x0: 0, y0: -100, x1: 1000, y1: 100 };
    const near = blocksNearView(positions, [{ from: 'a', to: 'b' }], box);
    expect([...near].sort()).toEqual(['a', 'b']);
  });

  it('answers the previous set when the blocks are the same, so nothing downstream redraws', () => {
    const box = { x0: 0, y0: -100, x1: 1000, y1: 100 };
    const first = blocksNearView(row(10), [], box);
    expect(blocksNearView(row(10), [], box, first)).toBe(first);
  });
});

describe('the first view of a flow: a small flow whole, a big one at its START side', () => {
  it('fits every block of a small flow', () => {
    expect(blocksToFit(row(60))).toHaveLength(60);
  });

  it('takes the six leftmost blocks of a big one, in any input order', () => {
    const positions: LayoutPositions = {};
    const xs = Array.from({ length: 1000 }, (_, index) => (index * 7919) % 1000);
    for (const x of xs) positions[`b${x}`] = { x: x * 10, y: x % 3 };
    expect(blocksToFit(positions).map((corner) => corner.x)).toEqual([0, 10, 20, 30, 40, 50]);
  });
});

describe('useHandOver: blocks handed over a few per task', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts with two, doubles to a dozen per task, and is complete once it holds the target', () => {
    const target = new Set(Array.from({ length: 40 }, (_, index) => `b${index}`));
    const { result } = renderHook(() => useHandOver(target));
    const sizes = [result.current.shown?.size];
    while (!result.current.complete) {
      act(() => vi.runOnlyPendingTimers());
      sizes.push(result.current.shown?.size);
    }
    expect(sizes).toEqual([0, 2, 6, 14, 26, 38, 40]);
    // In the target's order: nearest the view first.
    expect([...result.current.shown!].slice(0, 2)).toEqual(['b0', 'b1']);
  });

  it('drops at once the blocks that left the target and hands over only the new ones', () => {
    let target: ReadonlySet<string> = new Set(['a', 'b']);
    const { result, rerender } = renderHook(() => useHandOver(target));
    act(() => vi.runOnlyPendingTimers());
    expect(result.current.complete).toBe(true);
    target = new Set(['b', 'c']);
    rerender();
    expect([...result.current.shown!]).toEqual(['b']);
    expect(result.current.complete).toBe(false);
    act(() => vi.runOnlyPendingTimers());
    expect([...result.current.shown!].sort()).toEqual(['b', 'c']);
    expect(result.current.complete).toBe(true);
  });
});
