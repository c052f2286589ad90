import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../support/api';
import { limitedUser } from '../../support/limitedUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

const MODULES = 'ClientAdmin/GetClientModules';

describe.each(databaseTargets)('sessions end when they should (issue 29 point 5) on $name', (target) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(target, { refreshTokenSeconds: 20, sessionMaxSeconds: 60 });
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(() => server?.close());

  it('logout ends the session: its access and refresh tokens answer 401 from the next call', async () => {
    const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    expect((await call(server, 'GET', MODULES, { token: tokens.Token })).status).toBe(200);
    const logout = await call(server, 'POST', 'Users/Logout', {
      body: { RefreshToken: tokens.RefreshToken },
    });
    expect([logout.status, logout.body]).toEqual([200, true]);
    expect((await call(server, 'GET', MODULES, { token: tokens.Token })).status).toBe(401);
    const refresh = await call(server, 'POST', 'Users/RefreshToken', {
      body: { RefreshToken: tokens.RefreshToken },
    });
    expect(refresh.status).toBe(401);
    // A token that names no session: the same answer, nothing ended.
    const unknown = await call(server, 'POST', 'Users/Logout', { body: { RefreshToken: 'no-such-token' } });
    expect([unknown.status, unknown.body]).toEqual([200, true]);
    expect((await call(server, 'GET', MODULES, { token: admin })).status).toBe(200);
  });

  it('a session ends SESSION_MAX_SECONDS after its sign-in, however often it is refreshed', async () => {
    let tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    // Refreshed every 15 s, inside the refresh token's 20 s: alive until 60 s after the sign-in.
    const refreshes: number[] = [];
    for (let i = 0; i < 6; i++) {
      server.clock.advance(15);
      const refreshed = await call(server, 'POST', 'Users/RefreshToken', {
        body: { RefreshToken: tokens.RefreshToken },
      });
      refreshes.push(refreshed.status);
      if (refreshed.status !== 200) break;
      tokens = refreshed.body as unknown as typeof tokens;
    }
    // 15, 30, 45 s: refreshed; 60 s: the session's end.
    expect(refreshes).toEqual([200, 200, 200, 401]);
  });

  it('a permission removed from a role, a role taken away, a user deactivated: judged by the new state on the next call', async () => {
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    const user = await limitedUser(server, admin, {
      ConnectionBuilder: { Read: true },
      ScriptBuilder: { Upsert: true },
    });
    const token = user.tokens.Token;
    expect((await call(server, 'GET', 'Connection/GetConnections', { token })).status).toBe(200);
    const [{ role }] = (await server.db.query<{ role: number }>(
      'select role_guid as role from user_roles where user_guid = $1',
      [user.guid],
    )) as [{ role: number }];
    const stored = (await call(server, 'GET', `UserManagement/GetRole/${role}`, { token: admin })).body;
    const narrowed = await call(server, 'POST', 'UserManagement/PostRole', {
      token: admin,
      body: { ...stored, Permissions: { ScriptBuilder: { Upsert: true } } },
    });
    expect(narrowed.status).toBe(200);
    // The token issued before the change no longer speaks for the user; its refresh signs the new rights.
    expect((await call(server, 'GET', 'Connection/GetConnections', { token })).status).toBe(401);
    const refreshed = await call(server, 'POST', 'Users/RefreshToken', {
      body: { RefreshToken: user.tokens.RefreshToken },
    });
    const fresh = String(refreshed.body.Token);
    expect((await call(server, 'GET', 'Connection/GetConnections', { token: fresh })).status).toBe(403);
    expect((await call(server, 'GET', 'Script/GetScripts', { token: fresh })).status).toBe(200);

    // The role taken from the user.
    const account = (await call(server, 'GET', `UserManagement/GetUser/${user.guid}`, { token: admin })).body;
    await call(server, 'POST', 'UserManagement/PostUser', { token: admin, body: { ...account, Roles: [] } });
    expect((await call(server, 'GET', 'Script/GetScripts', { token: fresh })).status).toBe(401);

    // Deactivated: every token of the user, and its refresh, answer 401.
    const again = await signIn(server, user.email, user.password, user.secret);
    const current = (await call(server, 'GET', `UserManagement/GetUser/${user.guid}`, { token: admin })).body;
    await call(server, 'POST', 'UserManagement/PostUser', {
      token: admin,
      body: { ...current, IsActive: false },
    });
    expect((await call(server, 'GET', MODULES, { token: again.Token })).status).toBe(401);
    expect(
      (await call(server, 'POST', 'Users/RefreshToken', { body: { RefreshToken: again.RefreshToken } }))
        .status,
    ).toBe(401);
  });

  it('a change made behind the server’s caches by another path is seen once the cache is told (the admin flag)', async () => {
    const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    expect((await call(server, 'GET', 'UserManagement/GetUsers', { token: tokens.Token })).status).toBe(200);
    // The admin flag has no call of its own; a statement through the server's database stands for it.
    await server.db.query('update users set is_admin = false where lower(email) = lower($1)', [
      testAdmin.email,
    ]);
    expect((await call(server, 'GET', 'UserManagement/GetUsers', { token: tokens.Token })).status).toBe(401);
    await server.db.query('update users set is_admin = true where lower(email) = lower($1)', [
      testAdmin.email,
    ]);
  });
});

describe.each(databaseTargets)('brute force at one moment (issue 29 point 4) on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, {
      throttle: { slowAfter: 1000, blockAfter: 10, blockSeconds: 900 },
    });
  });
  afterAll(() => server?.close());

  it('30 wrong passwords sent at once: at most 10 are checked, the rest and then the right one answer 429', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(server, 'POST', 'Users/Authenticate', {
          body: { Email: testAdmin.email, Password: 'Wrong!1111' },
        }),
      ),
    );
    const checked = attempts.filter((answer) => answer.status === 400).length;
    const refused = attempts.filter((answer) => answer.status === 429).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + refused).toBe(30);
    const right = await call(server, 'POST', 'Users/Authenticate', {
      body: { Email: testAdmin.email, Password: testAdmin.password },
    });
    expect(right.status).toBe(429);
    expect(String(right.body.Message)).toMatch(/wait \d+ seconds/);
  });
});

describe.each(databaseTargets)('reset links (issue 29 point 6) on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, { publicUrl: 'https://console.example.org' });
  });
  afterAll(() => server?.close());

  const links = async () =>
    (
      await server.db.query<{ link: string }>(
        'select link from outbox where recipient = $1 and link is not null order by id',
        [testAdmin.email],
      )
    ).map((row) => row.link);

  it('a forged Host header does not reach the link: it is built from PUBLIC_URL', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/UIServices/Users/RequestNewPassword',
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ Email: testAdmin.email }),
    });
    expect(answer.statusCode).toBe(200);
    const [link] = (await links()).slice(-1);
    expect(link).toMatch(/^https:\/\/console\.example\.org\/reset-password\?key=/);
  });

  it('a newer key ends the older ones; a used key ends every open one', async () => {
    const keyOf = (link: string) => new URL(link).searchParams.get('key')!;
    const valid = async (key: string) =>
      (await call(server, 'POST', 'Users/CheckSecretKey', { body: { Key: key } })).body.Valid;
    await call(server, 'POST', 'Users/RequestNewPassword', { body: { Email: testAdmin.email } });
    const older = keyOf((await links()).slice(-1)[0]!);
    await call(server, 'POST', 'Users/RequestNewPassword', { body: { Email: testAdmin.email } });
    const newer = keyOf((await links()).slice(-1)[0]!);
    expect([await valid(older), await valid(newer)]).toEqual([false, true]);
    server.clock.advance(30);
    const reset = await call(server, 'POST', 'Users/ResetPassword', {
      body: { Password: testAdmin.password, Key: newer, TwoFA: await server.code(testAdmin.totpSecret) },
    });
    expect(reset.status).toBe(200);
    expect(await valid(newer)).toBe(false);
  });
});
