import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { signedInUserWith } from '../support/enrolledUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const script = (overrides: Record<string, unknown> = {}) => ({
  Guid: randomUUID(),
  Name: `audited.${randomUUID().slice(0, 6)}`,
  Script: 'public class A {}',
  Commit: 'first',
  ...overrides,
});

type Entry = { Action: string; User: string; Kind: string; Name: string; Changes: unknown[] };

describe.each(databaseTargets)(
  'audit trail, item search and published versions on $name (issue 10 points 2, 4, 7)',
  (target) => {
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      server = await startTestServer(target);
      token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(() => server?.close());

    it('records create, save, publish and delete of an item with who, when and the diff', async () => {
      const item = script();
      await call(server, 'POST', 'Script/PostScript', { token, body: item });
      const read = (await call(server, 'GET', `Script/GetScriptByGuid/${item.Guid}`, { token })).body;
      await call(server, 'POST', 'Script/PostScript', { token, body: { ...read, Commit: 'second' } });
      const again = (await call(server, 'GET', `Script/GetScriptByGuid/${item.Guid}`, { token })).body;
      await call(server, 'POST', 'Script/PostScript', { token, body: { ...again, IsPublished: true } });

      const published = await call(server, 'GET', `Items/GetPublishedItem?Kind=script&Guid=${item.Guid}`, {
        token,
      });
      expect(published.body).toMatchObject({ Name: item.Name, Commit: 'second' });

      await call(server, 'DELETE', `Script/DeleteScript/${item.Guid}`, { token });
      const history = await call(server, 'GET', `Audit/GetItemHistory?Kind=script&Guid=${item.Guid}`, {
        token,
      });
      expect(history.status).toBe(200);
      const entries = history.body as unknown as Entry[];
      expect(entries.map((entry) => entry.Action)).toEqual(['deleted', 'published', 'saved', 'created']);
      expect(entries.every((entry) => entry.User === testAdmin.email)).toBe(true);
      expect(entries[2]!.Changes).toEqual([
        { path: 'Commit', change: 'changed', before: 'first', after: 'second' },
      ]);
      // A first publish overwrites nothing: every field is added.
      expect(entries[1]!.Changes).toContainEqual({ path: 'Commit', change: 'added', after: 'second' });
    });

    it('records role permission changes; the admin view filters by action, kind, user and date', async () => {
      const role = await call(server, 'POST', 'UserManagement/PostRole', {
        token,
        body: { Guid: 0, Name: `Audited ${randomUUID().slice(0, 6)}`, Permissions: {} },
      });
      const guid = Number(role.body.Guid);
      const current = (await call(server, 'GET', `UserManagement/GetRole/${guid}`, { token })).body;
      await call(server, 'POST', 'UserManagement/PostRole', {
        token,
        body: { ...current, Permissions: { ScriptBuilder: { Upsert: true } } },
      });
      const changed = await call(server, 'GET', 'Audit/GetAuditEntries?Action=permissionsChanged&Kind=role', {
        token,
      });
      const [entry] = changed.body as unknown as Entry[];
      expect(entry).toMatchObject({ Action: 'permissionsChanged', Kind: 'role', User: testAdmin.email });
      expect(entry!.Changes).toContainEqual({
        path: 'Permissions.ScriptBuilder',
        change: 'added',
        after: expect.objectContaining({ Read: true }),
      });

      const byUser = await call(server, 'GET', 'Audit/GetAuditEntries?User=ADMIN@', { token });
      expect((byUser.body as unknown as Entry[]).length).toBeGreaterThan(0);
      const nobody = await call(server, 'GET', 'Audit/GetAuditEntries?User=nobody-at-all', { token });
      expect(nobody.body).toEqual([]);
      const past = await call(server, 'GET', 'Audit/GetAuditEntries?To=2000-01-01', { token });
      expect(past.body).toEqual([]);
      const badDate = await call(server, 'GET', 'Audit/GetAuditEntries?From=2024-13-45', { token });
      expect(badDate.status).toBe(400);
    });

    it('search finds items by part of the name, only in builders the user may read', async () => {
      const item = script({ Name: `Palette.Target.${randomUUID().slice(0, 4)}` });
      await call(server, 'POST', 'Script/PostScript', { token, body: item });
      const found = await call(server, 'GET', 'Items/SearchItems?Text=palette.tar', { token });
      expect(found.body).toContainEqual({
        Kind: 'script',
        Guid: item.Guid,
        Name: item.Name,
        Connection: null,
        IsPublished: false,
      });

      const reader = await signedInUserWith(server, token, { ConnectionBuilder: { Read: true } });
      // Giving the new user a role is a change of roles, recorded too.
      const granted = await call(server, 'GET', 'Audit/GetAuditEntries?Action=rolesChanged&Kind=user', {
        token,
      });
      expect((granted.body as unknown as Entry[])[0]).toMatchObject({
        Action: 'rolesChanged',
        User: testAdmin.email,
        Changes: [{ path: 'Roles', change: 'changed', before: [] }],
      });
      const hidden = await call(server, 'GET', 'Items/SearchItems?Text=palette.tar', { token: reader });
      expect(hidden.body).toEqual([]);
      const history = await call(server, 'GET', `Audit/GetItemHistory?Kind=script&Guid=${item.Guid}`, {
        token: reader,
      });
      expect(history.status).toBe(404);
      const published = await call(server, 'GET', `Items/GetPublishedItem?Kind=script&Guid=${item.Guid}`, {
        token: reader,
      });
      expect(published.status).toBe(404);
      const admin = await call(server, 'GET', 'Audit/GetAuditEntries', { token: reader });
      expect(admin.status).toBe(403);
    });
  },
);
