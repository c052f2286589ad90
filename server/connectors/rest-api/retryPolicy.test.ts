import { describe, expect, it } from 'vitest';
import { type AttemptOutcome, retryAfterMs, retryDecision } from './retryPolicy';

const settings = { retries: 2, retryWaitMs: 5000, backoffMs: 200 };
const now = Date.parse('2026-11-27T10:00:00Z');
const status = (code: number, retryAfter?: string): AttemptOutcome => ({
  kind: 'status',
  status: code,
  ...(retryAfter !== undefined ? { retryAfter } : {}),
});

// Issue 30 point 3: "retries with backoff on connection errors, 429 and 503 honouring Retry-After (only
// idempotent methods unless the operation allows it)"; the brief: "cap the retries and the total wait".
describe('retryDecision (issue 30 point 3)', () => {
  it.each([
    [
      'a lost connection on GET: backoff (issue 30 §3)',
      'GET',
      false,
      { kind: 'connection' },
      0,
      0,
      { retry: true, waitMs: 200 },
    ],
    [
      'the backoff doubles (issue 30 §3)',
      'GET',
      false,
      { kind: 'connection' },
      1,
      200,
      { retry: true, waitMs: 400 },
    ],
    [
      '503 with Retry-After seconds (RFC 9110 §10.2.3)',
      'GET',
      false,
      status(503, '2'),
      0,
      0,
      { retry: true, waitMs: 2000 },
    ],
    [
      '429 with an HTTP date (RFC 9110 §10.2.3, RFC 6585 §4)',
      'GET',
      false,
      status(429, 'Fri, 27 Nov 2026 10:00:03 GMT'),
      0,
      0,
      { retry: true, waitMs: 3000 },
    ],
    [
      '503 without Retry-After: backoff (issue 30 §3)',
      'PUT',
      false,
      status(503),
      0,
      0,
      { retry: true, waitMs: 200 },
    ],
    [
      'DELETE is idempotent (RFC 9110 §9.2.2)',
      'DELETE',
      false,
      status(503),
      0,
      0,
      { retry: true, waitMs: 200 },
    ],
    ['POST is not (RFC 9110 §9.2.2; issue 30 §3)', 'POST', false, status(503), 0, 0, { retry: false }],
    [
      'PATCH is not (RFC 5789 §2; issue 30 §3)',
      'PATCH',
      false,
      { kind: 'connection' },
      0,
      0,
      { retry: false },
    ],
    [
      'POST when the operation allows it (issue 30 §3)',
      'POST',
      true,
      status(503),
      0,
      0,
      { retry: true, waitMs: 200 },
    ],
    ['500 is an answer, not "later" (issue 30 §3)', 'GET', false, status(500), 0, 0, { retry: false }],
    ['404 is not retried (issue 30 §3)', 'GET', false, status(404), 0, 0, { retry: false }],
    ['at most `retries` times (brief: cap the retries)', 'GET', false, status(503), 2, 600, { retry: false }],
    [
      'never past the total wait (brief: cap the total wait)',
      'GET',
      false,
      status(503, '4'),
      1,
      2000,
      { retry: false },
    ],
    [
      'a Retry-After longer than the wait left ends now (issue 30 §3)',
      'GET',
      false,
      status(429, '120'),
      0,
      0,
      { retry: false },
    ],
  ] as Array<[string, string, boolean, AttemptOutcome, number, number, unknown]>)(
    '%s',
    (_label, method, retryUnsafe, outcome, retried, waitedMs, expected) => {
      expect(retryDecision({ method, retryUnsafe, outcome, retried, waitedMs, settings, now })).toEqual(
        expected,
      );
    },
  );
});

describe('retryAfterMs (RFC 9110 §10.2.3 Retry-After)', () => {
  it.each([
    ['delay-seconds', '3', 3000],
    ['zero', '0', 0],
    ['an HTTP date ahead', 'Fri, 27 Nov 2026 10:00:10 GMT', 10_000],
    ['an HTTP date past is now', 'Fri, 27 Nov 2026 09:00:00 GMT', 0],
    ['unreadable', 'soon', undefined],
    ['negative is unreadable', '-1', undefined],
    ['absent', undefined, undefined],
  ])('%s', (_label, value, expected) => {
    expect(retryAfterMs(value, now)).toBe(expected);
  });
});
