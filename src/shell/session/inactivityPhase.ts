/** Inactivity limits of spec part 1 §4 'Inactivity' and §9. */
export const INACTIVITY_SECONDS = 1200;
export const WARNING_SECONDS = 60;

export type InactivityPhase =
  | { kind: 'active' }
  | { kind: 'warning'; secondsLeft: number }
  | { kind: 'expired' };

/**
 * Where a session stands after the last activity at `lastActivityMs`: active, in the final 60 seconds
 * with the whole seconds left (rounded up, so the countdown reads 60 … 1), or expired at 1200 seconds.
 */
export function inactivityPhase(lastActivityMs: number, nowMs: number): InactivityPhase {
  const left = INACTIVITY_SECONDS * 1000 - Math.max(0, nowMs - lastActivityMs);
  if (left <= 0) return { kind: 'expired' };
  if (left <= WARNING_SECONDS * 1000) return { kind: 'warning', secondsLeft: Math.ceil(left / 1000) };
  return { kind: 'active' };
}
