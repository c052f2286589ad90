import { describe, expect, it } from 'vitest';
import { linkRoute } from './LinkView';

/** The first and last points of an SVG path of M/L/Q commands. */
function ends(path: string): { from: [number, number]; to: [number, number] } {
  const numbers = path.match(/-?\d+(\.\d+)?/g)!.map(Number);
  return { from: [numbers[0]!, numbers[1]!], to: [numbers.at(-2)!, numbers.at(-1)!] };
}

describe('link routes between blocks (spec part 2 §3 "Block": in on the left, OUT on the right, FALSE below)', () => {
  it.each([
    {
      rule: 'OUT leaves the middle of the right side and enters the middle of the left side',
      link: { exit: 'Out' as const, from: { x: 0, y: 0 }, to: { x: 300, y: 0 } },
      from: [200, 38],
      to: [300, 38],
    },
    {
      rule: 'OUT to a block lower down still enters it on the left',
      link: { exit: 'Out' as const, from: { x: 0, y: 0 }, to: { x: 300, y: 120 } },
      from: [200, 38],
      to: [300, 158],
    },
    {
      rule: 'FALSE leaves the middle of the bottom side',
      link: { exit: 'False' as const, from: { x: 0, y: 0 }, to: { x: 300, y: 150 } },
      from: [100, 76],
      to: [300, 188],
    },
  ])('$rule', ({ link, from, to }) => {
    const route = linkRoute(link.exit, link.from, link.to);
    expect(ends(route.path)).toEqual({ from, to });
    // The label (and its +) sits between the two ends.
    expect(route.labelX).toBeGreaterThan(Math.min(from[0]!, to[0]!));
    expect(route.labelX).toBeLessThan(Math.max(from[0]!, to[0]!));
  });
});
