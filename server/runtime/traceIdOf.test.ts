import { describe, expect, it } from 'vitest';
import { traceIdOf } from './executions';

const ID = '4bf92f3577b34da6a3ce929d0e0e4736';

// Issue 32 point 2: "the id is in the answer's headers … its executions-log entry": the executions log's
// trace id filter finds the call from either.
describe('traceIdOf: the trace id an executions-log filter names (issue 32 point 2)', () => {
  it.each([
    ['the trace id itself', ID, ID],
    ['the trace id in capitals, with spaces around', ` ${ID.toUpperCase()} `, ID],
    [
      'the traceparent header the answer carried (W3C Trace Context §3.2)',
      `00-${ID}-00f067aa0ba902b7-01`,
      ID,
    ],
    ['a traceparent in capitals', `00-${ID.toUpperCase()}-00F067AA0BA902B7-00`, ID],
    ['anything else as it is, lower case: it matches no call', 'Not-A-Trace', 'not-a-trace'],
  ])('%s', (_label, text, expected) => {
    expect(traceIdOf(text)).toBe(expected);
  });
});
