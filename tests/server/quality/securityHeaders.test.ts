import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken, type TokenClaims } from '../../../server/auth/tokens';
import { apiContentSecurityPolicy, contentSecurityPolicy } from '../../../server/http/securityHeaders';
import { demoFlowCustomers } from '../../../server/seed/demo/050_flows';
import { call, signIn } from '../../support/api';
import { cspProblems } from '../../support/csp';
import { demoToken } from '../../support/restCall';
import { startTestServer, type TestServer, testAdmin } from '../../support/testServer';

/**
 * Security headers and token handling (issue 9): every kind of answer — API success and error, parser
 * and router errors, the rate limiter, static files, the console's shell and the demo module pages —
 * carries a strict policy; API answers are never cached; tokens travel only in the Authorization header.
 */
describe('security headers and token handling (issue 9)', () => {
  let server: TestServer;
  let token: string;
  let staticDir: string;

  beforeAll(async () => {
    // A stand-in for the built console: headers come from the server, whatever the files hold.
    staticDir = mkdtempSync(path.join(tmpdir(), 'console-static-'));
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(
      path.join(staticDir, 'index.html'),
      '<!doctype html><script type="module" src="/assets/a.js"></script>',
    );
    writeFileSync(path.join(staticDir, 'assets', 'a.js'), 'console.log(1);');
    server = await startTestServer(undefined, { staticDir, accountRateLimit: 5 });
    token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  /** One request of each kind of answer the server gives, with whether it is an API answer. */
  const answers: Array<{ name: string; api: boolean; send: () => ReturnType<typeof get>; status: number }> = [
    {
      name: 'API success',
      api: true,
      send: () => get('/api/UIServices/ClientAdmin/GetClientModules', { authorization: `Bearer ${token}` }),
      status: 200,
    },
    { name: 'API 401', api: true, send: () => get('/api/UIServices/UserManagement/GetUsers'), status: 401 },
    {
      name: 'API 400 (validation)',
      api: true,
      send: () => get('/api/UIServices/UserManagement/GetUser/x', { authorization: `Bearer ${token}` }),
      status: 400,
    },
    { name: 'API 404 (no such call)', api: true, send: () => get('/api/UIServices/Nope'), status: 404 },
    {
      name: 'API 400 (URL the router cannot decode)',
      api: true,
      send: () => get('/api/UIServices/UserManagement/GetUser/%E0%A4%A'),
      status: 400,
    },
    {
      name: 'REST API success (a flow)',
      api: true,
      send: async () =>
        get(`/rest/orders_api/customers/credit?customerId=${demoFlowCustomers.inRange.Id}`, {
          authorization: `Bearer ${await demoToken(server)}`,
        }),
      status: 200,
    },
    { name: 'REST API 401 (no token)', api: true, send: () => get('/rest/orders_api/nope'), status: 401 },
    {
      name: 'REST API 400 (a body that is no JSON, refused before the flow)',
      api: true,
      send: () =>
        server.app.inject({
          method: 'POST',
          url: '/rest/orders_api/nope',
          headers: { 'content-type': 'application/json' },
          payload: '{"Name": ',
        }),
      status: 400,
    },
    // Prometheus' text, from this machine (no METRICS_TOKEN): not an API answer, never cached all the same.
    { name: 'metrics', api: true, send: () => get('/metrics'), status: 200 },
    { name: 'static asset', api: false, send: () => get('/assets/a.js'), status: 200 },
    { name: 'console shell', api: false, send: () => get('/login'), status: 200 },
    { name: 'demo module page', api: false, send: () => get('/apps/dashboard?token=abc'), status: 200 },
  ];

  // One wildcard route serves the built files (issue 20 point 4); what is not a file gets the shell.
  it.each([
    ['/', 200, 'text/html'],
    ['/assets', 200, 'text/html'],
    ['/assets/', 200, 'text/html'],
    ['/connectionbuilder', 200, 'text/html'],
    ['/assets/a.js', 200, 'javascript'],
    ['/assets/missing.js', 200, 'text/html'],
    ['/assets/../index.html', 200, 'text/html'],
  ])('GET %s answers %i with %s', async (url, status, type) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(status);
    expect(String(answer.headers['content-type'])).toContain(type);
  });

  for (const answer of answers) {
    it(`${answer.name}: strict policy, no referrer, no sniffing${answer.api ? ', never cached' : ''}`, async () => {
      const response = await answer.send();
      expect(response.statusCode).toBe(answer.status);
      expect(cspProblems(response.headers['content-security-policy'] as string)).toEqual([]);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // Data is never a page: it may load nothing and be framed by nobody; pages may frame their own.
      expect(response.headers['x-frame-options']).toBe(answer.api ? 'DENY' : 'SAMEORIGIN');
      expect(response.headers['content-security-policy']).toBe(
        answer.api ? apiContentSecurityPolicy : contentSecurityPolicy,
      );
      if (answer.api) {
        expect(response.headers['cache-control']).toBe('no-store');
        if (response.statusCode >= 400) expect(JSON.parse(response.body).Message).toBeTruthy();
      }
    });
  }

  it('the demo module page, opened with a session token in its URL, is never cached', async () => {
    expect((await get('/apps/dashboard?token=abc')).headers['cache-control']).toBe('no-store');
  });

  it('the rate limiter answers 429 with a message, the policy and no-store', async () => {
    let response = await server.app.inject({
      method: 'POST',
      url: '/api/UIServices/Users/CheckSecretKey',
      payload: { Key: 'k' },
      remoteAddress: '10.9.9.9',
    });
    for (let attempt = 0; attempt < 10 && response.statusCode !== 429; attempt++) {
      response = await server.app.inject({
        method: 'POST',
        url: '/api/UIServices/Users/CheckSecretKey',
        payload: { Key: 'k' },
        remoteAddress: '10.9.9.9',
      });
    }
    expect(response.statusCode).toBe(429);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(cspProblems(response.headers['content-security-policy'] as string)).toEqual([]);
    expect(JSON.parse(response.body).Message).toBeTruthy();
  });

  it('answers that carry tokens are never cached', async () => {
    const first = await call(server, 'POST', 'Users/Authenticate', {
      body: { Email: testAdmin.email, Password: testAdmin.password },
      ip: '10.0.0.2',
    });
    expect(first.status).toBe(200);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/UIServices/Users/Authenticate',
      payload: { Email: testAdmin.email, Password: testAdmin.password },
      remoteAddress: '10.0.0.3',
    });
    expect(JSON.parse(response.body).Token).toBeTruthy();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('takes a token only from the Authorization header, never from the URL or a cookie', async () => {
    const url = '/api/UIServices/ClientAdmin/GetClientModules';
    expect((await get(`${url}?access_token=${token}`)).statusCode).toBe(401);
    expect((await get(`${url}?token=${token}`)).statusCode).toBe(401);
    expect((await get(url, { cookie: `token=${token}` })).statusCode).toBe(401);
    expect((await get(url, { authorization: `Basic ${token}` })).statusCode).toBe(401);
    expect((await get(url, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });

  it('refuses unsigned, re-signed, tampered and foreign tokens', async () => {
    const url = '/api/UIServices/ClientAdmin/GetClientModules';
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as TokenClaims;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const promoted = `${header}.${encode({ ...claims, admin: true, entitlements: { UserManagement: ['Read'] } })}.${signature}`;
    const foreignKeys = { ...server.services.keys, signing: new Uint8Array(32).fill(7) };
    const { exp: _exp, iat: _iat, ...rest } = claims;
    const foreign = await signToken(foreignKeys, rest, 900, server.clock.now());
    for (const bad of [unsigned, promoted, foreign, `${token}x`, 'a.b.c']) {
      const response = await get(url, { authorization: `Bearer ${bad}` });
      expect(response.statusCode, bad.slice(0, 40)).toBe(401);
    }
  });
});

describe('the policy checker catches a weak policy (control)', () => {
  it.each([
    [
      "default-src 'self'; script-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'self'",
      "script-src allows 'unsafe-inline'",
    ],
    [
      "default-src 'self'; script-src 'self' 'unsafe-eval'; object-src 'none'; base-uri 'none'; frame-ancestors 'self'",
      "script-src allows 'unsafe-eval'",
    ],
    [
      "default-src 'self'; script-src *; object-src 'none'; base-uri 'none'; frame-ancestors 'self'",
      'script-src allows any source of kind *',
    ],
    [
      "default-src 'self'; script-src 'self'; base-uri 'none'; frame-ancestors 'self'",
      "object-src should be 'none', is missing",
    ],
    [
      "default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'self'",
      "base-uri should be 'none', is missing",
    ],
    ["default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'", 'frame-ancestors missing'],
    ["default-src *; object-src 'none'; base-uri 'none'; frame-ancestors *", 'frame-ancestors allows *'],
  ])('%s → %s', (policy, problem) => {
    expect(cspProblems(policy)).toContain(problem);
  });
  it('no header at all is a problem', () => {
    expect(cspProblems(undefined)).toEqual(['no content-security-policy header']);
  });
});
