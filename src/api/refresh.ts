import { clearTokens, readTokens, writeTokens } from './tokenStore';

export const API_BASE = '/api';
/** Absolute when a page is loaded, since Request objects need absolute URLs outside the browser. */
export const apiUrl = () =>
  globalThis.location?.origin ? `${globalThis.location.origin}${API_BASE}` : API_BASE;
export const REFRESH_PATH = '/UIServices/Users/RefreshToken';

let inFlight: Promise<boolean> | null = null;

/**
 * Swaps the refresh token for new tokens, once at a time: concurrent callers share one request, since
 * each refresh token works only once. A failed refresh clears the tokens, which logs out (spec part 1
 * §4 'Token refresh').
 */
export function refreshTokens(fetcher: typeof fetch = globalThis.fetch): Promise<boolean> {
  inFlight ??= (async () => {
    const { refreshToken } = readTokens();
    if (!refreshToken) return false;
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
      const tokens = (await response.json()) as { Token: string; RefreshToken: string };
      writeTokens(tokens.Token, tokens.RefreshToken);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
