import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../support/api';
import { limitedUser } from '../../support/limitedUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

type Answer = Awaited<ReturnType<typeof call>>;
const said = (answer: Answer) => `${answer.status} ${String(answer.body?.MessageKey ?? '')}`;

/** The key of the newest link mailed to an address (the outbox the demo reads). */
async function mailedKey(server: TestServer, to: string): Promise<string> {
  const [mail] = await server.db.query<{ link: string }>(
    'select link from outbox where recipient = $1 and link is not null order by id desc limit 1',
    [to],
  );
  return new URL(mail!.link).searchParams.get('key')!;
}

describe.each(databaseTargets)('who may change whom (issue 29 point 2) on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let adminUser: Record<string, unknown>;
  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    const listed = await call(server, 'GET', 'UserManagement/GetUsers', { token: admin });
    adminUser = listed.body.find((user) => user.Email === testAdmin.email)!;
  });
  afterAll(() => server?.close());

  const roleOf = async (userGuid: string) =>
    (
      await server.db.query<{ role: number }>(
        'select role_guid as role from user_roles where user_guid = $1',
        [userGuid],
      )
    )[0]!.role;

  it('a user manager is refused at the first step of the takeover: the administrator is not theirs to change', async () => {
    const manager = await limitedUser(server, admin, { UserManagement: { Read: true, Upsert: true } });
    const token = manager.tokens.Token;
    // The sequence found by the assessment: e-mail of the administrator, its 2FA, its deletion.
    const steps: Array<[string, Answer]> = [
      [
        'PostUser: the administrator gets the attacker’s address',
        await call(server, 'POST', 'UserManagement/PostUser', {
          token,
          body: { ...adminUser, Email: 'attacker@evil.example' },
        }),
      ],
      [
        'Deactivate2FA of the administrator',
        await call(server, 'POST', `UserManagement/Deactivate2FA?UserGuid=${adminUser.Guid}`, { token }),
      ],
    ];
    for (const [step, answer] of steps) expect(said(answer), step).toBe('403 user.adminOnly');
    const [row] = await server.db.query<{ email: string; two_factor: boolean; pending_email: string | null }>(
      'select email, two_factor, pending_email from users where guid = $1',
      [adminUser.Guid],
    );
    expect(row).toEqual({ email: testAdmin.email, two_factor: true, pending_email: null });
    const outbox = await server.db.query("select 1 from outbox where recipient = 'attacker@evil.example'");
    expect(outbox).toEqual([]);
  });

  it('a user manager cannot raise its own rights: not through its role, its roles or a new role', async () => {
    const manager = await limitedUser(server, admin, {
      UserManagement: { Read: true, Upsert: true, Delete: true },
    });
    const token = manager.tokens.Token;
    const held = await roleOf(manager.guid);
    const heldRole = (await call(server, 'GET', `UserManagement/GetRole/${held}`, { token: admin })).body;
    const everything = {
      ConnectionBuilder: { Read: true, Upsert: true },
      UserManagement: { Read: true, Upsert: true, Delete: true, SeeAdminStatus: true },
    };
    const powerful = await call(server, 'POST', 'UserManagement/PostRole', {
      token: admin,
      body: { Guid: 0, Name: `Powerful ${randomUUID().slice(0, 6)}`, Permissions: everything },
    });
    const me = (await call(server, 'GET', `UserManagement/GetUser/${manager.guid}`, { token })).body;
    const other = await limitedUser(server, admin, { ConnectionBuilder: { Read: true } });
    const otherUser = (await call(server, 'GET', `UserManagement/GetUser/${other.guid}`, { token })).body;
    const cases: Array<[string, Answer, string]> = [
      [
        'PostRole: its own role gets every permission',
        await call(server, 'POST', 'UserManagement/PostRole', {
          token,
          body: { ...heldRole, Permissions: everything },
        }),
        '403 role.heldRole',
      ],
      [
        'DeleteRole: its own role',
        await call(server, 'DELETE', `UserManagement/DeleteRole/${held}`, { token }),
        '403 role.heldRole',
      ],
      [
        'PostUser: itself given the powerful role',
        await call(server, 'POST', 'UserManagement/PostUser', {
          token,
          body: { ...me, Roles: [held, powerful.body.Guid] },
        }),
        '403 user.ownRoles',
      ],
      [
        'PostRole: a new role with permissions it lacks',
        await call(server, 'POST', 'UserManagement/PostRole', {
          token,
          body: { Guid: 0, Name: `Mine ${randomUUID().slice(0, 6)}`, Permissions: everything },
        }),
        '403 role.beyondOwn',
      ],
      [
        'PostUser: an accomplice given the powerful role',
        await call(server, 'POST', 'UserManagement/PostUser', {
          token,
          body: { ...otherUser, Roles: [powerful.body.Guid] },
        }),
        '403 role.beyondOwn',
      ],
    ];
    for (const [step, answer, expected] of cases) expect(said(answer), step).toBe(expected);
    // What it holds it may hand on: a role of its own permissions, given to someone else.
    const within = await call(server, 'POST', 'UserManagement/PostRole', {
      token,
      body: {
        Guid: 0,
        Name: `Within ${randomUUID().slice(0, 6)}`,
        Permissions: { UserManagement: { Read: true } },
      },
    });
    expect(within.status).toBe(200);
    const given = await call(server, 'POST', 'UserManagement/PostUser', {
      token,
      body: { ...otherUser, Roles: [...(otherUser.Roles as number[]), within.body.Guid] },
    });
    expect(given.status).toBe(200);
    // An administrator passes every check.
    const byAdmin = await call(server, 'POST', 'UserManagement/PostUser', {
      token: admin,
      body: { ...me, Roles: [held, powerful.body.Guid] },
    });
    expect(byAdmin.status).toBe(200);
  });

  it('an API token may not call user or role management, whatever its roles', async () => {
    const role = await call(server, 'POST', 'UserManagement/PostRole', {
      token: admin,
      body: {
        Guid: 0,
        Name: `Robot managers ${randomUUID().slice(0, 6)}`,
        Permissions: {
          UserManagement: { Read: true, Upsert: true, Delete: true },
          RestApiBuilder: { Read: true, Upsert: true },
        },
      },
    });
    const apiUser = {
      Guid: randomUUID(),
      Username: `robot-${randomUUID().slice(0, 6)}`,
      Roles: [role.body.Guid],
    };
    expect((await call(server, 'POST', 'RestApi/PostApiUser', { token: admin, body: apiUser })).status).toBe(
      200,
    );
    const token = String(
      (await call(server, 'GET', 'RestApi/GetApiUsers', { token: admin })).body.find(
        (entry) => entry.Guid === apiUser.Guid,
      )!.ApiToken,
    );
    const steps: Array<[string, Answer]> = [
      ['GetUsers', await call(server, 'GET', 'UserManagement/GetUsers', { token })],
      [
        'PostUser: the administrator gets the attacker’s address',
        await call(server, 'POST', 'UserManagement/PostUser', {
          token,
          body: { ...adminUser, Email: 'attacker@evil.example' },
        }),
      ],
      [
        'Deactivate2FA of the administrator',
        await call(server, 'POST', `UserManagement/Deactivate2FA?UserGuid=${adminUser.Guid}`, { token }),
      ],
      ['GetRoles', await call(server, 'GET', 'UserManagement/GetRoles', { token })],
      [
        'GetApiUsers: the other API users’ tokens',
        await call(server, 'GET', 'RestApi/GetApiUsers', { token }),
      ],
      [
        'PostApiUser: itself renewed with a role',
        await call(server, 'POST', 'RestApi/PostApiUser', { token, body: { ...apiUser, Revision: 1 } }),
      ],
    ];
    for (const [step, answer] of steps) expect(answer.status, step).toBe(403);
    // Its flow-building rights still work.
    expect((await call(server, 'GET', 'RestApi/GetRestApi', { token })).status).toBe(200);
  });
});

describe.each(databaseTargets)('API tokens with API_TOKENS_MANAGE_USERS on $name', (target) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(target, { apiTokensManageUsers: true });
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(() => server?.close());

  it('may manage users once the setting allows it, but still not the administrator', async () => {
    const role = await call(server, 'POST', 'UserManagement/PostRole', {
      token: admin,
      body: {
        Guid: 0,
        Name: 'Robot managers',
        Permissions: { UserManagement: { Read: true, Upsert: true } },
      },
    });
    const apiUser = { Guid: randomUUID(), Username: 'robot-manager', Roles: [role.body.Guid] };
    await call(server, 'POST', 'RestApi/PostApiUser', { token: admin, body: apiUser });
    const token = String(
      (await call(server, 'GET', 'RestApi/GetApiUsers', { token: admin })).body.find(
        (entry) => entry.Guid === apiUser.Guid,
      )!.ApiToken,
    );
    const users = await call(server, 'GET', 'UserManagement/GetUsers', { token });
    expect(users.status).toBe(200);
    const adminUser = users.body.find((user) => user.Email === testAdmin.email)!;
    const takeover = await call(server, 'POST', 'UserManagement/PostUser', {
      token,
      body: { ...adminUser, Email: 'attacker@evil.example' },
    });
    expect(said(takeover)).toBe('403 user.adminOnly');
  });
});

describe.each(databaseTargets)(
  'an e-mail change waits for the new address (issue 29 point 2) on $name',
  (target) => {
    let server: TestServer;
    let admin: string;
    beforeAll(async () => {
      server = await startTestServer(target);
      admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(() => server?.close());

    it('an enrolled user keeps the old address until the new one confirms; then only the new one signs in', async () => {
      const user = await limitedUser(server, admin, { ConnectionBuilder: { Read: true } });
      const stored = (await call(server, 'GET', `UserManagement/GetUser/${user.guid}`, { token: admin }))
        .body;
      const newEmail = `moved.${randomUUID().slice(0, 6)}@example.com`;
      const saved = await call(server, 'POST', 'UserManagement/PostUser', {
        token: admin,
        body: { ...stored, Email: newEmail },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.PendingEmail).toBe(newEmail);
      const pending = (await call(server, 'GET', `UserManagement/GetUser/${user.guid}`, { token: admin }))
        .body;
      expect([pending.Email, pending.PendingEmail]).toEqual([user.email, newEmail]);
      // The old address is told; the new one gets the link.
      const told = await server.db.query<{ subject: string }>(
        'select subject from outbox where recipient = $1',
        [user.email],
      );
      expect(told.map((mail) => mail.subject)).toContain('Your e-mail address is about to change');
      // Until confirmed, the old address signs in and the new one does not.
      const before = await signIn(server, user.email, user.password, user.secret);
      const unconfirmed = await call(server, 'POST', 'Users/Authenticate', {
        body: { Email: newEmail, Password: user.password },
      });
      expect(unconfirmed.status).toBe(400);

      const key = await mailedKey(server, newEmail);
      expect((await call(server, 'POST', 'Users/ConfirmEmail', { body: { Key: key } })).status).toBe(200);
      // Used once only; and the sessions of the old address end.
      expect(said(await call(server, 'POST', 'Users/ConfirmEmail', { body: { Key: key } }))).toBe(
        '498 confirmEmail.keyExpired',
      );
      expect(
        (await call(server, 'GET', 'ClientAdmin/GetClientModules', { token: before.Token })).status,
      ).toBe(401);
      const after = (await call(server, 'GET', `UserManagement/GetUser/${user.guid}`, { token: admin })).body;
      expect([after.Email, after.PendingEmail]).toEqual([newEmail, null]);
      await signIn(server, newEmail, user.password, user.secret);
    });

    it('a pending change set back or replaced voids its link; a key of another purpose is no confirmation', async () => {
      const user = await limitedUser(server, admin, { ConnectionBuilder: { Read: true } });
      const get = async () =>
        (await call(server, 'GET', `UserManagement/GetUser/${user.guid}`, { token: admin })).body;
      const first = `first.${randomUUID().slice(0, 6)}@example.com`;
      await call(server, 'POST', 'UserManagement/PostUser', {
        token: admin,
        body: { ...(await get()), Email: first },
      });
      const firstKey = await mailedKey(server, first);
      const second = `second.${randomUUID().slice(0, 6)}@example.com`;
      await call(server, 'POST', 'UserManagement/PostUser', {
        token: admin,
        body: { ...(await get()), Email: second },
      });
      expect(said(await call(server, 'POST', 'Users/ConfirmEmail', { body: { Key: firstKey } }))).toBe(
        '498 confirmEmail.keyExpired',
      );
      const secondKey = await mailedKey(server, second);
      // Set back to the current address: nothing waits any more.
      await call(server, 'POST', 'UserManagement/PostUser', {
        token: admin,
        body: { ...(await get()), Email: user.email },
      });
      expect((await get()).PendingEmail).toBeNull();
      expect(said(await call(server, 'POST', 'Users/ConfirmEmail', { body: { Key: secondKey } }))).toBe(
        '498 confirmEmail.keyExpired',
      );
      // A reset key does not confirm an address, nor an address key reset a password.
      await call(server, 'POST', 'Users/RequestNewPassword', { body: { Email: user.email } });
      const resetKey = await mailedKey(server, user.email);
      expect(said(await call(server, 'POST', 'Users/ConfirmEmail', { body: { Key: resetKey } }))).toBe(
        '498 confirmEmail.keyExpired',
      );
      expect((await get()).Email).toBe(user.email);
    });

    it('a user not yet enrolled changes address at once, and only the new address can enrol', async () => {
      const guid = randomUUID();
      const email = `fresh.${guid.slice(0, 6)}@example.com`;
      await call(server, 'POST', 'UserManagement/PostUser', {
        token: admin,
        body: { Guid: guid, Email: email, Roles: [] },
      });
      const oldKey = await mailedKey(server, email);
      const stored = (await call(server, 'GET', `UserManagement/GetUser/${guid}`, { token: admin })).body;
      const moved = `fresh.moved.${guid.slice(0, 6)}@example.com`;
      const saved = await call(server, 'POST', 'UserManagement/PostUser', {
        token: admin,
        body: { ...stored, Email: moved },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.PendingEmail).toBeUndefined();
      expect((await call(server, 'POST', 'Users/CheckSecretKey', { body: { Key: oldKey } })).body.Valid).toBe(
        false,
      );
      const newKey = await mailedKey(server, moved);
      expect(
        (await call(server, 'POST', 'Users/CheckSecretKey', { body: { Key: newKey } })).body,
      ).toMatchObject({
        Valid: true,
        Email: moved,
      });
    });
  },
);

describe.each(databaseTargets)(
  'saves name their version, names show as they are (issue 29 point 9) on $name',
  (target) => {
    let server: TestServer;
    let admin: string;
    beforeAll(async () => {
      server = await startTestServer(target);
      admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(() => server?.close());

    it('a save of an existing user or role without Revision answers 400 and changes nothing', async () => {
      const user = await limitedUser(server, admin, { ConnectionBuilder: { Read: true } });
      const { Revision: _revision, ...stored } = (
        await call(server, 'GET', `UserManagement/GetUser/${user.guid}`, { token: admin })
      ).body;
      expect(
        said(
          await call(server, 'POST', 'UserManagement/PostUser', {
            token: admin,
            body: { ...stored, FirstName: 'Overwritten' },
          }),
        ),
      ).toBe('400 api.revisionRequired');
      const [roleGuid] = (stored.Roles as number[]) ?? [];
      const { Revision: _roleRevision, ...role } = (
        await call(server, 'GET', `UserManagement/GetRole/${roleGuid}`, { token: admin })
      ).body;
      expect(
        said(
          await call(server, 'POST', 'UserManagement/PostRole', {
            token: admin,
            body: { ...role, Name: 'Overwritten' },
          }),
        ),
      ).toBe('400 api.revisionRequired');
      expect(
        (await call(server, 'GET', `UserManagement/GetUser/${user.guid}`, { token: admin })).body.FirstName,
      ).toBe('Read');
    });

    it.each([
      [
        'a role name',
        'UserManagement/PostRole',
        '/Name',
        (name: string) => ({ Guid: 0, Name: name, Permissions: {} }),
      ],
      [
        'an API user name',
        'RestApi/PostApiUser',
        '/Username',
        (name: string) => ({ Guid: randomUUID(), Username: name, Roles: [] }),
      ],
      [
        'a user’s first name',
        'UserManagement/PostUser',
        '/FirstName',
        (name: string) => ({
          Guid: randomUUID(),
          Email: `${randomUUID().slice(0, 6)}@example.com`,
          FirstName: name,
          Roles: [],
        }),
      ],
    ])('%s with a text-direction override is refused with a message', async (_what, path, field, body) => {
      for (const control of ['\u202E', '\u202A', '\u2066', '\u2069']) {
        const answer = await call(server, 'POST', path, { token: admin, body: body(`admin${control}nimda`) });
        expect(answer.status).toBe(400);
        expect(answer.body.Errors).toContainEqual(
          expect.objectContaining({ Path: field, MessageKey: 'validation.bidiControl' }),
        );
      }
    });
  },
);
