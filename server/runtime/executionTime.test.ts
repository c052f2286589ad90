import { afterEach, describe, expect, it, vi } from 'vitest';
import { executionTime, microsecondIso } from './executions';

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

describe('microsecondIso: the time as timestamptz text with its µs', () => {
  const at = Date.UTC(2026, 10, 28, 1, 4, 11, 123);
  it.each([
    ['a whole millisecond', at, '2026-11-28T01:04:11.123000Z'],
    ['a µs after it', at + 0.001, '2026-11-28T01:04:11.123001Z'],
    ['999 µs after it', at + 0.999, '2026-11-28T01:04:11.123999Z'],
  ])('%s', (_label, time, text) => {
    expect(microsecondIso(time)).toBe(text);
  });
});
