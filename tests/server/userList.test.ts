import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { limitedUser } from '../support/limitedUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

type Row = Record<string, unknown>;

/**
 * Issue 33 point 6: UserManagement/GetUsers answers the whole list without parameters, as the spec has
 * it (part 1 §7), and one searched, sorted page with X-Total-Count with any paging parameter (part 1 §9
 * table defaults: 20 a page, page 1; ascending by e-mail), as Connection.GetConnections does. Both are
 * kept until users or user_roles change, per viewer variant (the admin flag only with See Admin
 * Status, part 1 §6).
 */
describe.each(databaseTargets)('the user list on $name (issue 33 point 6)', (target) => {
  let server: TestServer;
  let admin: string;
  const prefix = `pager${randomUUID().slice(0, 6)}`;
  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    // 25 users in one statement: emails pagerxxxx.01..25, first names alternating, last names reversed.
    await server.db.query(
      `insert into users (guid, email, first_name, last_name, logins, created_by, modified_by)
       select gen_random_uuid(), $1 || '.' || lpad(i::text, 2, '0') || '@example.com',
              case when i % 2 = 0 then 'Even' else 'Odd' end, 'Last' || lpad((26 - i)::text, 2, '0'), i % 5,
              'test', 'test'
         from generate_series(1, 25) as i`,
      [prefix],
    );
  });
  afterAll(() => server?.close());

  const get = (query: string, token = admin) =>
    call(server, 'GET', `UserManagement/GetUsers${query ? `?${query}` : ''}`, { token });
  const emails = (answer: { body: Row[] }) => answer.body.map((row) => String(row.Email).split('@')[0]);
  const mine = (n: number) => `${prefix}.${String(n).padStart(2, '0')}`;

  it('without parameters: every user, as the spec has it, and no X-Total-Count', async () => {
    const all = await get('');
    expect(all.status).toBe(200);
    expect(all.headers['x-total-count']).toBeUndefined();
    expect(all.body.length).toBeGreaterThanOrEqual(26);
    expect(emails(all)).toEqual(expect.arrayContaining([mine(1), mine(25)]));
  });

  it('a page: 20 by default, ascending by e-mail, with the count of all matching users', async () => {
    const first = await get(`search=${prefix}`);
    expect(first.headers['x-total-count']).toBe('25');
    expect(emails(first)).toEqual(Array.from({ length: 20 }, (_, index) => mine(index + 1)));
    const second = await get(`search=${prefix}&page=2`);
    expect(emails(second)).toEqual([21, 22, 23, 24, 25].map(mine));
    const small = await get(`search=${prefix}&pageSize=3&page=3`);
    expect(emails(small)).toEqual([7, 8, 9].map(mine));
    // A page past the end is empty, still counted.
    const past = await get(`search=${prefix}&page=9`);
    expect([past.body, past.headers['x-total-count']]).toEqual([[], '25']);
  });

  it.each([
    ['the e-mail, ignoring case', `${prefix.toUpperCase()}.1`, 10],
    ['the first name', `${prefix}`, 25],
    ['the last name', 'LAST0', 9],
  ])('searches %s', async (_what, search, total) => {
    const answer = await get(`search=${encodeURIComponent(search)}&pageSize=100`);
    expect(answer.headers['x-total-count']).toBe(String(total));
    expect(answer.body.length).toBe(total);
  });

  it('searches the names too: "odd" finds the 13 odd users among them', async () => {
    const odd = await get('search=odd&pageSize=100');
    const ours = (odd.body as Row[]).filter((row) => String(row.Email).startsWith(prefix));
    expect(ours.map((row) => row.FirstName)).toEqual(Array(13).fill('Odd'));
  });

  it.each([
    ['LastName', 'ASC', [25, 24, 23]],
    ['LastName', 'DESC', [1, 2, 3]],
    ['Email', 'DESC', [25, 24, 23]],
    // Ties keep the e-mail order: logins 0 are users 5, 10, 15, ...
    ['Logins', 'ASC', [5, 10, 15]],
    ['FirstName', 'DESC', [1, 3, 5]],
  ])('sorts by %s %s', async (sort, direction, expected) => {
    const answer = await get(`search=${prefix}&sort=${sort}&direction=${direction}&pageSize=3`);
    expect(emails(answer)).toEqual(expected.map(mine));
  });

  it('refuses a sort field the contract does not name (400)', async () => {
    expect((await get('sort=PasswordHash')).status).toBe(400);
  });

  it('the next call sees a new user, a changed one, a role given and a user deleted', async () => {
    const page = `search=${prefix}&pageSize=100`;
    expect((await get(page)).headers['x-total-count']).toBe('25');
    expect((await get('')).body.some((row) => String(row.Email).startsWith(`${prefix}.26`))).toBe(false);
    const guid = randomUUID();
    const created = await call(server, 'POST', 'UserManagement/PostUser', {
      token: admin,
      body: { Guid: guid, Email: `${mine(26)}@example.com`, FirstName: 'New', Roles: [] },
    });
    expect(created.status).toBe(200);
    expect((await get(page)).headers['x-total-count']).toBe('26');
    expect(emails(await get('')).filter((email) => email === mine(26))).toEqual([mine(26)]);

    const role = await call(server, 'POST', 'UserManagement/PostRole', {
      token: admin,
      body: { Guid: 0, Name: `Listed ${prefix}`, Permissions: { Dashboard: { Read: true } } },
    });
    const stored = (await call(server, 'GET', `UserManagement/GetUser/${guid}`, { token: admin })).body;
    await call(server, 'POST', 'UserManagement/PostUser', {
      token: admin,
      body: { ...stored, LastName: 'Renamed', Roles: [role.body.Guid] },
    });
    const changed = (await get(`search=${mine(26)}`)).body[0]!;
    expect([changed.LastName, changed.Roles]).toEqual(['Renamed', [role.body.Guid]]);
    // A role's delete takes it from its users (a cascade to user_roles): the list says so at once.
    await call(server, 'DELETE', `UserManagement/DeleteRole/${role.body.Guid}`, { token: admin });
    expect((await get(`search=${mine(26)}`)).body[0]!.Roles).toEqual([]);

    await call(server, 'DELETE', `UserManagement/DeleteUser/${guid}`, { token: admin });
    expect((await get(page)).headers['x-total-count']).toBe('25');
    expect(emails(await get('')).includes(mine(26))).toBe(false);
  });

  it('the admin flag shows only to viewers with See Admin Status, whichever variant was kept first', async () => {
    const reader = await limitedUser(server, admin, { UserManagement: { Read: true } });
    const seer = await limitedUser(server, admin, { UserManagement: { SeeAdminStatus: true } });
    const adminRow = (answer: { body: Row[] }) =>
      answer.body.find((row) => row.Email === testAdmin.email) as Row | undefined;
    const query = `search=${encodeURIComponent(testAdmin.email)}`;
    for (const ask of [query, '']) {
      // The administrator's own call first, so its variant is the one kept.
      expect(adminRow(await get(ask))?.IsAdmin).toBe(true);
      const hidden = await get(ask, reader.tokens.Token);
      expect(hidden.status).toBe(200);
      expect(adminRow(hidden)).toBeDefined();
      expect((hidden.body as Row[]).every((row) => !('IsAdmin' in row))).toBe(true);
      expect(adminRow(await get(ask, seer.tokens.Token))?.IsAdmin).toBe(true);
    }
    // Sorting by the flag tells a viewer without it nothing: the e-mail order, as with no flag at all.
    const byFlag = await get(`search=${prefix}&sort=IsAdmin&direction=DESC&pageSize=3`, reader.tokens.Token);
    expect(emails(byFlag)).toEqual([1, 2, 3].map(mine));
  });
});
