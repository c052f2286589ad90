import { describe, expect, it } from 'vitest';
import { executionsQueryParameters } from './testRunQueries';

/** The executions log's filters (issue 32 point 3: time range, outcome, API user, version, error code). */
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
      }),
    ).toEqual({
      status: 'failed',
      version: 2,
      // The datetime-local value is in the browser's time zone; the server filters by the instant.
      from: new Date(from).toISOString(),
      apiUser: 'demo-importer',
      errorCode: 'CREDIT_OUT_OF_RANGE',
    });
  });
});
