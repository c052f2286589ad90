import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { flowOf } from '../../../../tests/support/flowBuilders';
import { layoutInput, layoutWithElk } from './elkLayout';

describe('flow layout (elkjs layered, left to right)', () => {
  it('places each block right of the blocks linking to it, and a check’s false exit beside its true path', async () => {
    const { flow, guids, start, result } = flowOf([{ type: 'read' }, { type: 'check' }]);
    const graph = flow.Flow!;
    const input = layoutInput(graph, () => ({ width: 200, height: 72 }));
    expect(input.nodes).toHaveLength(graph.Blocks!.length);
    expect(input.edges).toHaveLength(graph.Blocks!.length - 1);
    const positions = await layoutWithElk(new ELK(), input);
    const x = (guid: string) => positions[guid]!.x;
    expect(x(guids[0]!)).toBeGreaterThan(x(start));
    expect(x(guids[1]!)).toBeGreaterThan(x(guids[0]!));
    expect(x(result)).toBeGreaterThan(x(guids[1]!));
    const error = graph.Blocks!.find(
      (block) => block.Guid === graph.Blocks!.find((b) => b.Guid === guids[1])!.False![0],
    )!;
    expect(x(error.Guid)).toBeGreaterThan(x(guids[1]!));
    expect(positions[error.Guid]!.y).not.toBe(positions[result]!.y);
  });
});
