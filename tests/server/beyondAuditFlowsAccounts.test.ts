import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFlowGraph } from '../../src/domain/flow/graph';
import type { RestMethodFlow } from '../../src/domain/flow/types';
import { call, signIn } from '../support/api';
import { signedInUserWith } from '../support/enrolledUser';
import { seedFlowTargets } from '../support/flowTargets';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

type Change = { path: string; change: string; before?: unknown; after?: unknown };
type Entry = {
  Action: string;
  User: string | null;
  Kind: string;
  Guid: string;
  Name: string;
  Changes: Change[];
};

/**
 * Issue 10 point 7 beyond builder items: flows (their own tables, spec part 2 §4 flow transitions) and
 * accounts (users, spec part 1 §3 'User', §4; API users, §3 'API user', §4 'API user token'). Each write
 * records its entries in its own transaction; a refused or failed write records nothing.
 */
describe.each(databaseTargets)(
  'audit trail of flows, users and API users on $name (issue 10 point 7)',
  (target) => {
    let server: TestServer;
    let token: string;
    let targets: Awaited<ReturnType<typeof seedFlowTargets>>;
    beforeAll(async () => {
      server = await startTestServer(target);
      token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
      targets = await seedFlowTargets(server.db);
    });
    afterAll(() => server?.close());

    const post = (path: string, body?: unknown) => call(server, 'POST', path, { token, body });
    const history = async (kind: string, guid: string) => {
      const answer = await call(server, 'GET', `Audit/GetItemHistory?Kind=${kind}&Guid=${guid}`, { token });
      expect(answer.status).toBe(200);
      return answer.body as unknown as Entry[];
    };
    /** Every entry about one account, newest first, from the admin-wide view. */
    const entriesOf = async (kind: string, guid: string) => {
      const answer = await call(server, 'GET', `Audit/GetAuditEntries?Kind=${kind}`, { token });
      expect(answer.status).toBe(200);
      return (answer.body as unknown as Entry[]).filter((entry) => entry.Guid === guid);
    };
    const count = async () =>
      Number((await server.db.query<{ n: number }>('select count(*)::int as n from audit_entries'))[0]!.n);
    /** Makes inserting a new entry named like `marker` fail (rows already there stay), so the write it belongs to must fail too. */
    const failingAudit = async <T>(marker: string, run: () => Promise<T>) => {
      await server.db.exec(
        `alter table audit_entries add constraint test_failing_audit check (position('${marker}' in name) = 0) not valid`,
      );
      try {
        return await run();
      } finally {
        await server.db.exec('alter table audit_entries drop constraint test_failing_audit');
      }
    };
    const newFlow = (overrides: Partial<RestMethodFlow> = {}): RestMethodFlow => {
      const graph = newFlowGraph({ isScript: false });
      graph.Blocks!.find((block) => block.Type === 'result')!.Config = { FullOutput: true };
      return {
        Guid: randomUUID(),
        VersionGuid: randomUUID(),
        Name: `audited/${randomUUID().slice(0, 6)}`,
        HttpMethod: 'GET',
        Api: targets.api.Guid,
        IsScript: false,
        IsNew: true,
        Flow: graph,
        ...overrides,
      };
    };

    it('records a flow created, saved, published with activation, deactivated, duplicated and a version deleted', async () => {
      const flow = newFlow();
      expect((await post('FlowBuilder/PostRestMethodFlow', flow)).status).toBe(200);
      const result = flow.Flow!.Blocks!.find((block) => block.Type === 'result')!;
      result.Config = { ...result.Config, IgnoreNulls: true };
      expect(
        (await post('FlowBuilder/PostRestMethodFlow', { ...flow, Description: 'open orders', Revision: 1 }))
          .status,
      ).toBe(200);
      const published = await post('FlowBuilder/PostRestMethodFlow', {
        ...flow,
        Description: 'open orders',
        Revision: 2,
        IsPublished: true,
        IsActive: true,
      });
      expect(published.status).toBe(200);
      const title = `GET ${flow.Name}`;

      let entries = await history('flow', flow.Guid);
      expect(entries.map((entry) => entry.Action)).toEqual(['activated', 'published', 'saved', 'created']);
      expect(entries.every((entry) => entry.User === testAdmin.email && entry.Name === title)).toBe(true);
      // The save's diff names the block by its type, not its guid (src/domain/flow/flowAudit.ts).
      expect(entries[2]!.Changes).toEqual([
        { path: 'Description', change: 'added', after: 'open orders' },
        { path: 'Blocks[RESULT].Config.IgnoreNulls', change: 'added', after: true },
      ]);
      expect(entries[3]!.Changes).toContainEqual({
        path: 'RestApi',
        change: 'added',
        after: targets.api.Name,
      });
      // A first publish overwrites no published version: everything is added.
      expect(entries[1]!.Changes).toContainEqual({ path: 'Version', change: 'added', after: 1 });
      expect(entries[0]!.Changes).toEqual([
        { path: 'IsActive', change: 'changed', before: false, after: true },
      ]);

      // Deactivating records; setting the state it already has changes nothing and records nothing.
      await post(`FlowBuilder/SetRestMethodFlowStatus/${flow.Guid}`, { IsActive: false });
      const before = await count();
      expect(
        (await post(`FlowBuilder/SetRestMethodFlowStatus/${flow.Guid}`, { IsActive: false })).status,
      ).toBe(200);
      expect(await count()).toBe(before);

      const copy = await post(`FlowBuilder/DuplicateRestMethodFlow/${flow.Guid}/${flow.VersionGuid}`);
      expect(copy.status).toBe(200);
      const draft = (await call(server, 'GET', `FlowBuilder/GetRestMethodFlowById/${flow.Guid}`, { token }))
        .body;
      await call(server, 'DELETE', `FlowBuilder/DeleteRestMethodFlow/${flow.Guid}/${draft.VersionGuid}`, {
        token,
      });

      entries = await history('flow', flow.Guid);
      expect(entries.slice(0, 3).map((entry) => [entry.Action, entry.Changes.length > 0])).toEqual([
        ['deleted', true],
        ['created', true],
        ['deactivated', true],
      ]);
      // A duplicate is the version copied under the next number.
      expect(entries[1]!.Changes).toEqual([{ path: 'Version', change: 'changed', before: 1, after: 2 }]);
      expect(entries[0]!.Changes).toContainEqual({ path: 'Version', change: 'removed', before: 2 });

      const activated = await call(server, 'GET', 'Audit/GetAuditEntries?Kind=flow&Action=activated', {
        token,
      });
      expect((activated.body as unknown as Entry[]).map((entry) => entry.Guid)).toContain(flow.Guid);
    });

    it('a second publish is diffed against the version it replaces', async () => {
      const flow = newFlow();
      await post('FlowBuilder/PostRestMethodFlow', { ...flow, IsPublished: true });
      await post(`FlowBuilder/DuplicateRestMethodFlow/${flow.Guid}/${flow.VersionGuid}`);
      const draft = (await call(server, 'GET', `FlowBuilder/GetRestMethodFlowById/${flow.Guid}`, { token }))
        .body as unknown as RestMethodFlow;
      const result = draft.Flow!.Blocks!.find((block) => block.Type === 'result')!;
      result.Config = { ...result.Config, IsArray: true };
      expect((await post('FlowBuilder/PostRestMethodFlow', { ...draft, IsPublished: true })).status).toBe(
        200,
      );
      const [entry] = await history('flow', flow.Guid);
      expect(entry).toMatchObject({ Action: 'published' });
      expect(entry!.Changes).toEqual([
        { path: 'Version', change: 'changed', before: 1, after: 2 },
        { path: 'Blocks[RESULT].Config.IsArray', change: 'added', after: true },
      ]);
    });

    it('records nothing for a refused flow write, and no flow write without its entry', async () => {
      const flow = newFlow();
      await post('FlowBuilder/PostRestMethodFlow', flow);
      const before = await count();
      const refusals = [
        // Not yet published: cannot be activated (spec part 2 §4).
        await post(`FlowBuilder/SetRestMethodFlowStatus/${flow.Guid}`, { IsActive: true }),
        // A stale revision (409).
        await post('FlowBuilder/PostRestMethodFlow', { ...flow, Description: 'late', Revision: 0 }),
        // Validation problems block a publish.
        await post('FlowBuilder/PostRestMethodFlow', {
          ...flow,
          Revision: 1,
          IsPublished: true,
          Flow: newFlowGraph({ isScript: false }),
        }),
      ];
      expect(refusals.map((answer) => answer.status)).toEqual([400, 409, 400]);
      expect(await count()).toBe(before);

      // The entry's insert fails: the save fails with it, and the flow keeps its draft as it was.
      const failed = await failingAudit(flow.Name, () =>
        post('FlowBuilder/PostRestMethodFlow', { ...flow, Description: 'lost', Revision: 1 }),
      );
      expect(failed.status).toBeGreaterThanOrEqual(400);
      const stored = (await call(server, 'GET', `FlowBuilder/GetRestMethodFlowById/${flow.Guid}`, { token }))
        .body;
      expect([stored.Description ?? null, stored.Revision]).toEqual([null, 1]);
      const fresh = newFlow({ Name: `${flow.Name}-new` });
      await failingAudit(flow.Name, () => post('FlowBuilder/PostRestMethodFlow', fresh));
      expect(
        (await call(server, 'GET', `FlowBuilder/GetRestMethodFlowById/${fresh.Guid}`, { token })).status,
      ).toBe(404);
      expect(await count()).toBe(before);
    });

    it('finds flows by name for the palette, answers their published version, only to Flow Builder readers', async () => {
      const flow = newFlow({ Name: `paletteflow/${randomUUID().slice(0, 4)}` });
      await post('FlowBuilder/PostRestMethodFlow', flow);
      const draftOnly = await call(server, 'GET', `Items/GetPublishedItem?Kind=flow&Guid=${flow.Guid}`, {
        token,
      });
      expect([draftOnly.status, draftOnly.body]).toEqual([200, null]);
      await post('FlowBuilder/PostRestMethodFlow', { ...flow, Revision: 1, IsPublished: true });

      const found = await call(server, 'GET', `Items/SearchItems?Text=${encodeURIComponent(flow.Name)}`, {
        token,
      });
      expect(found.body).toEqual([
        { Kind: 'flow', Guid: flow.Guid, Name: `GET ${flow.Name}`, Connection: null, IsPublished: true },
      ]);
      // The method is part of a flow's name: 'GET pal' finds it too.
      const byMethod = await call(server, 'GET', 'Items/SearchItems?Text=GET%20paletteflow', { token });
      expect((byMethod.body as unknown as Entry[]).map((hit) => hit.Guid)).toContain(flow.Guid);

      const published = await call(server, 'GET', `Items/GetPublishedItem?Kind=flow&Guid=${flow.Guid}`, {
        token,
      });
      expect(published.body).toMatchObject({
        Guid: flow.Guid,
        VersionGuid: flow.VersionGuid,
        Status: 'inactive',
      });
      expect((published.body.Flow as { Blocks: unknown[] }).Blocks).toHaveLength(3);
      const usage = await call(server, 'GET', `Items/GetItemUsage?Kind=flow&Guid=${flow.Guid}`, { token });
      expect(usage.body).toEqual({ Entries: [], Hidden: 0 });

      const reader = await signedInUserWith(server, token, { MethodBuilder: { Read: true } });
      const hidden = await call(server, 'GET', 'Items/SearchItems?Text=paletteflow', { token: reader });
      expect(hidden.body).toEqual([]);
      const refused = await call(server, 'GET', `Audit/GetItemHistory?Kind=flow&Guid=${flow.Guid}`, {
        token: reader,
      });
      expect(refused.status).toBe(404);
      const flowReader = await signedInUserWith(server, token, { FlowBuilder: { Read: true } });
      const shown = await call(server, 'GET', 'Items/SearchItems?Text=paletteflow', { token: flowReader });
      expect((shown.body as unknown as Entry[]).map((hit) => hit.Guid)).toContain(flow.Guid);
    });

    it('records a user created, saved, deactivated, two-factor reset and deleted, never with a secret', async () => {
      const guid = randomUUID();
      const email = `audited.${guid.slice(0, 8)}@example.com`;
      const role = await post('UserManagement/PostRole', {
        Guid: 0,
        Name: `Audit ${guid.slice(0, 6)}`,
        Permissions: {},
      });
      const roleGuid = Number(role.body.Guid);
      expect(
        (await post('UserManagement/PostUser', { Guid: guid, Email: email, Roles: [roleGuid] })).status,
      ).toBe(200);
      // Enrolled: a password hash and a two-factor key now exist.
      const [mail] = await server.db.query<{ link: string }>(
        'select link from outbox where recipient = $1 order by id desc limit 1',
        [email],
      );
      const key = new URL(mail!.link).searchParams.get('key')!;
      const secret = String(
        (await call(server, 'GET', `Users/CreateSharedKey?Key=${encodeURIComponent(key)}`)).body.Secret,
      );
      await call(server, 'POST', 'Users/ResetPassword', {
        body: { Password: 'Audited!2345', Key: key, TwoFA: await server.code(secret) },
      });
      const [stored] = await server.db.query<{ password_hash: string; two_factor_key: string }>(
        'select password_hash, two_factor_key from users where guid = $1',
        [guid],
      );
      expect(stored!.password_hash).toBeTruthy();

      const user = (await call(server, 'GET', `UserManagement/GetUser/${guid}`, { token })).body;
      await post('UserManagement/PostUser', { ...user, FirstName: 'Ann' });
      const saved = (await call(server, 'GET', `UserManagement/GetUser/${guid}`, { token })).body;
      await post('UserManagement/PostUser', { ...saved, IsActive: false });
      await post(`UserManagement/Deactivate2FA?UserGuid=${guid}`);
      await call(server, 'DELETE', `UserManagement/DeleteUser/${guid}`, { token });

      const entries = await entriesOf('user', guid);
      expect(entries.map((entry) => entry.Action)).toEqual([
        'deleted',
        'twoFactorReset',
        'deactivated',
        'saved',
        'rolesChanged',
        'created',
      ]);
      expect(entries.every((entry) => entry.Name === email && entry.User === testAdmin.email)).toBe(true);
      expect(entries[3]!.Changes).toEqual([{ path: 'FirstName', change: 'added', after: 'Ann' }]);
      expect(entries[2]!.Changes).toEqual([
        { path: 'IsActive', change: 'changed', before: true, after: false },
      ]);
      expect(entries[1]!.Changes).toEqual([
        { path: 'TwoFactor', change: 'changed', before: true, after: false },
      ]);
      expect(entries[4]!.Changes).toEqual([
        { path: 'Roles', change: 'changed', before: [], after: [roleGuid] },
      ]);
      expect(entries[5]!.Changes.map((change) => change.path)).toEqual(['Email', 'GenderCode', 'IsActive']);
      const trail = JSON.stringify(
        await server.db.query('select name, changes from audit_entries where guid = $1', [guid]),
      );
      // Controls: the secrets exist and are long enough that a leak would be found.
      expect([stored!.password_hash.length, stored!.two_factor_key.length].every((n) => n > 10)).toBe(true);
      for (const value of [stored!.password_hash, stored!.two_factor_key, secret, 'Audited!2345'])
        expect(trail).not.toContain(value);
      expect(trail).toContain(email);
    });

    it('records nothing for a refused user write, and no user write without its entry', async () => {
      const guid = randomUUID();
      const email = `refused.${guid.slice(0, 8)}@example.com`;
      await post('UserManagement/PostUser', { Guid: guid, Email: email, Roles: [] });
      const user = (await call(server, 'GET', `UserManagement/GetUser/${guid}`, { token })).body;
      const before = await count();
      const refusals = [
        await post('UserManagement/PostUser', { ...user, FirstName: 'Late', Revision: 0 }),
        await post('UserManagement/PostUser', { ...user, Email: testAdmin.email }),
        await post('UserManagement/PostUser', { ...user, Roles: [987654] }),
        await call(server, 'DELETE', `UserManagement/DeleteUser/${randomUUID()}`, { token }),
        await post(`UserManagement/Deactivate2FA?UserGuid=${randomUUID()}`),
      ];
      expect(refusals.map((answer) => answer.status)).toEqual([409, 400, 400, 404, 404]);
      expect(await count()).toBe(before);

      const failed = await failingAudit(email, () =>
        post('UserManagement/PostUser', { ...user, FirstName: 'Lost' }),
      );
      expect(failed.status).toBeGreaterThanOrEqual(400);
      const after = (await call(server, 'GET', `UserManagement/GetUser/${guid}`, { token })).body;
      expect([after.FirstName ?? null, after.Revision]).toEqual([null, user.Revision]);
      const deleted = await failingAudit(email, () =>
        call(server, 'DELETE', `UserManagement/DeleteUser/${guid}`, { token }),
      );
      expect(deleted.status).toBeGreaterThanOrEqual(400);
      expect((await call(server, 'GET', `UserManagement/GetUser/${guid}`, { token })).status).toBe(200);
      expect(await count()).toBe(before);
    });

    it('records an API user created, saved, token renewed, deactivated and deleted, never with the token', async () => {
      const guid = randomUUID();
      const username = `audit-robot-${guid.slice(0, 6)}`;
      expect((await post('RestApi/PostApiUser', { Guid: guid, Username: username, Roles: [] })).status).toBe(
        200,
      );
      const read = async () =>
        (
          (await call(server, 'GET', 'RestApi/GetApiUsers', { token })).body as Array<Record<string, unknown>>
        ).find((entry) => entry.Guid === guid)!;
      const first = await read();
      const tokens = [String(first.ApiToken)];
      await post('RestApi/PostApiUser', { ...first, Username: `${username}-2` });
      const renamed = await read();
      tokens.push(randomUUID());
      await post('RestApi/PostApiUser', { ...renamed, ApiToken: tokens[1] });
      const renewed = await read();
      await post('RestApi/PostApiUser', { ...renewed, IsActive: false });

      const before = await count();
      const taken = await post('RestApi/PostApiUser', {
        Guid: randomUUID(),
        Username: `${username}-2`,
        Roles: [],
      });
      const stale = await post('RestApi/PostApiUser', { ...(await read()), Username: 'late', Revision: 0 });
      expect([taken.status, stale.status]).toEqual([400, 409]);
      // The entry's insert fails: neither the renewal nor the delete happens.
      const current = await read();
      const lost = await failingAudit(username, () =>
        post('RestApi/PostApiUser', { ...current, ApiToken: randomUUID() }),
      );
      const kept = await failingAudit(username, () =>
        call(server, 'DELETE', `RestApi/DeleteApiUser/${guid}`, { token }),
      );
      expect([lost.status >= 400, kept.status >= 400]).toEqual([true, true]);
      expect((await read()).ApiToken).toBe(current.ApiToken);
      expect(await count()).toBe(before);

      await call(server, 'DELETE', `RestApi/DeleteApiUser/${guid}`, { token });
      const missing = await call(server, 'DELETE', `RestApi/DeleteApiUser/${guid}`, { token });
      expect(missing.status).toBe(404);

      const entries = await entriesOf('apiUser', guid);
      expect(entries.map((entry) => entry.Action)).toEqual([
        'deleted',
        'deactivated',
        'tokenRenewed',
        'saved',
        'created',
      ]);
      expect(entries[3]!.Changes).toEqual([
        { path: 'Username', change: 'changed', before: username, after: `${username}-2` },
      ]);
      expect(entries[2]!.Changes).toEqual([]);
      const trail = JSON.stringify(
        await server.db.query('select name, changes from audit_entries where guid = $1', [guid]),
      );
      expect(trail).toContain(username);
      for (const value of tokens) expect(trail).not.toContain(value);
      expect(trail).not.toContain('ApiToken');
    });
  },
);
