/** How calls to HTTP APIs retry (runtime config `http`, issue 30 point 3). */
export interface RetrySettings {
  /** Most retries after the first attempt. */
  retries: number;
  /** Most time spent waiting between attempts, in all. */
  retryWaitMs: number;
  /** The first backoff; each retry waits twice the one before, unless the answer says Retry-After. */
  backoffMs: number;
}

/** What an attempt ended with, as far as retrying goes. */
export type AttemptOutcome = { kind: 'connection' } | { kind: 'status'; status: number; retryAfter?: string };

/** Methods whose repetition has the effect of one call (RFC 9110 §9.2.2): a retry cannot do twice what the caller asked once. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Answers that say "not now" rather than "no" (RFC 9110 §15.6.4 503, RFC 6585 §4 429). */
const RETRIED_STATUSES = new Set([429, 503]);

/**
 * Retry-After (RFC 9110 §10.2.3) in milliseconds from `now`: delay-seconds or an HTTP date (a date in
 * the past is 0); undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date has a day or month name; Date.parse alone would read "-1" as a year.
  if (!/[A-Za-z]/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Whether to try again after an attempt, and how long to wait first (issue 30 point 3): only after a
 * lost or refused connection, a 429 or a 503; only for an idempotent method unless the operation allows
 * it (`retryUnsafe`); at most `retries` times; waiting Retry-After when the answer gives one, else an
 * exponential backoff; and never when the wait would take the total past `retryWaitMs` — a Retry-After
 * longer than what is left ends the call now rather than hold the flow's caller.
 */
export function retryDecision(options: {
  method: string;
  retryUnsafe: boolean;
  outcome: AttemptOutcome;
  /** Retries done so far (0 after the first attempt). */
  retried: number;
  /** Time waited between attempts so far. */
  waitedMs: number;
  settings: RetrySettings;
  now: number;
}): { retry: true; waitMs: number } | { retry: false } {
  const { method, retryUnsafe, outcome, retried, waitedMs, settings, now } = options;
  if (!retryUnsafe && !IDEMPOTENT.has(method.toUpperCase())) return { retry: false };
  if (outcome.kind === 'status' && !RETRIED_STATUSES.has(outcome.status)) return { retry: false };
  if (retried >= settings.retries) return { retry: false };
  const asked = outcome.kind === 'status' ? retryAfterMs(outcome.retryAfter, now) : undefined;
  const waitMs = asked ?? settings.backoffMs * 2 ** retried;
  if (waitedMs + waitMs > settings.retryWaitMs) return { retry: false };
  return { retry: true, waitMs };
}
