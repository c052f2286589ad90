import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const admin = testAdmin;

describe.each(databaseTargets)('account calls on $name (spec part 1 §4, §7 Account)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, { throttle: { slowAfter: 100, blockAfter: 100 } });
  });
  afterAll(() => server?.close());

  const authenticate = (password = admin.password, email = admin.email) =>
    call(server, 'POST', 'Users/Authenticate', { body: { Email: email, Password: password } });

  it('gives a level-1 token for the right password, and the 2FA step gives level-2 tokens', async () => {
    const first = await authenticate();
    expect(first.status).toBe(200);
    expect(first.body.TwoFactorEnabled).toBe(true);
    const claims1 = JSON.parse(Buffer.from(String(first.body.Token).split('.')[1]!, 'base64url').toString());
    expect(claims1).toMatchObject({ acr: '1', sub: admin.email, admin: false });
    server.clock.advance(30);
    const second = await call(server, 'POST', 'Users/Authenticate2FA', {
      token: first.body.Token as string,
      body: { TwoFA: await server.code(admin.totpSecret) },
    });
    expect(second.status).toBe(200);
    const claims2 = JSON.parse(Buffer.from(String(second.body.Token).split('.')[1]!, 'base64url').toString());
    expect(claims2).toMatchObject({ acr: '2', sub: admin.email, admin: true, env: 'demo' });
    expect(claims2.amr).toContain('mfa');
    expect(typeof claims2.exp).toBe('number');
    expect(claims2.entitlements).toEqual({});
    expect(String(second.body.Token).split('.')[0]).toBe(
      Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url'),
    );
  });

  it('refuses a wrong password with the catalogue text', async () => {
    const answer = await authenticate('Wrong!2345');
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe('The email address and password do not match');
    const unknown = await authenticate('Admin!2345', 'nobody@example.com');
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toBe('The email address and password do not match');
  });

  it('refuses a wrong code, and a code already used in its window', async () => {
    server.clock.advance(30);
    const first = await authenticate();
    const wrong = await call(server, 'POST', 'Users/Authenticate2FA', {
      token: first.body.Token as string,
      body: { TwoFA: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toBe('The two factor authentication code is incorrect');
    const code = await server.code(admin.totpSecret);
    const ok = await call(server, 'POST', 'Users/Authenticate2FA', {
      token: first.body.Token as string,
      body: { TwoFA: code },
    });
    expect(ok.status).toBe(200);
    const again = await authenticate();
    const replay = await call(server, 'POST', 'Users/Authenticate2FA', {
      token: again.body.Token as string,
      body: { TwoFA: code },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.Message).toBe('The two factor authentication code is incorrect');
  });

  it('refuses a level-1 token on a level-2 call with 401, and a level-2 token on the 2FA step', async () => {
    const first = await authenticate();
    const modules = await call(server, 'GET', 'ClientAdmin/GetClientModules', {
      token: first.body.Token as string,
    });
    expect(modules.status).toBe(401);
    expect(modules.body.Message).toBe('Please login to perform this action');
    const tokens = await signIn(server, admin.email, admin.password, admin.totpSecret);
    const twice = await call(server, 'POST', 'Users/Authenticate2FA', {
      token: tokens.Token,
      body: { TwoFA: '123456' },
    });
    expect(twice.status).toBe(401);
  });

  it('answers 401 for a missing, forged or expired token', async () => {
    expect((await call(server, 'GET', 'ClientAdmin/GetClientModules')).status).toBe(401);
    const tokens = await signIn(server, admin.email, admin.password, admin.totpSecret);
    const [header, payload] = tokens.Token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), admin: true, sub: 'x' }),
    ).toString('base64url');
    expect(
      (
        await call(server, 'GET', 'ClientAdmin/GetClientModules', {
          token: `${header}.${forgedPayload}.${tokens.Token.split('.')[2]}`,
        })
      ).status,
    ).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect((await call(server, 'GET', 'ClientAdmin/GetClientModules', { token: none })).status).toBe(401);
    expect((await call(server, 'GET', 'ClientAdmin/GetClientModules', { token: tokens.Token })).status).toBe(
      200,
    );
    server.clock.advance(server.config.accessTokenSeconds + 1);
    const expired = await call(server, 'GET', 'ClientAdmin/GetClientModules', { token: tokens.Token });
    expect(expired.status).toBe(401);
  });

  it('rotates refresh tokens, and reuse of a spent one revokes the session', async () => {
    const tokens = await signIn(server, admin.email, admin.password, admin.totpSecret);
    const rotated = await call(server, 'POST', 'Users/RefreshToken', {
      body: { RefreshToken: tokens.RefreshToken },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.RefreshToken).not.toBe(tokens.RefreshToken);
    const claims = JSON.parse(Buffer.from(String(rotated.body.Token).split('.')[1]!, 'base64url').toString());
    expect(claims.acr).toBe('2');
    // The spent token again: refused, and the whole session with it.
    const reuse = await call(server, 'POST', 'Users/RefreshToken', {
      body: { RefreshToken: tokens.RefreshToken },
    });
    expect(reuse.status).toBe(401);
    const afterTheft = await call(server, 'POST', 'Users/RefreshToken', {
      body: { RefreshToken: rotated.body.RefreshToken },
    });
    expect(afterTheft.status).toBe(401);
    const access = await call(server, 'GET', 'ClientAdmin/GetClientModules', {
      token: rotated.body.Token as string,
    });
    expect(access.status).toBe(401);
    expect(
      (await call(server, 'POST', 'Users/RefreshToken', { body: { RefreshToken: 'not-a-token' } })).status,
    ).toBe(401);
  });

  it('changes the password: answers new tokens, the old password stops working', async () => {
    const tokens = await signIn(server, admin.email, admin.password, admin.totpSecret);
    const wrong = await call(server, 'POST', 'Users/ChangePassword', {
      token: tokens.Token,
      body: { CurrentPassword: 'Nope!2345', NewPassword: 'Changed!2345' },
    });
    expect(wrong.status).toBe(400);
    const weak = await call(server, 'POST', 'Users/ChangePassword', {
      token: tokens.Token,
      body: { CurrentPassword: admin.password, NewPassword: 'weak' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.Message).toBe('Your password does not match the requirements');
    const changed = await call(server, 'POST', 'Users/ChangePassword', {
      token: tokens.Token,
      body: { CurrentPassword: admin.password, NewPassword: 'Changed!2345' },
    });
    expect(changed.status).toBe(200);
    expect(typeof changed.body.Token).toBe('string');
    expect(
      (await call(server, 'GET', 'ClientAdmin/GetClientModules', { token: changed.body.Token as string }))
        .status,
    ).toBe(200);
    expect((await call(server, 'GET', 'ClientAdmin/GetClientModules', { token: tokens.Token })).status).toBe(
      401,
    );
    expect((await authenticate()).status).toBe(400);
    expect((await authenticate('Changed!2345')).status).toBe(200);
    const back = await call(server, 'POST', 'Users/ChangePassword', {
      token: changed.body.Token as string,
      body: { CurrentPassword: 'Changed!2345', NewPassword: admin.password },
    });
    expect(back.status).toBe(200);
  });

  it('answers 404 in the catalogue words for an unknown operation', async () => {
    const answer = await call(server, 'GET', 'Nothing/Here');
    expect(answer.status).toBe(404);
    expect(answer.body.Message).toBe('Action not found on server');
  });
});
