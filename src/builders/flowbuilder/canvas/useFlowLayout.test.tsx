import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { generatedFlow } from '../../../../tests/support/flowBuilders';
import type { LayoutInput, LayoutPositions } from '../layout/elkLayout';

const layoutFlow = vi.fn(
  async (input: LayoutInput): Promise<LayoutPositions> =>
    Object.fromEntries(input.nodes.map((node, index) => [node.id, { x: index * 300, y: 0 }])),
);
vi.mock('../layout/layoutClient', () => ({
  layoutFlow: (input: LayoutInput) => layoutFlow(input),
}));

const { useFlowLayout } = await import('./useFlowLayout');

describe('useFlowLayout (issue 9: no main-thread task over 50 ms during layout)', () => {
  beforeEach(() => {
    layoutFlow.mockClear();
  });

  it('shows a big flow in provisional columns at once, and asks the worker only once the canvas is ready', async () => {
    const graph = generatedFlow(100).flow.Flow!;
    const { result, rerender } = renderHook(({ ready }) => useFlowLayout(graph, ready), {
      initialProps: { ready: false },
    });
    expect(result.current.generation).toBe(0);
    expect(Object.keys(result.current.positions ?? {})).toHaveLength(graph.Blocks!.length);
    expect(layoutFlow).not.toHaveBeenCalled();

    rerender({ ready: true });
    await waitFor(() => expect(result.current.generation).toBe(1));
    expect(layoutFlow).toHaveBeenCalledTimes(1);
  });

  it('lays out a small flow as soon as it is ready, with nothing to show before', async () => {
    const graph = generatedFlow(10).flow.Flow!;
    const withoutPositions = {
      ...graph,
      Blocks: graph.Blocks!.map((block) => ({ ...block, Position: { X: 0, Y: 0 } })),
    };
    const { result } = renderHook(() => useFlowLayout(withoutPositions, true));
    expect(result.current.positions).toBeNull();
    await waitFor(() => expect(result.current.positions).not.toBeNull());
    expect(layoutFlow).toHaveBeenCalledTimes(1);
  });
});
