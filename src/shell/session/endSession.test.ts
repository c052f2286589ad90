import { afterEach, describe, expect, it, vi } from 'vitest';
import { readTokens, subscribeTokens, writeTokens } from '../../api/tokenStore';
import { endSession } from './endSession';

const encode = (part: object) => btoa(JSON.stringify(part)).replace(/=+$/, '');
const levelTwo = () =>
  `${encode({ alg: 'HS256' })}.${encode({ acr: '2', sub: 'anna@example.com', exp: 4_000_000_000 })}.sig`;

type Sent = { path: string; authorization: string | null; body: string };

/**
 * A fetch that records what was sent and answers with `answer(path)`: a reply, a failure, or a promise
 * that never settles (the server has not answered yet).
 */
function fakeFetch(answer: (path: string) => Promise<Response>) {
  const sent: Sent[] = [];
  const fetcher = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url, 'http://localhost').pathname.replace('/api/UIServices/', '');
    sent.push({
      path,
      authorization: request.headers.get('authorization'),
      body: await request.clone().text(),
    });
    return answer(path);
  });
  vi.stubGlobal('fetch', fetcher);
  return sent;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('endSession (issue 29 point 5: logging out ends the session on the server too)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    endSession.takeReason();
  });

  it('sends Users/Logout with the refresh token read before the tokens are cleared', async () => {
    writeTokens(levelTwo(), 'the-refresh-token');
    const sent = fakeFetch(async () => json(200, true));
    endSession('user');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('Users/Logout');
    expect(JSON.parse(sent[0]!.body)).toEqual({ RefreshToken: 'the-refresh-token' });
    expect(endSession.takeReason()).toBe('user');
  });

  it('clears the tokens at once, without waiting for the answer', () => {
    writeTokens(levelTwo(), 'the-refresh-token');
    const seen: Array<string | null> = [];
    const stop = subscribeTokens((tokens) => seen.push(tokens.token));
    fakeFetch(() => new Promise<Response>(() => undefined));
    endSession('inactivity');
    stop();
    // Cleared before endSession returned, with the call still unanswered.
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
    expect(seen).toEqual([null]);
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a server error', async () => json(500, { Message: 'down' })],
  ])('ignores %s of the Logout call', async (_, answer) => {
    writeTokens(levelTwo(), 'the-refresh-token');
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const sent = fakeFetch(answer);
    expect(() => endSession('user')).not.toThrow();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', onRejection);
    expect(rejections).toEqual([]);
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
  });

  it('calls nothing when no session is stored (tokens already cleared by a failed refresh)', async () => {
    const sent = fakeFetch(async () => json(200, true));
    endSession('expired');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
  });
});

describe("endSession.ifEndedByServer (issue 29 point 2: a confirmed e-mail change ends the account's sessions)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    endSession.takeReason();
  });

  it('a refused refresh ends the session with the reason given', async () => {
    writeTokens(levelTwo(), 'revoked-refresh');
    const reasons: string[] = [];
    const stop = subscribeTokens((tokens) => {
      if (!tokens.token) reasons.push(endSession.takeReason());
    });
    const sent = fakeFetch(async () => json(401, { Message: 'revoked' }));
    expect(await endSession.ifEndedByServer('emailConfirmed')).toBe(true);
    stop();
    expect(sent.map((entry) => entry.path)).toEqual(['Users/RefreshToken']);
    expect(readTokens()).toEqual({ token: null, refreshToken: null });
    expect(reasons).toEqual(['emailConfirmed']);
  });

  it('an accepted refresh keeps the session (another account is signed in) and leaves no reason behind', async () => {
    writeTokens(levelTwo(), 'live-refresh');
    const fresh = levelTwo();
    fakeFetch(async () => json(200, { Token: fresh, RefreshToken: 'rotated' }));
    expect(await endSession.ifEndedByServer('emailConfirmed')).toBe(false);
    expect(readTokens()).toEqual({ token: fresh, refreshToken: 'rotated' });
    expect(endSession.takeReason()).toBe('expired');
  });

  it('signed out, it calls nothing', async () => {
    const sent = fakeFetch(async () => json(200, true));
    expect(await endSession.ifEndedByServer('emailConfirmed')).toBe(false);
    expect(sent).toEqual([]);
  });
});
