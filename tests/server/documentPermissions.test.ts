import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../server/connections/connectionKind';
import { call, signIn } from '../support/api';
import { signedInUserWith } from '../support/enrolledUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const C = DEMO_CONNECTION_GUID;
const COUNTRIES = 'c0a80001-0000-4000-8000-000000000001';
const COMPOSED = 'c0a80001-0000-4000-8000-000000000010';
const ACTION = 'c0a80001-0000-4000-8000-000000000020';

const draft = () => ({
  Guid: randomUUID(),
  Name: `Doc${randomUUID().slice(0, 6)}`,
  Type: 'List',
  FlowConnectionGuid: C,
  Elements: [
    {
      Name: 'Code',
      Type: 'String',
      IsKey: true,
      IsUpdatable: false,
      Validation: { IsRequired: true, MaxLength: 5 },
    },
  ],
  References: [],
});

describe.each(databaseTargets)(
  'edit and delete rules of published items on $name (spec part 2 §4, §6)',
  (target) => {
    let server: TestServer;
    let admin: string;
    beforeAll(async () => {
      server = await startTestServer(target);
      admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(() => server?.close());

    it('Upsert edits drafts; a published document needs Upsert admin; Delete published to delete it', async () => {
      const builder = await signedInUserWith(server, admin, {
        DocumentBuilder: { Upsert: true, Delete: true },
      });
      const document = draft();
      const save = (body: Record<string, unknown>, token: string) =>
        call(server, 'POST', `DocumentBuilder/PostConnectionDocument/${C}/${body.Guid}`, { token, body });
      expect((await save(document, builder)).status).toBe(200);
      // Upsert implies Publish (spec part 2 §6), so the builder may publish the draft.
      const current = (
        await call(server, 'GET', `DocumentBuilder/GetConnectionDocument/${C}/${document.Guid}`, {
          token: builder,
        })
      ).body;
      expect((await save({ ...current, IsPublished: true }, builder)).status).toBe(200);
      const published = (
        await call(server, 'GET', `DocumentBuilder/GetConnectionDocument/${C}/${document.Guid}`, {
          token: builder,
        })
      ).body;
      const edit = await save({ ...published, Description: 'changed' }, builder);
      expect(edit.status).toBe(403);
      expect(edit.body.Message).toBe('Editing a published document needs the Upsert admin permission');
      const remove = await call(
        server,
        'DELETE',
        `DocumentBuilder/DeleteConnectionDocument/${C}/${document.Guid}`,
        { token: builder },
      );
      expect(remove.status).toBe(403);
      expect(remove.body.Message).toBe('Deleting a published document needs the Delete published permission');

      const lead = await signedInUserWith(server, admin, {
        DocumentBuilder: { Upsert: true, UpsertAdmin: true, Delete: true, DeletePublished: true },
      });
      expect((await save({ ...published, Description: 'changed' }, lead)).status).toBe(200);
      const after = (
        await call(server, 'GET', `DocumentBuilder/GetConnectionDocument/${C}/${document.Guid}`, {
          token: lead,
        })
      ).body;
      expect((await save({ ...after, IsPublished: true }, lead)).status).toBe(200);
      expect(
        (
          await call(server, 'DELETE', `DocumentBuilder/DeleteConnectionDocument/${C}/${document.Guid}`, {
            token: lead,
          })
        ).status,
      ).toBe(200);
    });

    it('Read alone lists and reads but cannot save or delete (403)', async () => {
      const reader = await signedInUserWith(server, admin, {
        DocumentBuilder: { Read: true },
        DocumentEditor: { Read: true },
      });
      expect(
        (await call(server, 'GET', `DocumentBuilder/GetConnectionDocuments/${C}`, { token: reader })).status,
      ).toBe(200);
      const document = draft();
      expect(
        (
          await call(server, 'POST', `DocumentBuilder/PostConnectionDocument/${C}/${document.Guid}`, {
            token: reader,
            body: document,
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await call(server, 'GET', `DocumentEditor/GetConnectionDocument/${C}/${COUNTRIES}/records`, {
            token: reader,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(server, 'POST', `DocumentEditor/PostRecord/${C}/${COUNTRIES}`, {
            token: reader,
            body: { Code: 'IT', Name: 'Italy' },
          })
        ).status,
      ).toBe(403);
    });

    it('composed documents follow the document rules; action documents have no Upsert admin (part 2 §6)', async () => {
      const user = await signedInUserWith(server, admin, {
        ComposedDocument: { Upsert: true, Delete: true },
        ActionDocument: { Upsert: true, Delete: true },
      });
      const composed = (
        await call(server, 'GET', `ComposedDocument/GetComposedDocument/${C}/${COMPOSED}`, { token: user })
      ).body;
      const composedEdit = await call(
        server,
        'POST',
        `ComposedDocument/PostComposedDocument/${C}/${COMPOSED}`,
        {
          token: user,
          body: { ...composed, Description: 'changed' },
        },
      );
      expect(composedEdit.status).toBe(403);
      const action = (
        await call(server, 'GET', `ActionDocument/GetActionDocument/${C}/${ACTION}`, { token: user })
      ).body;
      const actionEdit = await call(server, 'POST', `ActionDocument/PostActionDocument/${C}/${ACTION}`, {
        token: user,
        body: { ...action, Description: 'changed' },
      });
      expect(actionEdit.status).toBe(200);
      const saved = (
        await call(server, 'GET', `ActionDocument/GetActionDocument/${C}/${ACTION}`, { token: user })
      ).body;
      expect(
        (
          await call(server, 'POST', `ActionDocument/PostActionDocument/${C}/${ACTION}`, {
            token: user,
            body: { ...saved, IsPublished: true },
          })
        ).status,
      ).toBe(200);
      const remove = await call(server, 'DELETE', `ActionDocument/DeleteActionDocument/${C}/${ACTION}`, {
        token: user,
      });
      expect(remove.status).toBe(403);
      expect(remove.body.Message).toBe(
        'Deleting a published action document needs the Delete published permission',
      );
    });
  },
);
