/** The token is refreshed this long before it expires (spec part 1 §4 'Token refresh', §9). */
export const REFRESH_LEAD_MS = 2000;

/**
 * Whether the token whose expiry is `expSeconds` (the exp claim, in seconds) should be refreshed at
 * `nowMs`: from 2 seconds before expiry on, and at once when it already expired.
 */
export function refreshDue(expSeconds: number, nowMs: number): boolean {
  return nowMs >= expSeconds * 1000 - REFRESH_LEAD_MS;
}
