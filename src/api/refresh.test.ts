import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshTokens } from './refresh';
import { readTokens, writeTokens } from './tokenStore';

const answer = (status: number, body?: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));

describe('refreshTokens across tabs (spec part 1 §4 "Token refresh")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the tokens another tab refreshed while this one waited for the lock, without a request', async () => {
    writeTokens('old-token', 'old-refresh');
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, work: () => Promise<boolean>) => {
          // The other tab held the lock and spent the refresh token meanwhile.
          writeTokens('their-token', 'their-refresh');
          return work();
        },
      },
    });
    const fetcher = answer(200, { Token: 'x', RefreshToken: 'y' });
    expect(await refreshTokens(fetcher)).toBe(true);
    expect(fetcher).not.toHaveBeenCalled();
    expect(readTokens()).toEqual({ token: 'their-token', refreshToken: 'their-refresh' });
  });

  it('refreshes under the lock when nobody else did', async () => {
    writeTokens('old-token', 'old-refresh');
    const request = vi.fn(async (_name: string, work: () => Promise<boolean>) => work());
    vi.stubGlobal('navigator', { locks: { request } });
    const fetcher = answer(200, { Token: 'new-token', RefreshToken: 'new-refresh' });
    expect(await refreshTokens(fetcher)).toBe(true);
    expect(request).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(readTokens()).toEqual({ token: 'new-token', refreshToken: 'new-refresh' });
  });

  it('clears the tokens when the server refuses (spec part 1 §4: failed refresh logs out)', async () => {
    writeTokens('old-token', 'old-refresh');
    expect(await refreshTokens(answer(401, { Message: 'spent' }))).toBe(false);
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
  });

  it('keeps a session that ended while the refresh was on its way ended (spec part 1 §4 "Logout")', async () => {
    writeTokens('old-token', 'old-refresh');
    const fetcher = vi.fn(async () => {
      // The inactivity logout clears the tokens before the answer arrives.
      localStorage.clear();
      return new Response(JSON.stringify({ Token: 'new-token', RefreshToken: 'new-refresh' }), {
        status: 200,
      });
    });
    expect(await refreshTokens(fetcher)).toBe(false);
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
  });

  it('answers false without a refresh token, and sends nothing', async () => {
    const fetcher = answer(200, {});
    expect(await refreshTokens(fetcher)).toBe(false);
    expect(fetcher).not.toHaveBeenCalled();
  });
});
