import { afterEach, describe, expect, it, vi } from 'vitest';
import { executionTime } from './executions';

// Issue 17 point 6 / issue 32 point 3: the executions log lists calls newest first, by the time each was
// recorded; two calls that end within one millisecond keep their order.
describe('executionTime: strictly increasing, on the wall clock (issue 32 point 3)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows the clock when it moves, and steps a µs when it does not or goes back', () => {
    const clock = vi.spyOn(Date, 'now');
    const base = Date.UTC(2030, 0, 1);
    const readings = [base, base, base, base + 5, base + 2].map((now) => {
      clock.mockReturnValue(now);
      return executionTime() - base;
    });
    expect(readings.map((at) => Math.round(at * 1000) / 1000)).toEqual([0, 0.001, 0.002, 5, 5.001]);
  });
});
