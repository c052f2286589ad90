import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const PAGE = 'Connection/GetConnections?page=1&pageSize=20&sort=Name&direction=ASC';

/**
 * The GetConnections page answers from caches once warm (issue 20 point 5): the verified token, the
 * session's revocation state, an API user's permissions and the serialized page are all kept in
 * memory. Each is dropped by the write that makes it stale (server/db/cache.ts), so the very next call
 * sees the change: every test here warms the caches with the same call first, changes something, and
 * calls again at once.
 */
describe.each(databaseTargets)('hot-path caches see each change at once on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let type: string;
  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    type = (await call(server, 'GET', 'Connection/CredentialTypes', { token: admin })).body[0]!
      .Name as string;
  });
  afterAll(() => server?.close());

  const roleRevision = async (guid: number) =>
    Number((await call(server, 'GET', `UserManagement/GetRole/${guid}`, { token: admin })).body.Revision);

  const newConnection = (name: string) => ({
    FlowConnectionGuid: randomUUID(),
    // Sorted before every other name, so it is on page 1.
    Name: name,
    Type: type,
    IsInternal: false,
    Description: null,
    AvailableModules: [],
  });

  /** Signs in anew: a session of its own, so revoking it leaves the other tests' tokens alone. */
  const freshSession = async () => {
    const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    const claims = JSON.parse(Buffer.from(tokens.Token.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    return { token: tokens.Token, refresh: tokens.RefreshToken, session: claims.sid };
  };

  it('answers a new connection on the next page call, and a deleted one no longer', async () => {
    const before = await call(server, 'GET', PAGE, { token: admin });
    expect(before.status).toBe(200);
    // The same call again comes from the cache.
    expect((await call(server, 'GET', PAGE, { token: admin })).body).toEqual(before.body);
    const total = Number(before.headers['x-total-count']);

    const made = newConnection(`AAA_first_${randomUUID().slice(0, 8)}`);
    expect(
      (await call(server, 'POST', 'Connection/PostConnection', { token: admin, body: made })).status,
    ).toBe(200);
    const after = await call(server, 'GET', PAGE, { token: admin });
    expect(Number(after.headers['x-total-count'])).toBe(total + 1);
    expect(after.body).toContainEqual(
      expect.objectContaining({ FlowConnectionGuid: made.FlowConnectionGuid, Name: made.Name }),
    );

    expect(
      (
        await call(server, 'DELETE', `Connection/DeleteConnection/${made.FlowConnectionGuid}`, {
          token: admin,
        })
      ).status,
    ).toBe(200);
    const removed = await call(server, 'GET', PAGE, { token: admin });
    expect(Number(removed.headers['x-total-count'])).toBe(total);
    expect(removed.body.map((row) => row.FlowConnectionGuid)).not.toContain(made.FlowConnectionGuid);
  });

  it.each([
    ['revoked in the database', 'update sessions set revoked_at = now() where id = $1'],
    ['deleted', 'delete from sessions where id = $1'],
  ])('refuses the token of a session %s on the next call', async (_how, statement) => {
    const { token, session } = await freshSession();
    expect((await call(server, 'GET', PAGE, { token })).status).toBe(200);
    expect((await call(server, 'GET', PAGE, { token })).status).toBe(200);
    await server.db.query(statement, [session]);
    expect((await call(server, 'GET', PAGE, { token })).status).toBe(401);
  });

  it('refuses the token of a session ended through the API (a spent refresh token used again)', async () => {
    const { token, refresh } = await freshSession();
    expect((await call(server, 'GET', PAGE, { token })).status).toBe(200);
    const refreshed = await call(server, 'POST', 'Users/RefreshToken', {
      token,
      body: { RefreshToken: refresh },
    });
    expect(refreshed.status).toBe(200);
    // Using the spent refresh token again revokes the whole session (server/auth/sessions.ts).
    await call(server, 'POST', 'Users/RefreshToken', { token, body: { RefreshToken: refresh } });
    expect((await call(server, 'GET', PAGE, { token })).status).toBe(401);
    expect((await call(server, 'GET', PAGE, { token: refreshed.body.Token as string })).status).toBe(401);
  });

  it("applies a change of an API user's role permissions on the next call", async () => {
    const name = `Connection readers ${randomUUID().slice(0, 8)}`;
    const role = await call(server, 'POST', 'UserManagement/PostRole', {
      token: admin,
      body: {
        Guid: 0,
        Name: name,
        Permissions: { ConnectionBuilder: { Read: true } },
      },
    });
    expect(role.status).toBe(200);
    const roleGuid = Number(role.body.Guid);
    const apiToken = randomUUID();
    const apiUser = randomUUID();
    await server.db.query(
      `insert into api_users (guid, username, api_token, created_by, modified_by) values ($1, $2, $3, 'test', 'test')`,
      [apiUser, `reader-${apiUser.slice(0, 8)}`, apiToken],
    );
    await server.db.query('insert into api_user_roles (api_user_guid, role_guid) values ($1, $2)', [
      apiUser,
      roleGuid,
    ]);
    expect((await call(server, 'GET', PAGE, { token: apiToken })).status).toBe(200);
    expect((await call(server, 'GET', PAGE, { token: apiToken })).status).toBe(200);

    const changed = await call(server, 'POST', 'UserManagement/PostRole', {
      token: admin,
      body: { Guid: roleGuid, Name: name, Permissions: {}, Revision: await roleRevision(roleGuid) },
    });
    expect(changed.status).toBe(200);
    expect((await call(server, 'GET', PAGE, { token: apiToken })).status).toBe(403);

    const restored = await call(server, 'POST', 'UserManagement/PostRole', {
      token: admin,
      body: {
        Guid: roleGuid,
        Name: name,
        Permissions: { ConnectionBuilder: { Read: true } },
        Revision: await roleRevision(roleGuid),
      },
    });
    expect(restored.status).toBe(200);
    expect((await call(server, 'GET', PAGE, { token: apiToken })).status).toBe(200);
    // A renewed (here: replaced) token stops the old one at once.
    await server.db.query('update api_users set api_token = $2 where guid = $1', [apiUser, randomUUID()]);
    expect((await call(server, 'GET', PAGE, { token: apiToken })).status).toBe(401);
  });
});
