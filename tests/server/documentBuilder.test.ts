import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../server/connections/connectionKind';
import { call, signIn } from '../support/api';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const C = DEMO_CONNECTION_GUID;
const COUNTRIES = 'c0a80001-0000-4000-8000-000000000001';
const CUSTOMERS = 'c0a80001-0000-4000-8000-000000000002';

type Body = Record<string, unknown>;

/** A list document with a string key Code and a Label, on the demo connection. */
const listDocument = (overrides: Body = {}): Body => ({
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
      Validation: { IsRequired: true, MaxLength: 10 },
    },
    { Name: 'Label', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 50 } },
  ],
  References: [],
  ...overrides,
});

describe.each(databaseTargets)(
  'Document Builder on $name (spec part 2 §3 "Document", §4, §5, §6, §7)',
  (target) => {
    let server: TestServer;
    let token: string;
    const post = (document: Body, as = token) =>
      call(server, 'POST', `DocumentBuilder/PostConnectionDocument/${C}/${document.Guid}`, {
        token: as,
        body: document,
      });
    const get = (guid: string) =>
      call(server, 'GET', `DocumentBuilder/GetConnectionDocument/${C}/${guid}`, { token });

    beforeAll(async () => {
      server = await startTestServer(target);
      token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(() => server?.close());

    it('lists the seeded demo documents of the connection, filtered to published versions and to their elements', async () => {
      const listed = await call(server, 'GET', `DocumentBuilder/GetConnectionDocuments/${C}`, { token });
      expect(listed.status).toBe(200);
      expect(listed.body.map((document) => document.Name)).toEqual(
        expect.arrayContaining(['Countries', 'Customers', 'SalesOrder', 'SalesOrderLine']),
      );
      const published = await call(
        server,
        'GET',
        `DocumentBuilder/GetConnectionDocuments/${C}?IsPublished=true&OnlyElements=true`,
        {
          token,
        },
      );
      const customers = published.body.find((document) => document.Guid === CUSTOMERS)!;
      expect(customers.Key).toBe('CustomerId');
      expect(customers).not.toHaveProperty('References');
      expect(
        (await call(server, 'GET', `DocumentBuilder/GetConnectionDocuments/${randomUUID()}`, { token }))
          .status,
      ).toBe(404);
    });

    it('creates, reads, saves with a revision and deletes a draft; missing ones are "was not found"', async () => {
      const document = listDocument();
      const created = await post(document);
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ Guid: document.Guid, Revision: 1 });
      const read = await get(String(document.Guid));
      expect(read.body).toMatchObject({ Name: document.Name, Key: 'Code', Status: 'draft', Revision: 1 });
      expect((read.body.Elements as Body[]).map((field) => field.Order)).toEqual([0, 1]);
      const stale = await post({ ...read.body, Description: 'theirs', Revision: 1 });
      expect(stale.status).toBe(200);
      const mine = await post({ ...read.body, Description: 'mine', Revision: 1 });
      expect(mine.status).toBe(409);
      expect((mine.body.Current as Body).Description).toBe('theirs');
      const removed = await call(
        server,
        'DELETE',
        `DocumentBuilder/DeleteConnectionDocument/${C}/${document.Guid}`,
        { token },
      );
      expect(removed.body).toBe(true);
      const gone = await get(String(document.Guid));
      expect(gone.status).toBe(404);
      expect(gone.body.Message).toBe('The document was not found');
    });

    it('refuses a body whose guid or connection differs from the path', async () => {
      const document = listDocument();
      const wrong = await call(
        server,
        'POST',
        `DocumentBuilder/PostConnectionDocument/${C}/${randomUUID()}`,
        {
          token,
          body: document,
        },
      );
      expect(wrong.status).toBe(400);
    });

    it('checks the rules of part 2 §5 on the server, with paths and keys', async () => {
      const bad = await post(
        listDocument({
          Name: 'a b',
          Elements: [
            { Name: 'Code', Type: 'String', IsKey: true, IsUpdatable: true, Validation: { MaxLength: 5 } },
            { Name: 'Label', Type: 'String', IsUpdatable: true },
            { Name: 'label', Type: 'Number', IsUpdatable: true, Validation: { MaxLength: 3 } },
          ],
        }),
      );
      expect(bad.status).toBe(400);
      const keys = (bad.body.Errors as Array<{ Path: string; MessageKey: string }>).map(
        (e) => `${e.Path} ${e.MessageKey}`,
      );
      expect(keys).toEqual(
        expect.arrayContaining(['/Name db.validation.nameContainsSpace', '/Elements/2/Name fieldNameExists']),
      );
      const ruled = await post(
        listDocument({
          Elements: [
            { Name: 'Code', Type: 'String', IsKey: true, IsUpdatable: true, Validation: { MaxLength: 5 } },
            { Name: 'Label', Type: 'String', IsUpdatable: true },
          ],
        }),
      );
      expect(
        (ruled.body.Errors as Array<{ Path: string; MessageKey: string }>).map(
          (e) => `${e.Path} ${e.MessageKey}`,
        ),
      ).toEqual([
        '/Elements/0/Validation/IsRequired db.validation.keyNotRequired',
        '/Elements/0/IsUpdatable db.validation.keyUpdatable',
        '/Elements/1/Validation/MaxLength db.validation.stringNoMaxLength',
      ]);
    });

    it('refuses a name another document of the connection has, ignoring case (part 2 §5 "Names")', async () => {
      const clash = await post(listDocument({ Name: 'countries' }));
      expect(clash.status).toBe(400);
      expect(clash.body.Message).toBe('A document with this name already exists on this connection');
    });

    it('gives action documents their standard fields (part 2 §3)', async () => {
      const action = listDocument({
        Type: 'Action',
        Name: 'Shipment',
        Elements: [{ Name: 'Carrier', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 40 } }],
      });
      expect((await post(action)).status).toBe(200);
      const read = await get(String(action.Guid));
      expect((read.body.Elements as Body[]).map((field) => field.Name)).toEqual([
        'ShipmentId',
        'ShipmentGuid',
        'CreatedByUserGuid',
        'CreatedDateTime',
        'LastModifiedByUserGuid',
        'LastModifiedDateTime',
        'Carrier',
      ]);
      expect(read.body.Key).toBe('ShipmentId');
    });

    it('checks references against published documents: list documents only reference list documents', async () => {
      const reference = (Guid: string, Name: string, Key: string) => ({ Name, Guid, Key, Child: 'Code' });
      const toAction = await post(
        listDocument({
          References: [reference('c0a80001-0000-4000-8000-000000000003', 'SalesOrder', 'SalesOrderId')],
        }),
      );
      expect(toAction.status).toBe(400);
      expect((toAction.body.Errors as Array<{ MessageKey: string }>).map((e) => e.MessageKey)).toContain(
        'db.validation.referenceNotList',
      );
      const ok = await post(
        listDocument({
          Elements: [
            {
              Name: 'Code',
              Type: 'String',
              IsKey: true,
              IsUpdatable: false,
              Validation: { IsRequired: true, MaxLength: 10 },
            },
            { Name: 'Country', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 2 } },
          ],
          References: [{ Name: 'Countries', Guid: COUNTRIES, Key: 'Code', Child: 'Country' }],
        }),
      );
      expect(ok.status).toBe(200);
    });

    it('publishing a list document creates its table; a new field adds a column; a destructive change is refused', async () => {
      const document = listDocument({ IsPublished: true });
      expect((await post(document)).status).toBe(200);
      const table = `d_${String(document.Guid).replaceAll('-', '')}`;
      const columns = async () =>
        (
          await server.db.query<{ column_name: string; data_type: string }>(
            "select column_name, data_type from information_schema.columns where table_schema = 'records' and table_name = $1 order by ordinal_position",
            [table],
          )
        ).map((row) => `${row.column_name}:${row.data_type}`);
      expect(await columns()).toEqual(['Code:character varying', 'Label:character varying']);

      const stored = (await get(String(document.Guid))).body;
      const withNote = {
        ...stored,
        IsPublished: true,
        Elements: [...(stored.Elements as Body[]), { Name: 'Note', Type: 'Text', IsUpdatable: true }],
      };
      expect((await post(withNote)).status).toBe(200);
      expect(await columns()).toEqual(['Code:character varying', 'Label:character varying', 'Note:text']);

      // A record makes dropping or retyping a column destructive.
      const record = await call(
        server,
        'POST',
        `DocumentEditor/PostRecord/${C}/${document.Guid}?IsNew=true`,
        {
          token,
          body: { Code: 'A1', Label: 'First', Note: 'kept' },
        },
      );
      expect(record.status).toBe(200);
      const current = (await get(String(document.Guid))).body;
      const dropped = await post({
        ...current,
        IsPublished: true,
        Elements: (current.Elements as Body[]).filter((field) => field.Name !== 'Label'),
      });
      expect(dropped.status).toBe(400);
      expect(dropped.body.Message).toContain('the column Label would be dropped');
      expect(dropped.body.Message).toContain('1 records');
      // Nothing of the refused publish was saved.
      expect(
        ((await get(String(document.Guid))).body.Elements as Body[]).map((field) => field.Name),
      ).toContain('Label');
      // Widening a string is fine.
      const wider = await post({
        ...current,
        IsPublished: true,
        Elements: (current.Elements as Body[]).map((field) =>
          field.Name === 'Label' ? { ...field, Validation: { MaxLength: 80 } } : field,
        ),
      });
      expect(wider.status).toBe(200);
      const [length] = await server.db.query<{ character_maximum_length: number }>(
        "select character_maximum_length from information_schema.columns where table_schema = 'records' and table_name = $1 and column_name = 'Label'",
        [table],
      );
      expect(length?.character_maximum_length).toBe(80);
      // The data is there for SQL, too.
      const rows = await server.db.query<{ Code: string; Note: string }>(
        `select "Code", "Note" from records."${table}"`,
      );
      expect(rows).toEqual([{ Code: 'A1', Note: 'kept' }]);
    });

    it('refuses to delete a document others reference, and drops the table with a deleted list document', async () => {
      const referenced = await call(
        server,
        'DELETE',
        `DocumentBuilder/DeleteConnectionDocument/${C}/${COUNTRIES}`,
        { token },
      );
      expect(referenced.status).toBe(400);
      // Published documents refer to it: refused with the list of what would break (issue 10 point 1).
      expect(referenced.body.MessageKey).toBe('impact.deleteRefused');
      expect((referenced.body.Impact as { Entries: Body[] }).Entries.map((entry) => entry.Name)).toContain(
        'Customers',
      );
      const document = listDocument({ IsPublished: true });
      await post(document);
      const table = `d_${String(document.Guid).replaceAll('-', '')}`;
      expect(
        (
          await server.db.query(
            "select 1 from information_schema.tables where table_schema = 'records' and table_name = $1",
            [table],
          )
        ).length,
      ).toBe(1);
      await call(server, 'DELETE', `DocumentBuilder/DeleteConnectionDocument/${C}/${document.Guid}`, {
        token,
      });
      expect(
        (
          await server.db.query(
            "select 1 from information_schema.tables where table_schema = 'records' and table_name = $1",
            [table],
          )
        ).length,
      ).toBe(0);
    });
  },
);
