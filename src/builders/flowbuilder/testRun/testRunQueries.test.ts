import { describe, expect, it } from 'vitest';
import { executionsQueryParameters } from './testRunQueries';

/** The executions log's filters (issue 32 point 3: time range, outcome, API user, version, error code; point 2: trace id). */
describe('the executions filter as query parameters', () => {
  it('leaves out blanks and the "all" outcome: nothing filtered asks for everything', () => {
    expect(executionsQueryParameters(undefined)).toEqual({});
    expect(
      executionsQueryParameters({
        Status: 'all',
        From: '',
        To: null,
        ApiUser: '  ',
        Version: null,
        ErrorCode: '',
        TraceId: ' ',
      }),
    ).toEqual({});
  });

  it('sends each filter set: the outcome, the version, trimmed text, and times as instants', () => {
    const from = '2026-11-27T10:30';
    expect(
      executionsQueryParameters({
        Status: 'failed',
        From: from,
        To: 'not a time',
        ApiUser: ' demo-importer ',
        Version: 2,
        ErrorCode: 'CREDIT_OUT_OF_RANGE',
        TraceId: ' 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01 ',
      }),
    ).toEqual({
      status: 'failed',
      version: 2,
      // The datetime-local value is in the browser's time zone; the server filters by the instant.
      from: new Date(from).toISOString(),
      apiUser: 'demo-importer',
      errorCode: 'CREDIT_OUT_OF_RANGE',
      // A pasted traceparent goes as it is: the server reads the trace id out of it (traceIdOf).
      traceId: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    });
  });
});
