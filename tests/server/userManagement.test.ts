import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { limitedUser } from '../support/limitedUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const user = (overrides: Record<string, unknown> = {}) => {
  const guid = randomUUID();
  return { Guid: guid, Email: `um.${guid.slice(0, 8)}@example.com`, Roles: [], ...overrides };
};

const errorKeys = (body: Record<string, unknown>) =>
  (body.Errors as Array<{ Path: string; MessageKey: string }>).map(
    (error) => `${error.Path} ${error.MessageKey}`,
  );

describe.each(databaseTargets)('user management on $name (spec part 1 §3 "User", "Role", §5)', (target) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(() => server?.close());

  it.each([
    ['no e-mail (§5 "User": required)', { Email: '' }],
    ['an e-mail that is not valid (§5 "User": valid)', { Email: 'not-an-address' }],
    ['another user\'s e-mail, in other case (§5 "User": unique)', { Email: testAdmin.email.toUpperCase() }],
  ])('refuses %s with the drawer message', async (_name, overrides) => {
    const answer = await call(server, 'POST', 'UserManagement/PostUser', {
      token: admin,
      body: user(overrides),
    });
    expect(answer.status).toBe(400);
    expect(errorKeys(answer.body)).toContain('/Email user.emailError');
    expect(answer.body.Message).toBeTruthy();
  });

  it.each([
    ['no name (§5 "Role": required)', ''],
    ['a blank name (§5 "Role": required)', '   '],
  ])('refuses a role with %s', async (_name, name) => {
    const answer = await call(server, 'POST', 'UserManagement/PostRole', {
      token: admin,
      body: { Guid: 0, Name: name, Permissions: {} },
    });
    expect(answer.status).toBe(400);
    expect(errorKeys(answer.body)).toContain('/Name role.nameError');
  });

  it('stamps created_by and modified_by from the token and soft-deletes (is_deleted, deleted)', async () => {
    const item = user({ FirstName: 'Ada', GenderCode: 'F' });
    expect((await call(server, 'POST', 'UserManagement/PostUser', { token: admin, body: item })).status).toBe(
      200,
    );
    const read = await call(server, 'GET', `UserManagement/GetUser/${item.Guid}`, { token: admin });
    expect(read.body).toMatchObject({
      Email: item.Email,
      FirstName: 'Ada',
      GenderCode: 'F',
      IsActive: true,
      IsAdmin: false,
      TwoFactor: false,
      Logins: 0,
      CreatedBy: testAdmin.email,
      ModifiedBy: testAdmin.email,
    });
    expect(
      (await call(server, 'DELETE', `UserManagement/DeleteUser/${item.Guid}`, { token: admin })).body,
    ).toBe(true);
    const [row] = await server.db.query<{ is_deleted: boolean; deleted: Date | null }>(
      'select is_deleted, deleted from users where guid = $1',
      [item.Guid],
    );
    expect(row?.is_deleted).toBe(true);
    expect(row?.deleted).toBeInstanceOf(Date);
    const listed = await call(server, 'GET', 'UserManagement/GetUsers', { token: admin });
    expect(listed.body.some((entry) => entry.Guid === item.Guid)).toBe(false);
    expect((await call(server, 'GET', `UserManagement/GetUser/${item.Guid}`, { token: admin })).status).toBe(
      404,
    );
    // The address is free again for a new user.
    const again = await call(server, 'POST', 'UserManagement/PostUser', {
      token: admin,
      body: user({ Email: item.Email }),
    });
    expect(again.status).toBe(200);
  });

  it('refuses to delete your own account', async () => {
    const [me] = await server.db.query<{ guid: string }>('select guid from users where email = $1', [
      testAdmin.email,
    ]);
    const answer = await call(server, 'DELETE', `UserManagement/DeleteUser/${me!.guid}`, { token: admin });
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe('You cannot delete your own account');
  });

  it("deleting a role takes it from its users' role lists", async () => {
    const role = await call(server, 'POST', 'UserManagement/PostRole', {
      token: admin,
      body: {
        Guid: 0,
        Name: `Temporary ${randomUUID().slice(0, 4)}`,
        Permissions: { ConnectionBuilder: { Read: true } },
      },
    });
    const guid = Number(role.body.Guid);
    const item = user({ Roles: [guid] });
    await call(server, 'POST', 'UserManagement/PostUser', { token: admin, body: item });
    expect(
      (await call(server, 'GET', `UserManagement/GetUser/${item.Guid}`, { token: admin })).body.Roles,
    ).toEqual([guid]);
    expect((await call(server, 'DELETE', `UserManagement/DeleteRole/${guid}`, { token: admin })).body).toBe(
      true,
    );
    expect(
      (await call(server, 'GET', `UserManagement/GetUser/${item.Guid}`, { token: admin })).body.Roles,
    ).toEqual([]);
    expect((await call(server, 'DELETE', `UserManagement/DeleteRole/${guid}`, { token: admin })).status).toBe(
      404,
    );
  });

  it('a stale save answers 409 with the newer user as the viewer may see it (issue 10 point 3: the merge shows it)', async () => {
    const item = user({ FirstName: 'Before' });
    await call(server, 'POST', 'UserManagement/PostUser', { token: admin, body: item });
    const loaded = (await call(server, 'GET', `UserManagement/GetUser/${item.Guid}`, { token: admin })).body;
    const first = await call(server, 'POST', 'UserManagement/PostUser', {
      token: admin,
      body: { ...loaded, FirstName: 'First tab' },
    });
    expect(first.status).toBe(200);
    const stale = { ...loaded, LastName: 'Second tab' };
    const withAdminStatus = await call(server, 'POST', 'UserManagement/PostUser', {
      token: admin,
      body: stale,
    });
    expect(withAdminStatus.status).toBe(409);
    expect(withAdminStatus.body.Current).toMatchObject({ FirstName: 'First tab', IsAdmin: false });
    const editor = await limitedUser(server, admin, { UserManagement: { Read: true, Upsert: true } });
    const without = await call(server, 'POST', 'UserManagement/PostUser', {
      token: editor.tokens.Token,
      body: stale,
    });
    expect(without.status).toBe(409);
    expect(without.body.Current).toMatchObject({ FirstName: 'First tab' });
    expect(without.body.Current).not.toHaveProperty('IsAdmin');
  });
});
