import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { limitedUser } from '../support/limitedUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const restApi = (overrides: Record<string, unknown> = {}) => ({
  Guid: randomUUID(),
  Name: `orders_${randomUUID().slice(0, 6)}`,
  ReturnType: 'Json',
  ApiAuthentication: 'ApiToken',
  IsActive: true,
  IsInternal: false,
  Users: [],
  Settings: [],
  ...overrides,
});

const errorKeys = (body: Record<string, unknown>) =>
  (body.Errors as Array<{ Path: string; MessageKey: string }>).map(
    (error) => `${error.Path} ${error.MessageKey}`,
  );

describe.each(databaseTargets)('REST APIs and API users on $name (spec part 1 §3, §4, §5, §6)', (target) => {
  let server: TestServer;
  let admin: string;

  const role = async (name: string, permissions: Record<string, Record<string, boolean>>) => {
    const saved = await call(server, 'POST', 'UserManagement/PostRole', {
      token: admin,
      body: { Guid: 0, Name: name, Permissions: permissions },
    });
    expect(saved.status).toBe(200);
    return Number(saved.body.Guid);
  };
  const apiUser = async (roles: number[], overrides: Record<string, unknown> = {}) => {
    const body = {
      Guid: randomUUID(),
      Username: `robot-${randomUUID().slice(0, 6)}`,
      Roles: roles,
      ...overrides,
    };
    const saved = await call(server, 'POST', 'RestApi/PostApiUser', { token: admin, body });
    expect(saved.status).toBe(200);
    const listed = await call(server, 'GET', 'RestApi/GetApiUsers', { token: admin });
    return listed.body.find((user) => user.Guid === body.Guid) as Record<string, unknown> & {
      ApiToken: string;
      Revision: number;
    };
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(() => server?.close());

  it('offers the return types and authentications a REST API may use', async () => {
    const types = await call(server, 'GET', 'RestApi/getApiReturnType', { token: admin });
    expect(types.body.map((item) => item.Key)).toEqual(expect.arrayContaining(['Json', 'Xml']));
    const auth = await call(server, 'GET', 'RestApi/GetApiAuthentication', { token: admin });
    expect(auth.body.map((item) => item.Key)).toEqual(expect.arrayContaining(['ApiToken', 'Basic']));
  });

  it('creates, reads, publishes and deletes a REST API, stamping who did it', async () => {
    const item = restApi({ Settings: [{ Key: 'Timeout', Value: '30' }] });
    const created = await call(server, 'POST', 'RestApi/PostRestApi', { token: admin, body: item });
    expect(created.body).toEqual({ Guid: item.Guid, Revision: 1 });
    const read = await call(server, 'GET', `RestApi/GetRestApiByGuid/${item.Guid}`, { token: admin });
    expect(read.body).toMatchObject({ ...item, Status: 'draft', IsPublished: false });
    const published = await call(server, 'POST', 'RestApi/PostRestApi', {
      token: admin,
      body: { ...read.body, IsPublished: true },
    });
    expect(published.body.Revision).toBe(2);
    const [row] = await server.db.query<{ created_by: string; modified_by: string }>(
      'select created_by, modified_by from items where guid = $1',
      [item.Guid],
    );
    expect(row).toEqual({ created_by: testAdmin.email, modified_by: testAdmin.email });
    expect(
      (await call(server, 'GET', 'RestApi/GetRestApi', { token: admin })).body.find(
        (entry) => entry.Guid === item.Guid,
      )?.Status,
    ).toBe('published');
    expect((await call(server, 'DELETE', `RestApi/DeleteRestApi/${item.Guid}`, { token: admin })).body).toBe(
      true,
    );
    const gone = await call(server, 'GET', `RestApi/GetRestApiByGuid/${item.Guid}`, { token: admin });
    expect(gone.status).toBe(404);
    expect(gone.body.Message).toBe('The REST API was not found');
  });

  it.each([
    [
      'a name of one character (part 1 §5 "Names in general")',
      { Name: 'a' },
      '/Name ra.validation.nameIsShort',
    ],
    [
      'a name with a space (§5 "Names in general")',
      { Name: 'my api' },
      '/Name ra.validation.nameContainsSpace',
    ],
    ['an empty name (§5 "Names in general")', { Name: '' }, '/Name ra.validation.nameEmpty'],
    [
      'no return type (§5 "REST API": required)',
      { ReturnType: undefined },
      '/ReturnType ra.validation.returnTypeEmpty',
    ],
    [
      'a return type the server does not offer (§5 "REST API")',
      { ReturnType: 'Csv' },
      '/ReturnType ra.validation.returnTypeUnknown',
    ],
    [
      'no authentication (§5 "REST API": required)',
      { ApiAuthentication: undefined },
      '/ApiAuthentication ra.validation.authenticationEmpty',
    ],
    [
      'an authentication the server does not offer (§5 "REST API")',
      { ApiAuthentication: 'Kerberos' },
      '/ApiAuthentication ra.validation.authenticationUnknown',
    ],
    ['an API user that does not exist', { Users: [randomUUID()] }, '/Users ra.validation.unknownApiUser'],
    [
      'two settings with one key, ignoring case',
      {
        Settings: [
          { Key: 'Timeout', Value: '1' },
          { Key: 'timeout', Value: '2' },
        ],
      },
      '/Settings/1/Key ra.validation.settingKeyNotUnique',
    ],
    [
      'a setting without a key',
      { Settings: [{ Key: ' ', Value: 'x' }] },
      '/Settings/0/Key ra.validation.settingKeyEmpty',
    ],
  ])('refuses %s', async (_name, overrides, expected) => {
    const answer = await call(server, 'POST', 'RestApi/PostRestApi', {
      token: admin,
      body: restApi(overrides),
    });
    expect(answer.status).toBe(400);
    expect(errorKeys(answer.body)).toContain(expected);
  });

  it('keeps REST API names unique ignoring case (part 1 §5) and answers 409 on a stale save', async () => {
    const first = restApi({ Name: 'customers_api' });
    await call(server, 'POST', 'RestApi/PostRestApi', { token: admin, body: first });
    const clash = await call(server, 'POST', 'RestApi/PostRestApi', {
      token: admin,
      body: restApi({ Name: 'CUSTOMERS_api' }),
    });
    expect(clash.status).toBe(400);
    expect(clash.body.Message).toBe('A REST API with this name already exists');
    await call(server, 'POST', 'RestApi/PostRestApi', {
      token: admin,
      body: { ...first, Description: 'theirs', Revision: 1 },
    });
    const stale = await call(server, 'POST', 'RestApi/PostRestApi', {
      token: admin,
      body: { ...first, Description: 'mine', Revision: 1 },
    });
    expect(stale.status).toBe(409);
    expect((stale.body.Current as Record<string, unknown>).Description).toBe('theirs');
  });

  it('saves API users with a server-made token, unique usernames, roles, and soft delete', async () => {
    const editors = await role('Script editors 1 (api)', { ScriptBuilder: { Upsert: true } });
    const user = await apiUser([editors], { Username: 'Importer' });
    expect(user).toMatchObject({ Username: 'Importer', IsActive: true, Roles: [editors], Revision: 1 });
    expect(user.ApiToken).toMatch(/^[0-9a-f-]{36}$/);
    const clash = await call(server, 'POST', 'RestApi/PostApiUser', {
      token: admin,
      body: { Guid: randomUUID(), Username: ' importer ', Roles: [] },
    });
    expect(clash.status).toBe(400);
    expect(errorKeys(clash.body)).toEqual(['/Username ra.apiUserNameError']);
    const empty = await call(server, 'POST', 'RestApi/PostApiUser', {
      token: admin,
      body: { Guid: randomUUID(), Username: '   ', Roles: [] },
    });
    expect(errorKeys(empty.body)).toEqual(['/Username ra.apiUserNameError']);
    const unknownRole = await call(server, 'POST', 'RestApi/PostApiUser', {
      token: admin,
      body: { Guid: randomUUID(), Username: 'nobody', Roles: [999_999] },
    });
    expect(errorKeys(unknownRole.body)).toEqual(['/Roles user.unknownRole']);

    const stale = await call(server, 'POST', 'RestApi/PostApiUser', {
      token: admin,
      body: { Guid: user.Guid, Username: 'Importer', Roles: [], Revision: 0 },
    });
    expect(stale.status).toBe(409);

    expect((await call(server, 'DELETE', `RestApi/DeleteApiUser/${user.Guid}`, { token: admin })).body).toBe(
      true,
    );
    const [row] = await server.db.query<{ is_deleted: boolean; deleted: Date | null }>(
      'select is_deleted, deleted from api_users where guid = $1',
      [user.Guid],
    );
    expect(row?.is_deleted).toBe(true);
    expect(row?.deleted).toBeInstanceOf(Date);
    const listed = await call(server, 'GET', 'RestApi/GetApiUsers', { token: admin });
    expect(listed.body.some((entry) => entry.Guid === user.Guid)).toBe(false);
    expect(
      (await call(server, 'DELETE', `RestApi/DeleteApiUser/${user.Guid}`, { token: admin })).status,
    ).toBe(404);
    // The username is free again once its holder is deleted.
    await apiUser([], { Username: 'importer' });
  });

  it("authenticates a call with an API user's token, with exactly its roles' permissions", async () => {
    const scripts = await role('Script editors (api)', { ScriptBuilder: { Upsert: true } });
    const user = await apiUser([scripts]);
    const token = user.ApiToken;
    // Upsert implies Read (part 1 §6): the list answers, and a save is stamped with the API user's name.
    expect((await call(server, 'GET', 'Script/GetScripts', { token })).status).toBe(200);
    const script = {
      Guid: randomUUID(),
      Name: `robot.${randomUUID().slice(0, 4)}`,
      Script: 'class A {}',
      Commit: 'by robot',
    };
    expect((await call(server, 'POST', 'Script/PostScript', { token, body: script })).status).toBe(200);
    const [row] = await server.db.query<{ created_by: string }>(
      'select created_by from items where guid = $1',
      [script.Guid],
    );
    expect(row?.created_by).toBe(user.Username);
    // Outside its roles: 403; delete needs the ScriptDelete area, which it lacks.
    expect((await call(server, 'GET', 'UserManagement/GetUsers', { token })).status).toBe(403);
    expect((await call(server, 'DELETE', `Script/DeleteScript/${script.Guid}`, { token })).status).toBe(403);
    expect((await call(server, 'GET', 'RestApi/GetApiUsers', { token })).status).toBe(403);
    // Calls any signed-in user may make work too; account calls are for people only.
    expect((await call(server, 'GET', 'ClientAdmin/GetClientModules', { token })).status).toBe(200);
    const account = await call(server, 'POST', 'Users/ChangePassword', {
      token,
      body: { CurrentPassword: 'x', NewPassword: 'Another!2345' },
    });
    expect(account.status).toBe(401);
    // A guid that is no API user's token is no credential.
    expect((await call(server, 'GET', 'Script/GetScripts', { token: randomUUID() })).status).toBe(401);
  });

  it('a role change applies to the next call; a renewed token invalidates the old one', async () => {
    const editors = await role('Script editors 3 (api)', { ScriptBuilder: { Upsert: true } });
    const user = await apiUser([editors]);
    const old = user.ApiToken;
    expect((await call(server, 'GET', 'Connection/GetConnections', { token: old })).status).toBe(403);
    const { Revision } = (await call(server, 'GET', `UserManagement/GetRole/${editors}`, { token: admin }))
      .body;
    await call(server, 'POST', 'UserManagement/PostRole', {
      token: admin,
      body: {
        Guid: editors,
        Name: 'Script editors 3 (api)',
        Permissions: {
          ScriptBuilder: { Upsert: true },
          ConnectionBuilder: { Read: true },
          UserManagement: { Read: true },
        },
        Revision,
      },
    });
    expect((await call(server, 'GET', 'Connection/GetConnections', { token: old })).status).toBe(200);
    // API tokens are for flows: user management stays closed to them whatever their roles (issue 29 point 2).
    expect((await call(server, 'GET', 'UserManagement/GetRoles', { token: old })).status).toBe(403);

    const renewed = randomUUID();
    const saved = await call(server, 'POST', 'RestApi/PostApiUser', {
      token: admin,
      body: { ...user, ApiToken: renewed },
    });
    expect(saved.status).toBe(200);
    expect((await call(server, 'GET', 'Script/GetScripts', { token: old })).status).toBe(401);
    expect((await call(server, 'GET', 'Script/GetScripts', { token: renewed })).status).toBe(200);
    // A token another API user holds is refused, said at the token.
    const other = await apiUser([]);
    const reused = await call(server, 'POST', 'RestApi/PostApiUser', {
      token: admin,
      body: {
        Guid: other.Guid,
        Username: other.Username,
        Roles: [],
        ApiToken: renewed,
        Revision: other.Revision,
      },
    });
    expect(reused.status).toBe(400);
    expect(errorKeys(reused.body)).toEqual(['/ApiToken ra.tokenTaken']);
  });

  it('an inactive or deleted API user is no longer authenticated', async () => {
    const editors = await role('Script editors 2 (api)', { ScriptBuilder: { Upsert: true } });
    const user = await apiUser([editors]);
    expect((await call(server, 'GET', 'Script/GetScripts', { token: user.ApiToken })).status).toBe(200);
    await call(server, 'POST', 'RestApi/PostApiUser', { token: admin, body: { ...user, IsActive: false } });
    expect((await call(server, 'GET', 'Script/GetScripts', { token: user.ApiToken })).status).toBe(401);
    const again = await apiUser([editors]);
    await call(server, 'DELETE', `RestApi/DeleteApiUser/${again.Guid}`, { token: admin });
    expect((await call(server, 'GET', 'Script/GetScripts', { token: again.ApiToken })).status).toBe(401);
  });

  it('shows the token only to those who may edit API users, and deletes REST APIs only with DeleteRestApi', async () => {
    const viewers = await role('REST viewers (api)', { RestApiBuilder: { Read: true, Delete: true } });
    const viewer = await apiUser([viewers]);
    // API tokens may not list API users at all (issue 29 point 2); a console user with Read sees no tokens.
    expect((await call(server, 'GET', 'RestApi/GetApiUsers', { token: viewer.ApiToken })).status).toBe(403);
    const person = await limitedUser(server, admin, { RestApiBuilder: { Read: true } });
    const listed = await call(server, 'GET', 'RestApi/GetApiUsers', { token: person.tokens.Token });
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body.every((entry) => !('ApiToken' in entry))).toBe(true);
    const item = restApi();
    await call(server, 'POST', 'RestApi/PostRestApi', { token: admin, body: item });
    // Delete (for API users) is not Delete rest api (part 1 §6).
    expect(
      (await call(server, 'DELETE', `RestApi/DeleteRestApi/${item.Guid}`, { token: viewer.ApiToken })).status,
    ).toBe(403);
    const deleters = await role('REST deleters (api)', { RestApiBuilder: { DeleteRestApi: true } });
    const deleter = await apiUser([deleters]);
    expect(
      (await call(server, 'DELETE', `RestApi/DeleteRestApi/${item.Guid}`, { token: deleter.ApiToken }))
        .status,
    ).toBe(200);
  });
});
