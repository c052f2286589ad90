import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, unwrap } from './client';
import { readTokens, writeTokens } from './tokenStore';

type Reply = { status: number; body?: unknown };

/** A fetch that answers from a script per path and records what was sent. */
function scriptedFetch(script: Record<string, Reply[]>) {
  const sent: Array<{ path: string; authorization: string | null; body: string }> = [];
  const fetcher = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url, 'http://localhost').pathname.replace('/api/UIServices/', '');
    sent.push({
      path,
      authorization: request.headers.get('authorization'),
      body: await request.clone().text(),
    });
    const reply = script[path]?.shift() ?? { status: 500 };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetcher, sent };
}

describe('the API client (spec part 1 §4 "Token refresh")', () => {
  beforeEach(() => writeTokens('old-token', 'old-refresh'));
  afterEach(() => vi.unstubAllGlobals());

  it('adds the bearer token from local storage', async () => {
    const { fetcher, sent } = scriptedFetch({ 'ClientAdmin/GetClientModules': [{ status: 200, body: [] }] });
    vi.stubGlobal('fetch', fetcher);
    await unwrap(api.GET('/UIServices/ClientAdmin/GetClientModules', { fetch: fetcher }));
    expect(sent[0]!.authorization).toBe('Bearer old-token');
  });

  it('on 401 refreshes once, retries once with the new token, and keeps the new tokens', async () => {
    const { fetcher, sent } = scriptedFetch({
      'UserManagement/PostRole': [{ status: 401 }, { status: 200, body: { Guid: 1, Revision: 1 } }],
      'Users/RefreshToken': [{ status: 200, body: { Token: 'new-token', RefreshToken: 'new-refresh' } }],
    });
    vi.stubGlobal('fetch', fetcher);
    const saved = await unwrap(
      api.POST('/UIServices/UserManagement/PostRole', {
        body: { Guid: 0, Name: 'R', Permissions: {} },
        fetch: fetcher,
      }),
    );
    expect(saved).toEqual({ Guid: 1, Revision: 1 });
    expect(sent.map((entry) => entry.path)).toEqual([
      'UserManagement/PostRole',
      'Users/RefreshToken',
      'UserManagement/PostRole',
    ]);
    expect(sent[1]!.body).toBe(JSON.stringify({ RefreshToken: 'old-refresh' }));
    expect(sent[2]!.authorization).toBe('Bearer new-token');
    expect(sent[2]!.body).toBe(sent[0]!.body);
    expect(readTokens()).toEqual({ token: 'new-token', refreshToken: 'new-refresh' });
  });

  it('clears the tokens when the retry still answers 403', async () => {
    const { fetcher } = scriptedFetch({
      'UserManagement/GetUsers': [{ status: 401 }, { status: 403 }],
      'Users/RefreshToken': [{ status: 200, body: { Token: 'new-token', RefreshToken: 'new-refresh' } }],
    });
    vi.stubGlobal('fetch', fetcher);
    await expect(unwrap(api.GET('/UIServices/UserManagement/GetUsers', { fetch: fetcher }))).rejects.toThrow(
      'Please login to perform this action',
    );
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
  });

  it('clears the tokens when the refresh fails, and shares one refresh between concurrent calls', async () => {
    const { fetcher, sent } = scriptedFetch({
      'UserManagement/GetUsers': [{ status: 401 }],
      'UserManagement/GetRoles': [{ status: 401 }],
      'Users/RefreshToken': [{ status: 401, body: { Message: 'spent' } }],
    });
    vi.stubGlobal('fetch', fetcher);
    const results = await Promise.allSettled([
      unwrap(api.GET('/UIServices/UserManagement/GetUsers', { fetch: fetcher })),
      unwrap(api.GET('/UIServices/UserManagement/GetRoles', { fetch: fetcher })),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(sent.filter((entry) => entry.path === 'Users/RefreshToken')).toHaveLength(1);
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
  });

  it('does not refresh without a refresh token, and turns errors into the catalogue text', async () => {
    localStorage.clear();
    const { fetcher, sent } = scriptedFetch({ 'UserManagement/GetUsers': [{ status: 404 }] });
    vi.stubGlobal('fetch', fetcher);
    await expect(unwrap(api.GET('/UIServices/UserManagement/GetUsers', { fetch: fetcher }))).rejects.toThrow(
      'Action not found on server',
    );
    expect(sent).toHaveLength(1);
  });
});
