import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { limitedUser } from '../support/limitedUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

type Permissions = Record<string, Record<string, boolean>>;

/**
 * Issue 33 point 3: a role carries only the actions its area has in the spec's tables, and an action
 * held only through another (Publish where Upsert implies it, Read where the spec lists none) only
 * beside that other. UserManagement/PostRole answers 400 naming the area and action otherwise; the
 * implied flags the console switches on at save (spec part 1 §4 'Role save') pass.
 */
const refused: Array<[spec: string, permissions: Permissions, path: string, key: string]> = [
  [
    'part 1 §6 MetaDocumentBuilder: Upsert, Delete, Publish (no Read)',
    { MetaDocumentBuilder: { Read: true } },
    '/Permissions/MetaDocumentBuilder/Read',
    'role.actionNotAssignable',
  ],
  [
    'part 1 §6 ScriptBuilder: Upsert (no Read)',
    { ScriptBuilder: { Read: true } },
    '/Permissions/ScriptBuilder/Read',
    'role.actionNotAssignable',
  ],
  [
    'part 1 §6 script delete uses its own area (ScriptDelete)',
    { ScriptBuilder: { Upsert: true, Delete: true } },
    '/Permissions/ScriptBuilder/Delete',
    'role.actionNotInArea',
  ],
  [
    'part 2 §6 ActionDocument: Publish is not assignable, Upsert implies it',
    { ActionDocument: { Read: true, Publish: true } },
    '/Permissions/ActionDocument/Publish',
    'role.actionNotAssignable',
  ],
  [
    'part 2 §6 ActionDocument: Read, Upsert, Delete, Delete published (no Upsert admin)',
    { ActionDocument: { UpsertAdmin: true } },
    '/Permissions/ActionDocument/UpsertAdmin',
    'role.actionNotInArea',
  ],
  [
    'part 1 §6 Publish is not assignable for connections',
    { ConnectionBuilder: { Publish: true } },
    '/Permissions/ConnectionBuilder/Publish',
    'role.actionNotAssignable',
  ],
  [
    'part 2 §6 Publish is not assignable for documents',
    { DocumentBuilder: { Delete: true, Publish: true } },
    '/Permissions/DocumentBuilder/Publish',
    'role.actionNotAssignable',
  ],
  [
    'part 2 §6 Publish is not assignable for composed documents',
    { ComposedDocument: { Publish: true } },
    '/Permissions/ComposedDocument/Publish',
    'role.actionNotAssignable',
  ],
  [
    'part 1 §6 MethodBuilder: Read; Upsert (no Delete)',
    { MethodBuilder: { Delete: true } },
    '/Permissions/MethodBuilder/Delete',
    'role.actionNotInArea',
  ],
  [
    'part 1 §6 use-only modules: Read means use',
    { Dashboard: { Upsert: true } },
    '/Permissions/Dashboard/Upsert',
    'role.actionNotInArea',
  ],
  [
    'part 1 §6: no such area',
    { NoSuchArea: { Read: true } },
    '/Permissions/NoSuchArea/Read',
    'role.unknownArea',
  ],
];

const accepted: Array<[spec: string, permissions: Permissions, stored: Permissions]> = [
  [
    'part 1 §4 Role save: Read sent beside the Upsert that implies it',
    { MetaDocumentBuilder: { Read: true, Upsert: true, Delete: false, Publish: false } },
    { MetaDocumentBuilder: { Read: true, Upsert: true, Delete: false, Publish: false } },
  ],
  [
    'part 1 §6 MetaDocumentBuilder: Publish alone, Read switched on',
    { MetaDocumentBuilder: { Publish: true } },
    { MetaDocumentBuilder: { Read: true, Upsert: false, Delete: false, Publish: true } },
  ],
  [
    'part 1 §6 ConnectionBuilder: Upsert implies Read and Publish, sent or not',
    { ConnectionBuilder: { Upsert: true, Publish: true } },
    { ConnectionBuilder: { Read: true, Upsert: true, Publish: true } },
  ],
  [
    'part 1 §6 ScriptBuilder Upsert and ScriptDelete Delete',
    { ScriptBuilder: { Upsert: true }, ScriptDelete: { Delete: true } },
    { ScriptBuilder: { Read: true, Upsert: true }, ScriptDelete: { Delete: true } },
  ],
  [
    'part 2 §6 ActionDocument: Upsert holds the Publish it implies',
    { ActionDocument: { Upsert: true, Publish: true } },
    {
      ActionDocument: { Read: true, Upsert: true, Delete: false, Publish: true, DeletePublished: false },
    },
  ],
  [
    'part 2 §6 FlowBuilder: Publish is assignable (implies Read and Upsert)',
    { FlowBuilder: { Publish: true } },
    {
      FlowBuilder: {
        Read: true,
        Upsert: true,
        Delete: false,
        Publish: true,
        UpsertSpecialFlow: false,
        DeleteSpecialFlow: false,
      },
    },
  ],
  [
    'flags that are off grant nothing and are dropped, known or not',
    { NoSuchArea: { Read: false }, ScriptBuilder: { Delete: false } },
    {},
  ],
];

describe.each(databaseTargets)(
  'role areas on $name (issue 33 point 3; spec part 1 §6, part 2 §6)',
  (target) => {
    let server: TestServer;
    let admin: string;
    beforeAll(async () => {
      server = await startTestServer(target);
      admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(() => server?.close());

    const postRole = (permissions: Permissions, token = admin, extra: Record<string, unknown> = {}) =>
      call(server, 'POST', 'UserManagement/PostRole', {
        token,
        body: { Guid: 0, Name: `Role ${randomUUID().slice(0, 8)}`, Permissions: permissions, ...extra },
      });

    it.each(refused)('400 for %s', async (_spec, permissions, path, key) => {
      const answer = await postRole(permissions);
      expect(answer.status).toBe(400);
      const errors = answer.body.Errors as unknown as Array<{ Path: string; MessageKey: string }>;
      expect(errors.map((error) => `${error.Path} ${error.MessageKey}`)).toEqual([`${path} ${key}`]);
    });

    it('the message names the area and the action, and what would switch it on', async () => {
      const notAssignable = await postRole({ MetaDocumentBuilder: { Read: true } });
      expect(notAssignable.body.Message).toBe(
        'Read is not given on its own in Metadata Builder (MetaDocumentBuilder): Upsert, Delete, Publish switches it on',
      );
      const missing = await postRole({ ScriptBuilder: { Upsert: true, Delete: true } });
      expect(missing.body.Message).toBe('Script Builder (ScriptBuilder) has no action Delete');
      const several = await postRole({ ActionDocument: { Publish: true }, MethodBuilder: { Delete: true } });
      expect(several.body.MessageKey).toBe('api.validation');
      expect((several.body.Errors as unknown as unknown[]).length).toBe(2);
    });

    it.each(accepted)('200 for %s, stored with implied flags on', async (_spec, permissions, stored) => {
      const answer = await postRole(permissions);
      expect(answer.status).toBe(200);
      const role = await call(server, 'GET', `UserManagement/GetRole/${answer.body.Guid}`, { token: admin });
      expect(role.body.Permissions).toEqual(stored);
    });

    it('a role stored with a flag the tables no longer give keeps working, and can be renamed or narrowed', async () => {
      // As a role saved before this rule (or the demo seed's Demo viewers, ScriptBuilder Read) is stored.
      const legacy = {
        ScriptBuilder: { Read: true, Upsert: false, Delete: true },
        ConnectionBuilder: { Read: true },
      };
      const [row] = await server.db.query<{ guid: number }>(
        `insert into roles (name, permissions, created_by, modified_by) values ($1, $2, 'test', 'test') returning guid`,
        [`Legacy ${randomUUID().slice(0, 6)}`, JSON.stringify(legacy)],
      );
      const guid = row!.guid;
      // Its holder still reads scripts (the Read it carries is an action the Script Builder has).
      const holder = await limitedUser(server, admin, {});
      await call(server, 'POST', 'UserManagement/PostUser', {
        token: admin,
        body: {
          ...(await call(server, 'GET', `UserManagement/GetUser/${holder.guid}`, { token: admin })).body,
          Roles: [guid],
        },
      });
      const fresh = await signIn(server, holder.email, holder.password, holder.secret);
      expect((await call(server, 'GET', 'Script/GetScripts', { token: fresh.Token })).status).toBe(200);
      expect(
        (await call(server, 'DELETE', `Script/DeleteScript/${randomUUID()}`, { token: fresh.Token })).status,
      ).toBe(403);

      const stored = (await call(server, 'GET', `UserManagement/GetRole/${guid}`, { token: admin })).body;
      const renamed = await call(server, 'POST', 'UserManagement/PostRole', {
        token: admin,
        body: { ...stored, Name: `${stored.Name} renamed` },
      });
      expect(renamed.status).toBe(200);
      // What it carried stays (the Delete the Script Builder does not have is dropped: it granted nothing);
      // a flag it did not carry is still refused.
      const kept = (await call(server, 'GET', `UserManagement/GetRole/${guid}`, { token: admin })).body;
      expect(kept.Permissions).toEqual({
        ScriptBuilder: { Read: true, Upsert: false },
        ConnectionBuilder: { Read: true, Upsert: false, Publish: false },
      });
      const widened = await call(server, 'POST', 'UserManagement/PostRole', {
        token: admin,
        body: {
          ...kept,
          Permissions: { ...(kept.Permissions as Permissions), MetaDocumentBuilder: { Read: true } },
        },
      });
      expect(widened.status).toBe(400);
    });

    it('a user manager grants only what it holds, implied Read included (issue 29 point 2)', async () => {
      const manager = await limitedUser(server, admin, {
        UserManagement: { Upsert: true },
        MetaDocumentBuilder: { Upsert: true },
      });
      const token = manager.tokens.Token;
      // Read beside Upsert: the implication, held by the manager through its own Upsert.
      expect((await postRole({ MetaDocumentBuilder: { Read: true, Upsert: true } }, token)).status).toBe(200);
      const beyond = await postRole({ MetaDocumentBuilder: { Delete: true } }, token);
      expect([beyond.status, beyond.body.MessageKey]).toEqual([403, 'role.beyondOwn']);
      // A flag no role may carry is refused as such, whoever asks.
      const refusedFlag = await postRole({ MetaDocumentBuilder: { Read: true } }, token);
      expect([refusedFlag.status, refusedFlag.body.MessageKey]).toEqual([400, 'role.actionNotAssignable']);
    });
  },
);
