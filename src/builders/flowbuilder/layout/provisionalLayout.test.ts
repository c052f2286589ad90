import { describe, expect, it } from 'vitest';
import { flowOf } from '../../../../tests/support/flowBuilders';
import { type LayoutInput, layoutInput } from './elkLayout';
import { provisionalLayout } from './provisionalLayout';

describe('provisional layout of a big flow while ELK runs (issue 9: the canvas is not empty for seconds)', () => {
  it('puts each block one column right of the block linking to it, a check’s two exits in one column', () => {
    const { flow, guids, start, result } = flowOf([{ type: 'read' }, { type: 'check' }]);
    const input = layoutInput(flow.Flow!, () => ({ width: 200, height: 72 }));
    const positions = provisionalLayout(input);
    expect(Object.keys(positions)).toHaveLength(input.nodes.length);
    const x = (guid: string) => positions[guid]!.x;
    expect(x(start)).toBe(0);
    expect(x(guids[0]!)).toBe(272);
    expect(x(guids[1]!)).toBe(544);
    const check = flow.Flow!.Blocks!.find((block) => block.Guid === guids[1])!;
    const falseExit = check.False![0]!;
    expect(x(result)).toBe(816);
    expect(x(falseExit)).toBe(816);
    // Stacked, not overlapping: 72 high and 36 apart.
    expect(Math.abs(positions[result]!.y - positions[falseExit]!.y)).toBe(108);
  });

  it('places blocks on a cycle no root reaches in the first column instead of dropping them', () => {
    const input: LayoutInput = {
      nodes: ['a', 'b'].map((id) => ({ id, width: 200, height: 72 })),
      edges: [
        { id: 'ab', source: 'a', target: 'b' },
        { id: 'ba', source: 'b', target: 'a' },
      ],
    };
    const positions = provisionalLayout(input);
    expect(positions.a).toEqual({ x: 0, y: 0 });
    expect(positions.b).toEqual({ x: 0, y: 108 });
  });
});
