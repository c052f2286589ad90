import { describe, expect, it } from 'vitest';
import { traceView } from './testRunState';

describe('the path a test run took (issue 17 point 5: the canvas shows the path taken)', () => {
  it('links consecutive blocks by OUT, and by FALSE after a check that took its false exit', () => {
    const view = traceView({
      Status: 422,
      DurationMs: 1,
      ErrorBlock: 'e',
      Trace: [
        { Guid: 's', Type: 'start', DurationMs: 0 },
        { Guid: 'c', Type: 'check', Branch: 'FALSE', DurationMs: 0 },
        { Guid: 'e', Type: 'error', DurationMs: 0, Error: { Message: 'x', MessageKey: 'flow.error' } },
      ],
    });
    expect([...view.links]).toEqual(['s>Out>c', 'c>False>e']);
    expect(view.failed).toBe('e');
    expect([...view.byBlock.keys()]).toEqual(['s', 'c', 'e']);
  });
});
