import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../../server/connections/connectionKind';
import { createTicket } from '../../../server/connectors/internal/createTicket';
import { qualifiedTable } from '../../../server/documents/recordTable';
import { FlowStore } from '../../../server/flows/flowStore';
import { ItemStore } from '../../../server/items/itemStore';
import { methodKind } from '../../../server/methods/methodKind';
import { demoFlowCustomers } from '../../../server/seed/demo/050_flows';
import type { BlockConfig, FlowField, HttpMethod, RestMethodFlow } from '../../../src/domain/flow/types';
import { call, signIn } from '../../support/api';
import { countingGuids, flowOf, type Step } from '../../support/flowBuilders';
import { publishFlow } from '../../support/publishFlow';
import { demoToken, restCall } from '../../support/restCall';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

/** The demo REST API (server/seed/demo/031_restApis.ts) and the flow demo's documents (050_flows.ts). */
const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';
const CUSTOMERS = { Guid: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a02', Name: 'FlowDemoCustomer' };
const NOTIFICATIONS = { Guid: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a03', Name: 'FlowDemoNotification' };
const GET_CUSTOMER_METHOD = '8e3fa021-2b3c-4d4e-9f50-6b7c8d9e0f01';
const UPSERT_CUSTOMER_METHOD = '8e3fa021-2b3c-4d4e-9f50-6b7c8d9e0f99';

const documentAction = (document: { Guid: string; Name: string }, isRead = true) => ({
  Guid: document.Guid,
  Name: document.Name,
  Type: 'Document',
  FlowConnectionGuid: DEMO_CONNECTION_GUID,
  IsRead: isRead,
});

/**
 * The runtime through real calls (issue 17 acceptance: each block type through a real call; the
 * 401/403/400/404/501 cases; a write rolled back by an error block; injection attempts land as data).
 * Flows are stored as the Flow Builder stores them (FlowStore), published and active.
 */
describe.each(databaseTargets)('the flow runtime on $name (issue 17)', (target) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  /** The stored REST API's revision: a save of it names the version it changes (issue 29 point 9). */
  const revisionOf = async (guid: string) =>
    Number((await call(server, 'GET', `RestApi/GetRestApiByGuid/${guid}`, { token: admin })).body.Revision);
  beforeAll(async () => {
    server = await startTestServer(target, {
      runtime: {
        ...(await import('../../../server/config')).configFromEnv({}).runtime,
        readRowCap: 3,
        rateLimitPerMinute: 200,
      },
    });
    token = await demoToken(server);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    await new ItemStore(server.db).save(
      methodKind,
      {
        Guid: UPSERT_CUSTOMER_METHOD,
        Name: 'UpsertCustomer',
        Type: 'Stored Procedure',
        FlowConnectionGuid: DEMO_CONNECTION_GUID,
        IsSp: true,
        IsRead: false,
        Script: 'demo.upsert_customer',
        IsPublished: true,
        Input: [
          { Name: 'p_guid', Type: 'Guid', Validation: { Required: true } },
          { Name: 'p_name', Type: 'String', Validation: { Required: true, Max: 100 } },
        ],
        Output: [{ Name: 'upsert_customer', Type: 'Number' }],
      },
      { scope: DEMO_CONNECTION_GUID, by: 'test', now: Date.now() / 1000 },
    );
  });
  afterAll(() => server?.close());

  let counter = 0;
  /** Stores a flow START → steps → RESULT → CLOSE under orders_api, published and active; answers its path. */
  async function publish(
    steps: Step[],
    options: {
      method?: HttpMethod;
      startFields?: FlowField[];
      result?: { config?: BlockConfig; output?: FlowField[] };
      api?: string;
      isScript?: boolean;
      active?: boolean;
      guid?: string;
    } = {},
  ) {
    counter += 1;
    const built = flowOf(steps, { ...options, newGuid: countingGuids(`c${counter}`) });
    const flow: RestMethodFlow = {
      ...built.flow,
      Guid: options.guid ?? randomUUID(),
      Name: `runtime/flow${counter}`,
      Api: options.api ?? ORDERS_API,
      IsScript: options.isScript === true,
    };
    await new FlowStore(server.db).save(flow, {
      by: 'test',
      now: Date.now() / 1000,
      publish: true,
      enable: options.active !== false,
    });
    return { path: `orders_api/${flow.Name}`, flow, guids: built.guids, result: built.result };
  }

  const get = (path: string, query = '') => restCall(server, 'GET', `${path}${query}`, { token });
  const post = (path: string, body: unknown, method: 'POST' | 'PUT' | 'DELETE' = 'POST') =>
    restCall(server, method, path, { token, body });

  describe('start (spec part 2 §3 "Block" start: types, required, max length, defaults, nested fields)', () => {
    it('fills defaults, keeps nested objects and arrays, answers every flow field with full output', async () => {
      const { path } = await publish([], {
        method: 'POST',
        startFields: [
          { Name: 'id', Type: 'Guid', Default: { Type: 'NewGuid' } },
          { Name: 'day', Type: 'DateOnly', Default: { Type: 'CurrentDate' } },
          { Name: 'at', Type: 'DateTime', Default: { Type: 'CurrentDateTime' } },
          { Name: 'caller', Type: 'String', Default: { Type: 'CurrentUser' } },
          { Name: 'count', Type: 'Number', Default: { Type: 'StaticValue', Value: '7' } },
          { Name: 'address', Type: 'Object' },
          { Name: 'address.city', Type: 'String', Validation: { IsRequired: true } },
          { Name: 'lines', Type: 'Array' },
          { Name: 'lines.line', Type: 'Object' },
          { Name: 'lines.line.qty', Type: 'Number' },
        ],
        result: { config: { FullOutput: true } },
      });
      const answer = await post(path, { address: { city: 'Oslo' }, lines: [{ qty: 2 }, { qty: 3 }] });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        caller: 'demo-importer',
        count: 7,
        address: { city: 'Oslo' },
        lines: [{ qty: 2 }, { qty: 3 }],
      });
      expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.body.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(answer.body.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      const bad = await post(path, { address: {}, lines: [{ qty: 'x' }], count: 2 ** 40 });
      expect(bad.status).toBe(400);
      expect((bad.body.Errors as Array<{ Path: string }>).map((error) => error.Path).sort()).toEqual([
        '/address/city',
        '/count',
        '/lines/0/qty',
      ]);
    });
  });

  it('add: static, system and function values (spec part 2 §2 drawer 4)', async () => {
    const { path } = await publish(
      [
        {
          type: 'add',
          config: {
            Fields: [
              { Name: 'fixed', Type: 'Decimal', AddType: 'Static', Value: '12.5' },
              { Name: 'made', Type: 'Guid', AddType: 'System', Value: 'NewGuid' },
              {
                Name: 'gross',
                Type: 'Decimal',
                AddType: 'Function',
                FunctionName: 'AddVat',
                Mapping: [{ From: 'fixed', To: 'amount' }],
              },
            ],
          },
        },
      ],
      { result: { config: { FullOutput: true } } },
    );
    const answer = await get(path);
    expect(answer.body).toMatchObject({ fixed: 12.5, gross: 15.13 });
    expect(answer.body.made).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('check: TRUE goes on, FALSE takes the false exit to its error block; dynamic values and date keywords', async () => {
    const { path } = await publish(
      [
        {
          type: 'check',
          config: {
            Groups: [
              {
                Rules: [
                  {
                    Name: 'amount',
                    ValueType: 'Number',
                    Operator: 'smallerEquals',
                    RuleType: 'Dynamic',
                    Values: [{ Field: 'limit' }],
                  },
                  {
                    Name: 'day',
                    ValueType: 'DateOnly',
                    Operator: 'greaterEquals',
                    RuleType: 'Static',
                    Values: [{ Value: '$today', Offset: -7, OffsetUnit: 'day' }],
                  },
                ],
              },
            ],
          },
        },
      ],
      {
        startFields: [
          { Name: 'amount', Type: 'Number', Validation: { IsRequired: true } },
          { Name: 'limit', Type: 'Number', Validation: { IsRequired: true } },
          { Name: 'day', Type: 'DateOnly', Default: { Type: 'CurrentDate' } },
        ],
        result: { output: [{ Name: 'amount', Alias: 'accepted' }] },
      },
    );
    expect((await get(path, '?amount=5&limit=10')).body).toEqual({ accepted: 5 });
    const refused = await get(path, '?amount=11&limit=10');
    expect([refused.status, refused.body.MessageKey]).toEqual([422, 'flow.error']);
    expect((await get(path, '?amount=1&limit=10&day=2020-01-01')).status).toBe(422);
  });

  it('read: a document with mapping, filter groups, sorting and no first match answers an array of rows', async () => {
    // Credit 300 sorts below 1500 as a number and above 25000 as text (issue 30 point 7).
    await server.db.query(
      `insert into ${qualifiedTable(CUSTOMERS.Guid)} ("Id", "Name", "Credit") values (gen_random_uuid(), 'Small Credit', 300)`,
    );
    const { path } = await publish(
      [
        {
          type: 'read',
          config: {
            Action: documentAction(CUSTOMERS),
            Filters: [
              {
                Rules: [
                  {
                    Name: 'Credit',
                    ValueType: 'Decimal',
                    Operator: 'greaterThan',
                    RuleType: 'Dynamic',
                    Values: [{ Field: 'minimum' }],
                  },
                ],
              },
            ],
            Sorting: [{ Name: 'Credit', Direction: 'DESC' }],
            FirstMatch: false,
          },
          output: [
            { Name: 'Name', Alias: 'name', Type: 'String' },
            { Name: 'Credit', Alias: 'credit', Type: 'Decimal' },
          ],
        },
      ],
      {
        startFields: [{ Name: 'minimum', Type: 'Decimal', Validation: { IsRequired: true } }],
        result: { config: { IsArray: true }, output: [{ Name: 'name' }, { Name: 'credit' }] },
      },
    );
    expect((await get(path, '?minimum=0')).body).toEqual([
      { name: 'Contoso Ltd', credit: 25000 },
      { name: 'Northwind Traders', credit: 1500 },
      { name: 'Small Credit', credit: 300 },
    ]);
    expect((await get(path, '?minimum=2000')).body).toEqual([{ name: 'Contoso Ltd', credit: 25000 }]);
    expect((await get(path, '?minimum=99999')).body).toEqual([]);
    await server.db.query(`delete from ${qualifiedTable(CUSTOMERS.Guid)} where "Name" = 'Small Credit'`);
  });

  it('read: a connection method (a routine of the demo schema) with its inputs mapped', async () => {
    const { path } = await publish(
      [
        {
          type: 'read',
          config: {
            Action: {
              Guid: GET_CUSTOMER_METHOD,
              Name: 'GetCustomer',
              Type: 'Method',
              FlowConnectionGuid: DEMO_CONNECTION_GUID,
              IsRead: true,
            },
            Mapping: [{ From: 'id', To: 'p_id' }],
            FirstMatch: true,
          },
          output: [
            { Name: 'name', Alias: 'customer', Type: 'String' },
            { Name: 'credit_limit', Alias: 'limit', Type: 'Decimal' },
          ],
        },
      ],
      {
        startFields: [{ Name: 'id', Type: 'Number', Validation: { IsRequired: true } }],
        result: { output: [{ Name: 'customer' }, { Name: 'limit' }] },
      },
    );
    expect((await get(path, '?id=2')).body).toEqual({ customer: 'Globex', limit: 25000 });
  });

  it('read: more rows than the row cap answer 422 (issue 17 point 7)', async () => {
    await server.db.query(
      `insert into ${qualifiedTable(CUSTOMERS.Guid)} ("Id", "Name") select gen_random_uuid(), 'Filler ' || n from generate_series(1, 3) n`,
    );
    const { path } = await publish(
      [
        {
          type: 'read',
          config: { Action: documentAction(CUSTOMERS), FirstMatch: false },
          output: [{ Name: 'Name', Alias: 'name', Type: 'String' }],
        },
      ],
      { result: { config: { IsArray: true }, output: [{ Name: 'name' }] } },
    );
    const answer = await get(path);
    expect([answer.status, answer.body.MessageKey]).toEqual([422, 'runtime.tooManyRows']);
    await server.db.query(`delete from ${qualifiedTable(CUSTOMERS.Guid)} where "Name" like 'Filler %'`);
  });

  it('write: a document and a method, with output fields from what was written', async () => {
    const { path } = await publish(
      [
        {
          type: 'write',
          config: {
            Action: documentAction(NOTIFICATIONS, false),
            Mapping: [
              { From: 'reference', To: 'Reference' },
              { From: 'email', To: 'Email' },
            ],
          },
          output: [{ Name: 'Reference', Alias: 'written', Type: 'String' }],
        },
        {
          type: 'write',
          config: {
            Action: {
              Guid: UPSERT_CUSTOMER_METHOD,
              Name: 'UpsertCustomer',
              Type: 'Method',
              FlowConnectionGuid: DEMO_CONNECTION_GUID,
              IsRead: false,
            },
            Mapping: [
              { From: 'guid', To: 'p_guid' },
              { From: 'email', To: 'p_name' },
            ],
          },
          output: [{ Name: 'upsert_customer', Alias: 'customerId', Type: 'Number' }],
        },
      ],
      {
        method: 'POST',
        startFields: [
          { Name: 'reference', Type: 'String', Validation: { IsRequired: true, MaxLength: 40 } },
          { Name: 'email', Type: 'String', Validation: { IsRequired: true, MaxLength: 100 } },
          { Name: 'guid', Type: 'Guid', Default: { Type: 'NewGuid' } },
        ],
        result: { output: [{ Name: 'written' }, { Name: 'customerId' }] },
      },
    );
    const answer = await post(path, { reference: 'W-1', email: 'w1@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.body.written).toBe('W-1');
    expect(answer.body.customerId).toBeGreaterThan(3);
    const [row] = await server.db.query(
      `select "Email" from ${qualifiedTable(NOTIFICATIONS.Guid)} where "Reference" = 'W-1'`,
    );
    expect(row).toEqual({ Email: 'w1@example.com' });
    expect(await server.db.query("select 1 from demo.customers where name = 'w1@example.com'")).toHaveLength(
      1,
    );
  });

  it('an error block after a write rolls the write back: the table is unchanged (issue 17 point 2)', async () => {
    const { path } = await publish(
      [
        {
          type: 'write',
          config: {
            Action: documentAction(NOTIFICATIONS, false),
            Mapping: [
              { From: 'reference', To: 'Reference' },
              { From: 'email', To: 'Email' },
            ],
          },
        },
        {
          type: 'check',
          config: {
            Groups: [
              {
                Rules: [
                  { Name: 'ok', ValueType: 'Boolean', Operator: 'isTrue', RuleType: 'Static', Values: [] },
                ],
              },
            ],
          },
        },
      ],
      {
        method: 'POST',
        startFields: [
          { Name: 'reference', Type: 'String', Validation: { IsRequired: true, MaxLength: 40 } },
          { Name: 'email', Type: 'String', Validation: { IsRequired: true, MaxLength: 200 } },
          { Name: 'ok', Type: 'Boolean', Validation: { IsRequired: true } },
        ],
        result: { config: { FullOutput: true } },
      },
    );
    const count = async () =>
      (
        await server.db.query<{ n: number }>(
          `select count(*)::int as n from ${qualifiedTable(NOTIFICATIONS.Guid)}`,
        )
      )[0]!.n;
    const before = await count();
    const refused = await post(path, { reference: 'R-1', email: 'r@example.com', ok: false });
    expect(refused.status).toBe(422);
    expect(await count()).toBe(before);
    expect((await post(path, { reference: 'R-2', email: 'r@example.com', ok: true })).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('external: a connector method; config: a function; close without a result answers 204', async () => {
    const { path, flow, result } = await publish(
      [
        {
          type: 'external',
          config: {
            MethodGuid: createTicket.Guid,
            MethodName: 'CreateTicket',
            Mapping: [{ From: 'title', To: 'title' }],
          },
          output: [{ Name: 'ticketId', Alias: 'ticket', Type: 'Guid' }],
        },
        {
          type: 'config',
          config: {
            FunctionName: 'FullName',
            InputMapping: '{"first": "title"}',
            Properties: '{}',
            Config: '{}',
          },
        },
      ],
      {
        startFields: [{ Name: 'title', Type: 'String', Validation: { IsRequired: true } }],
        result: { output: [{ Name: 'ticket' }] },
      },
    );
    expect((await get(path, '?title=Broken')).body.ticket).toMatch(/^[0-9a-f-]{36}$/);
    // Rewire START straight to CLOSE: no result block runs, nothing to answer.
    const close = flow.Flow!.Blocks!.find((block) => block.Type === 'close')!;
    const graph = {
      ...flow.Flow!,
      Blocks: flow.Flow!.Blocks!.map((block) =>
        block.Type === 'start' ? { ...block, Out: [close.Guid] } : block.Guid === result ? block : block,
      ),
    };
    const closing = await publish([], {});
    await publishFlow(server.db, {
      ...closing.flow,
      Flow: { ...graph, StartBlock: graph.Blocks.find((block) => block.Type === 'start')!.Guid },
      VersionGuid: undefined,
    });
    expect((await get(closing.path, '?title=x')).status).toBe(204);
  });

  it('501: a script flow, an unknown function, a configuration class', async () => {
    const script = await publish([], { isScript: true });
    const answer = await get(script.path);
    expect([answer.status, answer.body.MessageKey]).toEqual([501, 'runtime.scriptFlow']);
    const fn = await publish([
      {
        type: 'add',
        config: {
          Fields: [{ Name: 'x', Type: 'String', AddType: 'Function', FunctionName: 'Nope', Mapping: [] }],
        },
      },
    ]);
    expect((await get(fn.path)).body).toMatchObject({
      MessageKey: 'runtime.unknownFunction',
      Message: 'The function Nope has no implementation on this server',
    });
    const klass = await publish([
      {
        type: 'config',
        config: { ClassName: 'Acme.Config', Properties: '{}', InputMapping: '{}', Config: '{}' },
      },
    ]);
    expect((await get(klass.path)).body.MessageKey).toBe('runtime.unknownClass');
  });

  it('403 for an API user the REST API does not list; Basic and None authentication', async () => {
    const guid = randomUUID();
    const other = randomUUID();
    await server.db.query("insert into api_users (guid, username, api_token) values ($1, 'outsider', $2)", [
      guid,
      other,
    ]);
    const flow = `orders_api/customers/credit?customerId=${demoFlowCustomers.inRange.Id}`;
    const forbidden = await restCall(server, 'GET', flow, { token: other });
    expect([forbidden.status, forbidden.body.MessageKey]).toEqual([403, 'runtime.forbidden']);
    // The same REST API with Basic, then None (public).
    const stored = (await call(server, 'GET', `RestApi/GetRestApiByGuid/${ORDERS_API}`, { token: admin }))
      .body;
    const save = async (auth: string) =>
      call(server, 'POST', 'RestApi/PostRestApi', {
        token: admin,
        body: {
          ...stored,
          ApiAuthentication: auth,
          IsPublished: true,
          Revision: await revisionOf(ORDERS_API),
        },
      });
    expect((await save('Basic')).status).toBe(200);
    const basic = `Basic ${Buffer.from(`demo-importer:${token}`).toString('base64')}`;
    expect((await restCall(server, 'GET', flow, { authorization: basic })).status).toBe(200);
    expect(
      (
        await restCall(server, 'GET', flow, {
          authorization: `Basic ${Buffer.from('demo-importer:nope').toString('base64')}`,
        })
      ).status,
    ).toBe(401);
    expect((await restCall(server, 'GET', flow, { token })).status).toBe(401);
    expect((await save('None')).status).toBe(200);
    expect((await restCall(server, 'GET', flow)).status).toBe(200);
    expect((await save('ApiToken')).status).toBe(200);
    expect((await restCall(server, 'GET', flow)).status).toBe(401);
  });

  it('deactivating, publishing a new version, deactivating the REST API change what answers next', async () => {
    const guid = randomUUID();
    const first = await publish([], {
      guid,
      result: { config: { FullOutput: true } },
      startFields: [{ Name: 'v', Type: 'String', Default: { Type: 'StaticValue', Value: 'one' } }],
    });
    expect((await get(first.path)).body).toEqual({ v: 'one' });
    const store = new FlowStore(server.db);
    await store.setActive(guid, false, { by: 'test', now: Date.now() / 1000 });
    expect((await get(first.path)).status).toBe(404);
    await store.setActive(guid, true, { by: 'test', now: Date.now() / 1000 });
    const second = flowOf([], {
      result: { config: { FullOutput: true } },
      startFields: [{ Name: 'v', Type: 'String', Default: { Type: 'StaticValue', Value: 'two' } }],
    });
    await store.save(
      { ...first.flow, Flow: second.flow.Flow, VersionGuid: randomUUID() },
      { by: 'test', now: Date.now() / 1000, publish: true, enable: true },
    );
    expect((await get(first.path)).body).toEqual({ v: 'two' });
    const stored = (await call(server, 'GET', `RestApi/GetRestApiByGuid/${ORDERS_API}`, { token: admin }))
      .body;
    await call(server, 'POST', 'RestApi/PostRestApi', {
      token: admin,
      body: { ...stored, IsActive: false, IsPublished: true, Revision: await revisionOf(ORDERS_API) },
    });
    expect((await get(first.path)).status).toBe(404);
    await call(server, 'POST', 'RestApi/PostRestApi', {
      token: admin,
      body: { ...stored, IsActive: true, IsPublished: true, Revision: await revisionOf(ORDERS_API) },
    });
    expect((await get(first.path)).status).toBe(200);
  });

  it('injection attempts in every input land as data (issue 17 acceptance)', async () => {
    const attack = `x'); drop table demo.customers; --`;
    const { path } = await publish(
      [
        {
          type: 'write',
          config: {
            Action: documentAction(NOTIFICATIONS, false),
            Mapping: [
              { From: 'reference', To: 'Reference' },
              { From: 'email', To: 'Email' },
            ],
          },
        },
        {
          type: 'read',
          config: {
            Action: documentAction(NOTIFICATIONS),
            Mapping: [{ From: 'reference', To: 'Reference' }],
            Filters: [
              {
                Rules: [
                  {
                    Name: 'Email',
                    ValueType: 'String',
                    Operator: 'contains',
                    RuleType: 'Dynamic',
                    Values: [{ Field: 'email' }],
                  },
                ],
              },
            ],
            FirstMatch: true,
          },
          output: [{ Name: 'Email', Alias: 'stored', Type: 'String' }],
        },
      ],
      {
        method: 'PUT',
        startFields: [
          { Name: 'reference', Type: 'String', Validation: { IsRequired: true, MaxLength: 40 } },
          { Name: 'email', Type: 'String', Validation: { IsRequired: true, MaxLength: 200 } },
        ],
        result: { output: [{ Name: 'stored' }] },
      },
    );
    const answer = await post(path, { reference: attack.slice(0, 40), email: `%' or '1'='1` }, 'PUT');
    expect([answer.status, answer.body]).toEqual([200, { stored: `%' or '1'='1` }]);
    expect(await server.db.query('select 1 from demo.customers limit 1')).toHaveLength(1);
    const query = await get(
      'orders_api/customers/credit',
      `?customerId=${encodeURIComponent("' or 1=1 --")}`,
    );
    expect(query.status).toBe(400);
  });

  it('the test run answers a trace per block and keeps nothing it wrote (issue 17 point 5)', async () => {
    const flows = (await call(server, 'GET', 'FlowBuilder/GetRestMethodFlows', { token: admin })).body;
    const notify = flows.find((flow) => flow.Name === 'orders/notify')!;
    const version = (
      await call(server, 'GET', `FlowBuilder/GetRestMethodFlowById/${String(notify.Guid)}`, { token: admin })
    ).body;
    const count = async () =>
      (
        await server.db.query<{ n: number }>(
          `select count(*)::int as n from ${qualifiedTable(NOTIFICATIONS.Guid)}`,
        )
      )[0]!.n;
    const before = await count();
    const run = await call(
      server,
      'POST',
      `FlowBuilder/TestRunRestMethodFlow/${String(notify.Guid)}/${String(version.VersionGuid)}`,
      {
        token: admin,
        body: { Input: { email: 'test@example.com', amount: 10 } },
      },
    );
    expect(run.status).toBe(200);
    expect(run.body.Status).toBe(200);
    const trace = run.body.Trace as Array<{ Type: string; Output?: unknown; Rows?: number }>;
    expect(trace.map((entry) => entry.Type)).toEqual([
      'start',
      'add',
      'external',
      'write',
      'result',
      'close',
    ]);
    expect(trace[3]!.Rows).toBe(1);
    expect(await count()).toBe(before);
    const credit = flows.find((flow) => flow.Name === 'customers/credit')!;
    const creditVersion = (
      await call(server, 'GET', `FlowBuilder/GetRestMethodFlowById/${String(credit.Guid)}`, { token: admin })
    ).body;
    const refused = await call(
      server,
      'POST',
      `FlowBuilder/TestRunRestMethodFlow/${String(credit.Guid)}/${String(creditVersion.VersionGuid)}`,
      {
        token: admin,
        body: { Input: { customerId: demoFlowCustomers.outOfRange.Id } },
      },
    );
    expect(refused.body).toMatchObject({ Status: 422, Answer: { ErrorCode: 'CREDIT_OUT_OF_RANGE' } });
    const checkEntry = (refused.body.Trace as Array<{ Type: string; Branch?: string }>).find(
      (entry) => entry.Type === 'check',
    );
    expect(checkEntry?.Branch).toBe('FALSE');
    expect(refused.body.ErrorBlock).toBe((refused.body.Trace as Array<{ Guid: string }>).at(-1)!.Guid);
  });

  it('records every production call in the executions log, paged and filtered, without tokens', async () => {
    const flows = (await call(server, 'GET', 'FlowBuilder/GetRestMethodFlows', { token: admin })).body;
    const credit = flows.find((flow) => flow.Name === 'customers/credit')!;
    await get('orders_api/customers/credit', `?customerId=${demoFlowCustomers.outOfRange.Id}`);
    const page = await call(
      server,
      'GET',
      `FlowBuilder/GetRestMethodFlowExecutions/${String(credit.Guid)}?pageSize=5&status=failed`,
      { token: admin },
    );
    expect(page.status).toBe(200);
    const executions = page.body.Executions as Array<Record<string, unknown>>;
    expect(executions.length).toBeGreaterThan(0);
    expect(executions[0]).toMatchObject({
      Status: 422,
      ApiUser: 'demo-importer',
      ErrorCode: 'CREDIT_OUT_OF_RANGE',
      HttpMethod: 'GET',
    });
    expect(JSON.stringify(page.body)).not.toContain(token);
    expect(page.body.RetentionDays).toBe(7);
    const ok = await call(
      server,
      'GET',
      `FlowBuilder/GetRestMethodFlowExecutions/${String(credit.Guid)}?status=ok`,
      { token: admin },
    );
    expect((ok.body.Executions as Array<{ Status: number }>).every((entry) => entry.Status < 400)).toBe(true);
  });

  it('the rate limit per API user answers 429, the body cap 413', async () => {
    const guid = randomUUID();
    const own = randomUUID();
    await server.db.query("insert into api_users (guid, username, api_token) values ($1, 'busy', $2)", [
      guid,
      own,
    ]);
    const { path } = await publish([], {
      api: ORDERS_API,
      method: 'POST',
      result: { config: { FullOutput: true } },
    });
    const stored = (await call(server, 'GET', `RestApi/GetRestApiByGuid/${ORDERS_API}`, { token: admin }))
      .body;
    await call(server, 'POST', 'RestApi/PostRestApi', {
      token: admin,
      body: {
        ...stored,
        Users: [...(stored.Users as string[]), guid],
        IsPublished: true,
        Revision: await revisionOf(ORDERS_API),
      },
    });
    // The windows are fixed minutes: on a slow machine the 201 calls may straddle a minute's end, and the
    // count starts again. Within two windows' worth of calls the limit must answer 429, at the 201st call
    // of a window at the latest.
    let last: Awaited<ReturnType<typeof restCall>> | undefined;
    let answered = 0;
    for (let index = 0; index < 402 && last?.status !== 429; index++) {
      last = await restCall(server, 'POST', path, { token: own, body: {} });
      if (last.status === 200) answered++;
    }
    expect(last?.status).toBe(429);
    expect(answered).toBeGreaterThanOrEqual(200);
    // RFC 9110 §10.2.3: the client learns when to come back, not only from the message.
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    const big = await restCall(server, 'POST', path, {
      token,
      rawBody: JSON.stringify({ x: 'y'.repeat(1024 * 1024 + 10) }),
    });
    expect([big.status, big.body.MessageKey]).toEqual([413, 'runtime.bodyTooLarge']);
  });
});
