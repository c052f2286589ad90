import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../server/connections/connectionKind';
import { call, signIn } from '../support/api';
import { limitedUser } from '../support/limitedUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const demo = DEMO_CONNECTION_GUID;
const realPostgres = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : null;

type Field = { Name: string; Type: string; Validation?: { Required?: boolean; Max?: number } };
const short = (fields: Field[]) =>
  fields.map(
    (field) =>
      `${field.Name}:${field.Type}${field.Validation?.Required ? '!' : ''}${field.Validation?.Max ? `(${field.Validation.Max})` : ''}`,
  );

const method = (overrides: Record<string, unknown> = {}) => ({
  Guid: randomUUID(),
  Name: `Orders_${randomUUID().slice(0, 6)}`,
  Type: 'Stored Procedure',
  FlowConnectionGuid: demo,
  IsSp: true,
  IsRead: true,
  Script: 'demo.list_orders',
  Input: [{ Name: 'p_customer_id', Type: 'Number', Validation: { Required: true } }],
  Output: [{ Name: 'status', Type: 'String', Validation: { Max: 20 } }],
  ...overrides,
});

describe.each(databaseTargets)(
  'methods and the live catalog on $name (spec part 1 §3, §5, §7 "Methods")',
  (target) => {
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      server = await startTestServer(target);
      token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(() => server?.close());

    it('lists the demo schema’s functions and procedures from pg_proc; excludeDocumentedSPs hides wrapped ones', async () => {
      const all = await call(server, 'GET', `SPActionDocument/GetSPS/${demo}`, { token });
      expect(all.status).toBe(200);
      expect(all.body.map((routine) => `${routine.Name} ${routine.Kind} ${routine.IsDocumented}`)).toEqual([
        'demo.close_orders procedure false',
        'demo.get_customer function true',
        'demo.list_orders function false',
        'demo.order_total function false',
        'demo.upsert_customer function false',
      ]);
      const open = await call(server, 'GET', `SPActionDocument/GetSPS/${demo}?excludeDocumentedSPs=true`, {
        token,
      });
      expect(open.body.map((routine) => routine.Name)).not.toContain('demo.get_customer');
      expect(open.body).toHaveLength(4);
    });

    it.each<[string, string[], string[], boolean]>([
      [
        'demo.get_customer',
        ['p_id:Number!'],
        [
          'id:Number',
          'guid:Guid',
          'name:String(100)',
          'email:String(254)',
          'country:String(2)',
          'credit_limit:Decimal',
          'is_active:Boolean',
          'created:DateTime',
        ],
        true,
      ],
      [
        'demo.list_orders',
        ['p_customer_id:Number!', 'p_from:DateOnly'],
        ['order_id:Number', 'order_date:DateOnly', 'status:String', 'total:Decimal'],
        true,
      ],
      [
        'demo.upsert_customer',
        ['p_guid:Guid!', 'p_name:String!', 'p_email:String', 'p_country:String'],
        ['upsert_customer:Number'],
        false,
      ],
      ['demo.order_total', ['p_order_id:Number!'], ['order_total:Decimal'], true],
      ['demo.close_orders', ['p_before:DateOnly!', 'p_closed:Number'], ['p_closed:Number'], false],
    ])('reads the parameters and result columns of %s', async (name, inputs, outputs, isRead) => {
      const answer = await call(server, 'GET', `SPActionDocument/GetSPParameters/${demo}/${name}`, { token });
      expect(answer.status).toBe(200);
      expect(short(answer.body.Input as Field[])).toEqual(inputs);
      expect(short(answer.body.Output as Field[])).toEqual(outputs);
      expect(answer.body.IsRead).toBe(isRead);
    });

    it.each(['demo.nothing', 'pg_catalog.now', 'public.list_orders'])('answers 404 for %s', async (name) => {
      const answer = await call(server, 'GET', `SPActionDocument/GetSPParameters/${demo}/${name}`, { token });
      expect(answer.status).toBe(404);
      expect(answer.body.Message).toBe('The stored procedure was not found on this connection');
    });

    it('says why a connection has no catalog, or cannot be reached', async () => {
      const rest = randomUUID();
      await call(server, 'POST', 'Connection/PostConnection', {
        token,
        body: {
          FlowConnectionGuid: rest,
          Name: `api_${rest.slice(0, 6)}`,
          Type: 'REST API',
          FlowCredential: { Settings: { BaseUrl: 'https://api.example.com', ApiKey: 'k' } },
        },
      });
      const none = await call(server, 'GET', `SPActionDocument/GetSPS/${rest}`, { token });
      expect([none.status, none.body.Message]).toEqual([400, 'This connection has no stored procedures']);
      const down = randomUUID();
      await call(server, 'POST', 'Connection/PostConnection', {
        token,
        body: {
          FlowConnectionGuid: down,
          Name: `down_${down.slice(0, 6)}`,
          Type: 'PostgreSQL',
          FlowCredential: { Settings: { Host: '127.0.0.1', Port: 1, Database: 'x', User: 'x' } },
        },
      });
      const unreachable = await call(server, 'GET', `SPActionDocument/GetSPS/${down}`, { token });
      expect(unreachable.status).toBe(502);
      expect(unreachable.body.Message).toBe(
        'The stored procedures could not be read: connect ECONNREFUSED 127.0.0.1:1',
      );
      const unknown = await call(server, 'GET', `SPActionDocument/GetSPS/${randomUUID()}`, { token });
      expect([unknown.status, unknown.body.Message]).toEqual([404, 'The connection was not found']);
    });

    it.runIf(realPostgres)(
      'reads the catalog of a real PostgreSQL server through a PostgreSQL connection',
      async () => {
        const url = realPostgres!;
        const name = `catalog_${randomUUID().slice(0, 8)}`;
        const admin = new pg.Client({ connectionString: url.toString() });
        await admin.connect();
        await admin.query(`create database ${name}`);
        const target = new URL(url.toString());
        target.pathname = `/${name}`;
        const owner = new pg.Client({ connectionString: target.toString() });
        await owner.connect();
        try {
          await owner.query(`create schema sales;
        create function sales.find_order(p_id bigint, p_code varchar(10) default 'x') returns table(code varchar(10), amount numeric) language sql as $$ select p_code, 1.0 $$;`);
          const guid = randomUUID();
          await call(server, 'POST', 'Connection/PostConnection', {
            token,
            body: {
              FlowConnectionGuid: guid,
              Name: `sales_${guid.slice(0, 6)}`,
              Type: 'PostgreSQL',
              FlowCredential: {
                Settings: {
                  Host: url.hostname,
                  Port: Number(url.port || 5432),
                  Database: name,
                  User: decodeURIComponent(url.username),
                  Password: decodeURIComponent(url.password) || 'unused',
                  Schemas: 'sales',
                },
              },
            },
          });
          const routines = await call(server, 'GET', `SPActionDocument/GetSPS/${guid}`, { token });
          expect(routines.body.map((routine) => routine.Name)).toEqual(['sales.find_order']);
          const parameters = await call(
            server,
            'GET',
            `SPActionDocument/GetSPParameters/${guid}/sales.find_order`,
            { token },
          );
          expect(short(parameters.body.Input as Field[])).toEqual(['p_id:Longnumber!', 'p_code:String']);
          expect(short(parameters.body.Output as Field[])).toEqual(['code:String', 'amount:Decimal']);
          expect(parameters.body.IsRead).toBe(false);
        } finally {
          await owner.end();
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        }
      },
    );

    it('creates, lists, reads, publishes and deletes a method of a connection', async () => {
      const item = method();
      const created = await call(
        server,
        'POST',
        `SPActionDocument/PostConnectionMethod/${demo}/${item.Guid}`,
        { token, body: item },
      );
      expect(created.body).toEqual({ Guid: item.Guid, Revision: 1 });
      const listed = await call(server, 'GET', `SPActionDocument/GetConnectionMethods/${demo}`, { token });
      expect(listed.body.map((entry) => entry.Name)).toContain(item.Name);
      const read = await call(server, 'GET', `SPActionDocument/GetConnectionMethod/${demo}/${item.Guid}`, {
        token,
      });
      expect(read.body).toMatchObject({ ...item, Status: 'draft', Revision: 1 });
      // Publishing is the save call with IsPublished set (part 1 §4).
      await call(server, 'POST', `SPActionDocument/PostConnectionMethod/${demo}/${item.Guid}`, {
        token,
        body: { ...read.body, IsPublished: true },
      });
      expect(
        (await call(server, 'GET', `SPActionDocument/GetConnectionMethod/${demo}/${item.Guid}`, { token }))
          .body.Status,
      ).toBe('published');
      // Now wrapped, the procedure no longer shows with excludeDocumentedSPs.
      const open = await call(server, 'GET', `SPActionDocument/GetSPS/${demo}?excludeDocumentedSPs=true`, {
        token,
      });
      expect(open.body.map((routine) => routine.Name)).not.toContain('demo.list_orders');
      expect(
        (
          await call(server, 'DELETE', `SPActionDocument/DeleteConnectionMethod/${demo}/${item.Guid}`, {
            token,
          })
        ).body,
      ).toBe(true);
      const gone = await call(server, 'GET', `SPActionDocument/GetConnectionMethod/${demo}/${item.Guid}`, {
        token,
      });
      expect([gone.status, gone.body.Message]).toEqual([404, 'The method was not found']);
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['no inputs on a write method', { IsRead: false, Input: [] }, '/Input', 'noInputSet'],
      ['no outputs without full output', { Output: [] }, '/Output', 'noOutputSet'],
      [
        'a string output without max length',
        { Output: [{ Name: 'status', Type: 'String' }] },
        '/Output/0/Validation/Max',
        'noMaxlengthOutputField',
      ],
      ['no stored procedure', { Script: '' }, '/Script', 'scriptEmpty'],
      [
        'a field name with a space',
        { Input: [{ Name: 'p id', Type: 'Number' }] },
        '/Input/0/Name',
        'method.validation.fieldNameContainsSpace',
      ],
      [
        'duplicate field names',
        {
          Output: [
            { Name: 'a1', Type: 'Number' },
            { Name: 'A1', Type: 'Number' },
          ],
        },
        '/Output/1/Name',
        'method.validation.fieldNameNotUnique',
      ],
      [
        'an unknown field type',
        { Input: [{ Name: 'p_id', Type: 'Integer' }] },
        '/Input/0/Type',
        'fieldTypeError',
      ],
    ])('refuses a method with %s (part 1 §5 "Method")', async (_case, overrides, path, key) => {
      const item = method(overrides);
      const answer = await call(
        server,
        'POST',
        `SPActionDocument/PostConnectionMethod/${demo}/${item.Guid}`,
        { token, body: item },
      );
      expect(answer.status).toBe(400);
      expect(
        (answer.body.Errors as Array<{ Path: string; MessageKey: string }>).map(
          (error) => `${error.Path} ${error.MessageKey}`,
        ),
      ).toContain(`${path} ${key}`);
    });

    it('keeps method names unique per connection, ignoring case (part 1 §5)', async () => {
      const first = method({ Name: 'Unique_orders' });
      await call(server, 'POST', `SPActionDocument/PostConnectionMethod/${demo}/${first.Guid}`, {
        token,
        body: first,
      });
      const clash = method({ Name: 'UNIQUE_ORDERS' });
      const answer = await call(
        server,
        'POST',
        `SPActionDocument/PostConnectionMethod/${demo}/${clash.Guid}`,
        { token, body: clash },
      );
      expect([answer.status, answer.body.Message]).toEqual([
        400,
        'A method with this name already exists on this connection',
      ]);
      const other = randomUUID();
      await call(server, 'POST', 'Connection/PostConnection', {
        token,
        body: {
          FlowConnectionGuid: other,
          Name: `second_${other.slice(0, 6)}`,
          Type: 'Internal PostgreSQL',
          FlowCredential: { Settings: {} },
        },
      });
      const elsewhere = method({ Name: 'Unique_orders', FlowConnectionGuid: other });
      expect(
        (
          await call(server, 'POST', `SPActionDocument/PostConnectionMethod/${other}/${elsewhere.Guid}`, {
            token,
            body: elsewhere,
          })
        ).status,
      ).toBe(200);
    });

    it('answers 409 with the stored method for a stale save', async () => {
      const item = method();
      const path = `SPActionDocument/PostConnectionMethod/${demo}/${item.Guid}`;
      await call(server, 'POST', path, { token, body: item });
      await call(server, 'POST', path, { token, body: { ...item, Description: 'theirs', Revision: 1 } });
      const mine = await call(server, 'POST', path, {
        token,
        body: { ...item, Description: 'mine', Revision: 1 },
      });
      expect(mine.status).toBe(409);
      expect((mine.body.Current as { Description: string }).Description).toBe('theirs');
    });

    it('lets a reader read methods and the catalog but not save (part 1 §6)', async () => {
      const reader = await limitedUser(server, token, { MethodBuilder: { Read: true } });
      const readerToken = reader.tokens.Token;
      expect(
        (await call(server, 'GET', `SPActionDocument/GetConnectionMethods/${demo}`, { token: readerToken }))
          .status,
      ).toBe(200);
      expect(
        (await call(server, 'GET', `SPActionDocument/GetSPS/${demo}`, { token: readerToken })).status,
      ).toBe(200);
      const item = method();
      expect(
        (
          await call(server, 'POST', `SPActionDocument/PostConnectionMethod/${demo}/${item.Guid}`, {
            token: readerToken,
            body: item,
          })
        ).status,
      ).toBe(403);
    });
  },
);
