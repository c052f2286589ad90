import { describe, expect, it } from 'vitest';
import { executionRun, traceView } from './testRunState';

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

describe('an execution from the log drawn as a run (issue 32 point 3: opened like a test run)', () => {
  const execution = {
    Id: 7,
    At: '2026-11-27T10:30:00.000Z',
    FlowGuid: 'f',
    Version: 1,
    VersionGuid: 'v',
    ApiGuid: null,
    ApiUserGuid: null,
    ApiUser: 'demo-importer',
    HttpMethod: 'GET',
    Status: 422,
    DurationMs: 3,
    ErrorBlock: 'e',
    ErrorCode: 'CREDIT_OUT_OF_RANGE',
    Message: 'Credit is out of range',
    HasData: true,
    RetryOf: null,
    RetriedBy: null,
    ErrorOf: null,
    TraceId: 'a'.repeat(32),
    Retries: [],
  };

  it('shows its kept answer and trace, its status and its trace id', () => {
    const trace = [
      { Guid: 's', Type: 'start', DurationMs: 0 },
      { Guid: 'e', Type: 'error', DurationMs: 0, Error: { Message: 'x', MessageKey: 'flow.error' } },
    ];
    const run = executionRun({
      ...execution,
      Data: { Input: {}, Answer: { ok: false }, Trace: trace, Cut: [], Redacted: false, InputComplete: true },
    } as never);
    expect(run).toMatchObject({
      flowGuid: 'f',
      execution: { Id: 7 },
      result: { Status: 422, Answer: { ok: false }, ErrorBlock: 'e', Trace: trace, TraceId: 'a'.repeat(32) },
    });
    expect(traceView(run.result).failed).toBe('e');
  });

  it('draws nothing of a call that kept no data, and still says how it ended', () => {
    const run = executionRun({ ...execution, HasData: false, Data: null } as never);
    expect(run.result).toMatchObject({ Status: 422, Answer: null, Trace: [] });
  });
});
