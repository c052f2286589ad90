import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const script = (overrides: Record<string, unknown> = {}) => ({
  Guid: randomUUID(),
  Name: `script.${randomUUID().slice(0, 6)}`,
  Script: 'public class A {}',
  Commit: 'first',
  ...overrides,
});

describe.each(databaseTargets)(
  'builder items on $name (spec part 1 §4 "Item life cycle", the Script Builder)',
  (target) => {
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      server = await startTestServer(target);
      token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(() => server?.close());

    it('creates, lists, reads, publishes and deletes an item', async () => {
      const item = script({ ScriptType: 'Function' });
      const created = await call(server, 'POST', 'Script/PostScript', { token, body: item });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ Guid: item.Guid, Revision: 1 });
      const listed = await call(server, 'GET', 'Script/GetScripts', { token });
      expect(listed.body.map((entry) => entry.Name)).toContain(item.Name);
      const read = await call(server, 'GET', `Script/GetScriptByGuid/${item.Guid}`, { token });
      expect(read.body).toMatchObject({ ...item, IsPublished: false, Status: 'draft', Revision: 1 });
      const published = await call(server, 'POST', 'Script/PostScript', {
        token,
        body: { ...read.body, IsPublished: true },
      });
      expect(published.body.Revision).toBe(2);
      expect((await call(server, 'GET', `Script/GetScriptByGuid/${item.Guid}`, { token })).body.Status).toBe(
        'published',
      );
      expect((await call(server, 'DELETE', `Script/DeleteScript/${item.Guid}`, { token })).body).toBe(true);
      const gone = await call(server, 'GET', `Script/GetScriptByGuid/${item.Guid}`, { token });
      expect(gone.status).toBe(404);
      expect(gone.body.Message).toBe('The script was not found');
      expect((await call(server, 'DELETE', `Script/DeleteScript/${item.Guid}`, { token })).status).toBe(404);
    });

    it('refuses a name another item has, ignoring case (part 1 §5), with the field path', async () => {
      const first = script({ Name: 'unique.name' });
      expect((await call(server, 'POST', 'Script/PostScript', { token, body: first })).status).toBe(200);
      const clash = await call(server, 'POST', 'Script/PostScript', {
        token,
        body: script({ Name: 'UNIQUE.name' }),
      });
      expect(clash.status).toBe(400);
      expect(clash.body.Message).toBe('A script with this name already exists');
      expect(clash.body.Errors).toEqual([
        {
          Path: '/Name',
          MessageKey: 'sb.validation.nameNotUnique',
          Message: 'A script with this name already exists',
        },
      ]);
      // Saving the item itself under its own name is fine.
      expect(
        (
          await call(server, 'POST', 'Script/PostScript', {
            token,
            body: { ...first, Commit: 'second', Revision: 1 },
          })
        ).status,
      ).toBe(200);
    });

    it('validates with the shared schema rules (part 1 §5 "Script")', async () => {
      const bad = await call(server, 'POST', 'Script/PostScript', {
        token,
        body: script({ Name: '.bad name', Commit: '  ', Script: '' }),
      });
      expect(bad.status).toBe(400);
      const keys = (bad.body.Errors as Array<{ Path: string; MessageKey: string }>).map(
        (error) => `${error.Path} ${error.MessageKey}`,
      );
      expect(keys).toEqual(
        expect.arrayContaining([
          '/Name sb.validation.nameContainsSpace',
          '/Name sb.validation.nameInvalid',
          '/Script sb.validation.codeEmpty',
          '/Commit sb.validation.commitEmpty',
        ]),
      );
      const unknownType = await call(server, 'POST', 'Script/PostScript', {
        token,
        body: script({ ScriptType: 'Nope' }),
      });
      expect(unknownType.status).toBe(400);
      expect(unknownType.body.Message).toBe('This script type does not exist');
    });

    it('answers 409 with the stored item for a save based on a stale revision', async () => {
      const item = script();
      await call(server, 'POST', 'Script/PostScript', { token, body: item });
      await call(server, 'POST', 'Script/PostScript', {
        token,
        body: { ...item, Commit: 'theirs', Revision: 1 },
      });
      const mine = await call(server, 'POST', 'Script/PostScript', {
        token,
        body: { ...item, Commit: 'mine', Revision: 1 },
      });
      expect(mine.status).toBe(409);
      expect((mine.body.Current as Record<string, unknown>).Commit).toBe('theirs');
      const overwrite = await call(server, 'POST', 'Script/PostScript', {
        token,
        body: { ...item, Commit: 'mine', Revision: 2 },
      });
      expect(overwrite.body.Revision).toBe(3);
    });

    it('lists the seeded demo connection for pickers, without credentials', async () => {
      const connections = await call(server, 'GET', 'FlowBase/GetConnections', { token });
      expect(connections.body.map((connection) => connection.Name)).toContain('DemoDatabase');
      expect(connections.body.every((connection) => !('FlowCredential' in connection))).toBe(true);
    });
  },
);
