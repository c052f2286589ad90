import type { components } from '../../generated/uiservices';
import { clearTokens, readTokens, writeTokens } from './tokenStore';

export const API_BASE = '/api';
/** Absolute when a page is loaded, since Request objects need absolute URLs outside the browser. */
export const apiUrl = () =>
  globalThis.location?.origin ? `${globalThis.location.origin}${API_BASE}` : API_BASE;
export const REFRESH_PATH = '/UIServices/Users/RefreshToken';

let inFlight: Promise<boolean> | null = null;

/**
 * Runs `work` while holding the browser's cross-tab lock where there is one. Tabs share the tokens in
 * local storage and refresh on the same schedule; a refresh token works once and reusing a spent one
 * revokes the session, so two tabs must not both spend it.
 */
async function acrossTabs(work: () => Promise<boolean>): Promise<boolean> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return work();
  return await locks.request('uiservices-token-refresh', work);
}

/**
 * Swaps the refresh token for new tokens, once at a time: concurrent callers share one request, and a
 * tab that waited for another tab's refresh takes its result. A refused refresh clears the tokens, which
 * logs out (spec part 1 §4 'Token refresh').
 */
export function refreshTokens(fetcher: typeof fetch = globalThis.fetch): Promise<boolean> {
  inFlight ??= (async () => {
    const before = readTokens().refreshToken;
    if (!before) return false;
    return acrossTabs(async () => {
      const { refreshToken } = readTokens();
      if (!refreshToken) return false;
      // Another tab refreshed while this one waited for the lock.
      if (refreshToken !== before) return true;
      try {
        const response = await fetcher(`${apiUrl()}${REFRESH_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ RefreshToken: refreshToken }),
        });
        if (!response.ok) {
          // Another tab may have rotated the token meanwhile; only clear what is still ours.
          if (readTokens().refreshToken === refreshToken) clearTokens();
          return false;
        }
        const tokens = (await response.json()) as components['schemas']['Tokens'];
        // The session ended (log-out, inactivity) while the answer was on its way: storing the new
        // tokens would sign the user in again after the logout (spec part 1 §4 'Logout').
        if (readTokens().refreshToken !== refreshToken) return false;
        writeTokens(tokens.Token, tokens.RefreshToken);
        return true;
      } catch {
        return false;
      }
    });
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
