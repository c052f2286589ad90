import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '../../../src/domain/documents/types';
import type { FlowField, HttpMethod, RestMethodFlow } from '../../../src/domain/flow/types';
import { call, signIn } from '../../support/api';
import { saveAndPublish, saveConnection, throwawayDatabase } from '../../support/externalDatabase';
import { countingGuids, flowOf, type Step } from '../../support/flowBuilders';
import { publishFlow } from '../../support/publishFlow';
import { demoToken, restCall } from '../../support/restCall';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';
const url = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : undefined;

const REMOTE_SQL = `
  create table customer (
    id serial primary key, name varchar(50) not null, city varchar(40), credit numeric(10, 2) not null default 0);
  insert into customer (name, city, credit) values ('Ada', 'Paris', 100.50), ('Bob', 'Oslo', 20), ('Cy', 'Paris', 7.25);
  create view paris_customer as select id, name, credit from customer where city = 'Paris';`;

type Table = { Name: string; IsView: boolean; Key: string | null; Elements: Document['Elements'] };

// Issue 30 point 2: documents over an existing table or view of another PostgreSQL database, picked from
// its live catalogue, edited in the Document Editor and read and written by flows; methods of the query
// script type. Everything is built through the UIServices calls; the other database is a throwaway one
// on the test PostgreSQL, so this runs only with TEST_DATABASE_URL.
describe.skipIf(!url).each(databaseTargets)(
  'documents and query methods on an external PostgreSQL ($name; issue 30 point 2)',
  (target) => {
    let database: Awaited<ReturnType<typeof throwawayDatabase>>;
    let server: TestServer;
    let token: string;
    let apiToken: string;
    let connection: string;
    let tables: Table[];
    const customers = randomUUID();
    const parisCustomers = randomUUID();

    const documentPath = (guid: string) => `DocumentBuilder/PostConnectionDocument/${connection}/${guid}`;
    const documentOf = (guid: string, name: string, table: string, elements: Document['Elements']) => ({
      Guid: guid,
      Name: name,
      Type: 'List',
      FlowConnectionGuid: connection,
      Table: table,
      References: [],
      Elements: elements,
    });
    const publishDocument = (body: ReturnType<typeof documentOf>) =>
      saveAndPublish(
        server,
        token,
        documentPath(body.Guid),
        `DocumentBuilder/GetConnectionDocument/${connection}/${body.Guid}`,
        body,
      );
    const remoteRows = async (sql: string) => (await database.remote.query(sql)).rows;

    beforeAll(async () => {
      database = await throwawayDatabase(url!, REMOTE_SQL);
      server = await startTestServer(target);
      token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
      apiToken = await demoToken(server);
      connection = await saveConnection(server, token, `Crm_${customers.slice(0, 6)}`, database.settings);
      const answer = await call(server, 'GET', `DocumentBuilder/GetConnectionTables/${connection}`, {
        token,
      });
      expect(answer.status).toBe(200);
      tables = answer.body as unknown as Table[];
    });
    afterAll(async () => {
      await server?.close();
      await database?.drop();
    });

    it('GetConnectionTables lists tables and views with their columns as typed fields, the primary key as the key (spec part 2 §2 Document Builder, §3 Field options)', () => {
      const customer = tables.find((table) => table.Name === 'public.customer');
      expect(customer).toMatchObject({ IsView: false, Key: 'id' });
      expect(customer?.Elements).toEqual([
        {
          Name: 'id',
          Type: 'Number',
          Order: 0,
          IsKey: true,
          IsId: true,
          IsUpdatable: false,
          Validation: { IsRequired: true },
        },
        {
          Name: 'name',
          Type: 'String',
          Order: 1,
          IsUpdatable: true,
          Validation: { IsRequired: true, MaxLength: 50 },
        },
        { Name: 'city', Type: 'String', Order: 2, IsUpdatable: true, Validation: { MaxLength: 40 } },
        // Not null with a default: an insert without it takes the default, so it is not required.
        { Name: 'credit', Type: 'Decimal', Order: 3, IsUpdatable: true },
      ]);
      expect(tables.find((table) => table.Name === 'public.paris_customer')).toMatchObject({
        IsView: true,
        Key: null,
      });
    });

    it('the internal connection has no tables to pick (400 db.error.noTables)', async () => {
      const answer = await call(
        server,
        'GET',
        'DocumentBuilder/GetConnectionTables/9b8a7c6d-5e4f-4a3b-9c2d-1e0f0a1b2c3d',
        { token },
      );
      expect([answer.status, answer.body.MessageKey]).toEqual([400, 'db.error.noTables']);
    });

    it('publishing checks the document against the catalogue and creates nothing there (spec part 2 §5 Document)', async () => {
      const before = await remoteRows(
        "select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace",
      );
      const customer = tables.find((table) => table.Name === 'public.customer')!;
      const missing = await publishDocument(
        documentOf(randomUUID(), 'Wrong', 'public.customer', [
          ...customer.Elements,
          { Name: 'nickname', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 20 } },
        ]),
      );
      expect(missing.status).toBe(400);
      expect(missing.body.Errors).toEqual([
        expect.objectContaining({ Path: '/Elements/4/Name', MessageKey: 'db.validation.columnNotFound' }),
      ]);
      const noTable = await publishDocument(
        documentOf(randomUUID(), 'Nowhere', 'public.nowhere', customer.Elements),
      );
      expect(noTable.body.Errors).toEqual([
        expect.objectContaining({ Path: '/Table', MessageKey: 'db.validation.tableNotFound' }),
      ]);
      const published = await publishDocument(
        documentOf(customers, 'Customers', 'customer', customer.Elements),
      );
      expect(published.status).toBe(200);
      const stored = await call(
        server,
        'GET',
        `DocumentBuilder/GetConnectionDocument/${connection}/${customers}`,
        {
          token,
        },
      );
      // The catalogue's name and kind, not the client's.
      expect(stored.body).toMatchObject({ Table: 'public.customer', IsView: false, IsPublished: true });
      const view = tables.find((table) => table.Name === 'public.paris_customer')!;
      // A view has no primary key: the admin marks one (spec part 2 §5: a list document needs one key).
      const keyed = view.Elements.map((field) =>
        field.Name === 'id'
          ? { ...field, IsKey: true, IsUpdatable: false, Validation: { IsRequired: true } }
          : field,
      );
      expect(
        (await publishDocument(documentOf(parisCustomers, 'ParisCustomers', 'public.paris_customer', keyed)))
          .status,
      ).toBe(200);
      expect(
        await remoteRows(
          "select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace",
        ),
      ).toEqual(before);
    });

    it('the Document Editor lists, creates, updates and deletes records of the remote table (spec part 2 §2 Document Editor, §7 DocumentEditor)', async () => {
      const records = `DocumentEditor/GetConnectionDocument/${connection}/${customers}/records`;
      const page = await call(server, 'GET', `${records}?sort=credit&direction=DESC`, { token });
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({
        Total: 3,
        Records: [
          { name: 'Ada', credit: '100.50' },
          { name: 'Bob', credit: '20.00' },
          { name: 'Cy', credit: '7.25' },
        ],
      });
      const created = await call(
        server,
        'POST',
        `DocumentEditor/PostRecord/${connection}/${customers}?IsNew=true`,
        {
          token,
          body: { name: 'Dee', city: 'Rome', credit: 5 },
        },
      );
      expect(created.status).toBe(200);
      const id = created.body.id as number;
      expect(
        await remoteRows(`select name, city, credit::text as credit from customer where id = ${id}`),
      ).toEqual([{ name: 'Dee', city: 'Rome', credit: '5.00' }]);
      const updated = await call(
        server,
        'POST',
        `DocumentEditor/PostRecord/${connection}/${customers}?IsNew=false`,
        {
          token,
          body: { id, city: 'Milan' },
        },
      );
      expect([updated.status, updated.body.city, updated.body.name]).toEqual([200, 'Milan', 'Dee']);
      const one = await call(server, 'GET', `${records}?keyField=id&keyValue=${id}`, { token });
      expect(one.body).toMatchObject({ Records: [{ id, city: 'Milan' }], Total: 1 });
      const deleted = await call(
        server,
        'DELETE',
        `DocumentEditor/DeleteRecord/${connection}/${customers}?keyField=id&keyValue=${id}`,
        { token },
      );
      expect(deleted.status).toBe(200);
      expect(await remoteRows(`select 1 from customer where id = ${id}`)).toEqual([]);
      const again = await call(
        server,
        'DELETE',
        `DocumentEditor/DeleteRecord/${connection}/${customers}?keyField=id&keyValue=${id}`,
        { token },
      );
      expect([again.status, again.body.MessageKey]).toEqual([404, 'de.error.loadRecord']);
    });

    it('a document over a view is read only: the editor lists it and refuses a write (400 de.error.viewReadOnly)', async () => {
      const page = await call(
        server,
        'GET',
        `DocumentEditor/GetConnectionDocument/${connection}/${parisCustomers}/records`,
        { token },
      );
      expect(page.body).toMatchObject({ Total: 2, Records: [{ name: 'Ada' }, { name: 'Cy' }] });
      const write = await call(server, 'POST', `DocumentEditor/PostRecord/${connection}/${parisCustomers}`, {
        token,
        body: { id: 1, name: 'Ada Lovelace' },
      });
      expect([write.status, write.body.MessageKey]).toEqual([400, 'de.error.viewReadOnly']);
      expect(await remoteRows('select name from customer where id = 1')).toEqual([{ name: 'Ada' }]);
    });

    let counter = 0;
    async function publish(
      steps: Step[],
      options: { method?: HttpMethod; startFields?: FlowField[]; result?: { output?: FlowField[] } },
    ) {
      counter += 1;
      const built = flowOf(steps, { ...options, newGuid: countingGuids(`d${counter}`) });
      const flow: RestMethodFlow = {
        ...built.flow,
        Guid: randomUUID(),
        Name: `extdocs/flow${counter}`,
        Api: ORDERS_API,
        IsScript: false,
      };
      await publishFlow(server.db, flow);
      return `orders_api/${flow.Name}`;
    }
    const documentAction = (guid: string, name: string, isRead: boolean) => ({
      Guid: guid,
      Name: name,
      Type: 'Document' as const,
      FlowConnectionGuid: connection,
      IsRead: isRead,
    });

    it('READ and WRITE blocks run on a document over the remote table (spec part 2 §3 Block read/write)', async () => {
      const read = await publish(
        [
          {
            type: 'read',
            config: {
              Action: documentAction(customers, 'Customers', true),
              Mapping: [{ From: 'id', To: 'id' }],
              FirstMatch: true,
            },
            output: [
              { Name: 'name', Type: 'String' },
              { Name: 'credit', Type: 'Decimal' },
            ],
          },
        ],
        {
          startFields: [{ Name: 'id', Type: 'Number', Validation: { IsRequired: true } }],
          result: { output: [{ Name: 'name' }, { Name: 'credit' }] },
        },
      );
      expect(await restCall(server, 'GET', `${read}?id=2`, { token: apiToken })).toMatchObject({
        status: 200,
        body: { name: 'Bob', credit: 20 },
      });
      const write = await publish(
        [
          {
            type: 'write',
            config: {
              Action: documentAction(customers, 'Customers', false),
              Mapping: [
                { From: 'name', To: 'name' },
                { From: 'city', To: 'city' },
              ],
            },
            output: [{ Name: 'id', Type: 'Number' }],
          },
        ],
        {
          method: 'POST',
          startFields: [
            { Name: 'name', Type: 'String', Validation: { IsRequired: true, MaxLength: 50 } },
            { Name: 'city', Type: 'String', Validation: { MaxLength: 40 } },
          ],
          result: { output: [{ Name: 'id' }] },
        },
      );
      const written = await restCall(server, 'POST', write, {
        token: apiToken,
        body: { name: 'Eve', city: 'Lyon' },
      });
      expect(written.status).toBe(200);
      expect(
        await remoteRows(
          `select name, city, credit::text as credit from customer where id = ${written.body.id}`,
        ),
      ).toEqual([{ name: 'Eve', city: 'Lyon', credit: '0.00' }]);
    });

    it('a WRITE on a document over a view is refused with the view named; a READ of it answers (spec part 2 §3 Block write)', async () => {
      const read = await publish(
        [
          {
            type: 'read',
            config: {
              Action: documentAction(parisCustomers, 'ParisCustomers', true),
              Mapping: [{ From: 'id', To: 'id' }],
              FirstMatch: true,
            },
            output: [{ Name: 'name', Type: 'String' }],
          },
        ],
        {
          startFields: [{ Name: 'id', Type: 'Number', Validation: { IsRequired: true } }],
          result: { output: [{ Name: 'name' }] },
        },
      );
      expect((await restCall(server, 'GET', `${read}?id=3`, { token: apiToken })).body).toEqual({
        name: 'Cy',
      });
      const write = await publish(
        [
          {
            type: 'write',
            config: {
              Action: documentAction(parisCustomers, 'ParisCustomers', false),
              Mapping: [{ From: 'name', To: 'name' }],
            },
          },
        ],
        {
          method: 'POST',
          startFields: [{ Name: 'name', Type: 'String', Validation: { IsRequired: true, MaxLength: 50 } }],
        },
      );
      const refused = await restCall(server, 'POST', write, { token: apiToken, body: { name: 'Zed' } });
      expect(refused.status).toBe(501);
      expect(refused.body).toMatchObject({ MessageKey: 'runtime.notRunnable' });
      expect(String(refused.body.Message)).toContain('the view public.paris_customer');
      expect(await remoteRows("select 1 from customer where name = 'Zed'")).toEqual([]);
    });

    it('the Flow Builder offers a document over a view to read blocks only, and publish refuses a write block on it (issue 30 point 2: validates means runs)', async () => {
      const offered = async (isRead: boolean) =>
        (
          (
            await call(server, 'GET', `FlowBuilder/GetActionsRestFlow/${connection}?IsReadAction=${isRead}`, {
              token,
            })
          ).body as unknown as Array<{ Guid: string; IsReadOnly?: boolean }>
        ).find((action) => action.Guid === parisCustomers);
      expect(await offered(true)).toMatchObject({ IsReadOnly: true });
      expect(await offered(false)).toBeUndefined();
      const built = flowOf(
        [
          {
            type: 'write',
            config: {
              Action: documentAction(parisCustomers, 'ParisCustomers', false),
              Mapping: [
                { From: 'id', To: 'id' },
                { From: 'name', To: 'name' },
              ],
            },
          },
        ],
        {
          method: 'POST',
          newGuid: countingGuids('view'),
          startFields: [
            { Name: 'id', Type: 'Number', Validation: { IsRequired: true } },
            { Name: 'name', Type: 'String', Validation: { IsRequired: true, MaxLength: 50 } },
          ],
        },
      );
      const refused = await call(server, 'POST', 'FlowBuilder/PostRestMethodFlow', {
        token,
        body: {
          ...built.flow,
          Guid: randomUUID(),
          VersionGuid: randomUUID(),
          Name: `extdocs/view_${randomUUID().slice(0, 6)}`,
          Api: ORDERS_API,
          IsNew: true,
          IsPublished: true,
          IsActive: true,
        },
      });
      expect(refused.status).toBe(400);
      expect(
        (refused.body.Errors as Array<{ MessageKey: string }>).map((error) => error.MessageKey),
      ).toContain('fb.flowErrors.actionReadOnly');
    });

    it('a READ runs on a composed document over the remote table, through its root document (spec part 2 §3 Composed document, Block read)', async () => {
      const guid = randomUUID();
      const saved = await call(
        server,
        'POST',
        `ComposedDocument/PostComposedDocument/${connection}/${guid}`,
        {
          token,
          body: {
            Guid: guid,
            Name: 'CustomersWithParis',
            FlowConnectionGuid: connection,
            IsRead: true,
            IsPublished: true,
            Document: {
              Name: 'Customers',
              Guid: customers,
              Method: 'read',
              Childs: [
                {
                  ChildName: 'Paris',
                  Name: 'ParisCustomers',
                  Guid: parisCustomers,
                  Method: 'read',
                  KeyField: 'id',
                  ChildField: 'id',
                  Childs: [],
                },
              ],
            },
          },
        },
      );
      expect([saved.status, saved.body]).toEqual([200, expect.anything()]);
      const read = await publish(
        [
          {
            type: 'read',
            config: {
              Action: {
                Guid: guid,
                Name: 'CustomersWithParis',
                Type: 'ComposedDocument' as const,
                FlowConnectionGuid: connection,
                IsRead: true,
              },
              Mapping: [{ From: 'id', To: 'id' }],
              FirstMatch: true,
            },
            output: [{ Name: 'name', Type: 'String' }],
          },
        ],
        {
          startFields: [{ Name: 'id', Type: 'Number', Validation: { IsRequired: true } }],
          result: { output: [{ Name: 'name' }] },
        },
      );
      expect(await restCall(server, 'GET', `${read}?id=3`, { token: apiToken })).toMatchObject({
        status: 200,
        body: { name: 'Cy' },
      });
    });

    /** A query-script method (IsSp false) saved and published through the Method Builder's calls. */
    async function queryMethod(
      name: string,
      script: string,
      isRead: boolean,
      input: object[],
      output: object[],
    ) {
      const guid = randomUUID();
      const answer = await saveAndPublish(
        server,
        token,
        `SPActionDocument/PostConnectionMethod/${connection}/${guid}`,
        `SPActionDocument/GetConnectionMethod/${connection}/${guid}`,
        {
          Guid: guid,
          Name: name,
          FlowConnectionGuid: connection,
          IsSp: false,
          IsRead: isRead,
          FullOutput: false,
          Script: script,
          Input: input,
          Output: output,
        },
      );
      expect([answer.status, answer.body]).toEqual([200, expect.anything()]);
      return guid;
    }
    const methodAction = (guid: string, name: string, isRead: boolean) => ({
      Guid: guid,
      Name: name,
      Type: 'Method' as const,
      FlowConnectionGuid: connection,
      IsRead: isRead,
    });

    it('a query script method runs in READ and WRITE blocks with its inputs bound as $1…, never spliced into the text (spec part 1 §3 Method: script)', async () => {
      const richest = await queryMethod(
        'richest_in',
        'select name, credit from customer where city = $1 order by credit desc;',
        true,
        [{ Name: 'city', Type: 'String', Validation: { Required: true, Max: 40 } }],
        [
          { Name: 'name', Type: 'String', Validation: { Max: 50 } },
          { Name: 'credit', Type: 'Decimal' },
        ],
      );
      const stored = await call(
        server,
        'GET',
        `SPActionDocument/GetConnectionMethod/${connection}/${richest}`,
        {
          token,
        },
      );
      expect(stored.body).toMatchObject({ Type: 'Query', IsSp: false });
      const read = await publish(
        [
          {
            type: 'read',
            config: {
              Action: methodAction(richest, 'richest_in', true),
              Mapping: [{ From: 'town', To: 'city' }],
              FirstMatch: true,
            },
            output: [
              { Name: 'name', Type: 'String' },
              { Name: 'credit', Type: 'Decimal' },
            ],
          },
        ],
        {
          startFields: [{ Name: 'town', Type: 'String', Validation: { IsRequired: true, MaxLength: 40 } }],
          result: { output: [{ Name: 'name' }, { Name: 'credit' }] },
        },
      );
      expect(await restCall(server, 'GET', `${read}?town=Paris`, { token: apiToken })).toMatchObject({
        status: 200,
        body: { name: 'Ada', credit: 100.5 },
      });
      // Text that would widen the query if it were spliced in is only a city that no customer lives in.
      const injected = await restCall(server, 'GET', `${read}?town=${encodeURIComponent("x' or '1'='1")}`, {
        token: apiToken,
      });
      expect(injected).toMatchObject({ status: 200, body: { name: null, credit: null } });

      const add = await queryMethod(
        'add_customer',
        'insert into customer (name, city, credit) values ($1, $2, $3) returning id',
        false,
        [
          { Name: 'name', Type: 'String', Validation: { Required: true, Max: 50 } },
          { Name: 'city', Type: 'String', Validation: { Max: 40 } },
          { Name: 'credit', Type: 'Decimal' },
        ],
        [{ Name: 'id', Type: 'Number' }],
      );
      const write = await publish(
        [
          {
            type: 'write',
            config: {
              Action: methodAction(add, 'add_customer', false),
              // Mapped out of the inputs' order: binding follows the method's inputs, not the mapping.
              Mapping: [
                { From: 'credit', To: 'credit' },
                { From: 'name', To: 'name' },
                { From: 'city', To: 'city' },
              ],
            },
            output: [{ Name: 'id', Type: 'Number' }],
          },
        ],
        {
          method: 'POST',
          startFields: [
            { Name: 'name', Type: 'String', Validation: { IsRequired: true, MaxLength: 50 } },
            { Name: 'city', Type: 'String', Validation: { MaxLength: 40 } },
            { Name: 'credit', Type: 'Decimal', Validation: { IsRequired: true } },
          ],
          result: { output: [{ Name: 'id' }] },
        },
      );
      const written = await restCall(server, 'POST', write, {
        token: apiToken,
        body: { name: "O'Neil", city: 'Cork', credit: 12.5 },
      });
      expect(written.status).toBe(200);
      expect(
        await remoteRows(
          `select name, city, credit::text as credit from customer where id = ${written.body.id}`,
        ),
      ).toEqual([{ name: "O'Neil", city: 'Cork', credit: '12.50' }]);
    });
  },
);
