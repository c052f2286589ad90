import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../../server/connections/connectionKind';
import type { BlockConfig, FlowField, HttpMethod } from '../../../src/domain/flow/types';
import { call, signIn } from '../../support/api';
import { countingGuids, flowOf, type Step } from '../../support/flowBuilders';
import { demoToken, restCall } from '../../support/restCall';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

/** The demo REST API (server/seed/demo/031_restApis.ts), which the demo API user may call. */
const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';
const C = DEMO_CONNECTION_GUID;

type Body = Record<string, unknown>;

/**
 * Runtime defects found by a test of every block type (issue 30 point 7). Everything is built as the
 * console builds it: documents, methods and records through their UIServices calls, the flow saved and
 * published with FlowBuilder.PostRestMethodFlow (so the publish rules run), then called at /rest/.
 */
describe.each(databaseTargets)('runtime defects of issue 30 point 7 on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    token = await demoToken(server);
  });
  afterAll(() => server?.close());

  const ok = <T extends { status: number; body: unknown }>(answer: T, what: string): T => {
    if (answer.status !== 200)
      throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer;
  };

  let counter = 0;
  /** Saves and publishes START → steps → RESULT → CLOSE under the demo REST API, active; answers its /rest/ path. */
  async function publishFlow(
    steps: Step[],
    options: {
      method?: HttpMethod;
      startFields?: FlowField[];
      result?: { config?: BlockConfig; output?: FlowField[] };
    },
  ) {
    counter += 1;
    const built = flowOf(steps, { ...options, newGuid: countingGuids(`d${counter}`) });
    const name = `defects/flow${counter}_${randomUUID().slice(0, 6)}`;
    ok(
      await call(server, 'POST', 'FlowBuilder/PostRestMethodFlow', {
        token: admin,
        body: {
          ...built.flow,
          Guid: randomUUID(),
          VersionGuid: randomUUID(),
          Name: name,
          Api: ORDERS_API,
          IsNew: true,
          IsPublished: true,
          IsActive: true,
        },
      }),
      'publishing the flow',
    );
    return `orders_api/${name}`;
  }

  /** A published method of the demo connection wrapping a routine of the demo schema. */
  async function publishMethod(script: string, input: Body[], output: Body[]) {
    const guid = randomUUID();
    ok(
      await call(server, 'POST', `SPActionDocument/PostConnectionMethod/${C}/${guid}`, {
        token: admin,
        body: {
          Guid: guid,
          Name: `M${guid.slice(0, 8)}`,
          Type: 'Stored Procedure',
          FlowConnectionGuid: C,
          IsSp: true,
          IsRead: true,
          IsPublished: true,
          Script: script,
          Input: input,
          Output: output,
        },
      }),
      'publishing the method',
    );
    return { Guid: guid, Name: `M${guid.slice(0, 8)}`, Type: 'Method', FlowConnectionGuid: C, IsRead: true };
  }

  /** A published list document of the demo connection: key Code, updatable Label and Note. */
  async function publishDocument() {
    const guid = randomUUID();
    const name = `Defects${guid.slice(0, 6)}`;
    ok(
      await call(server, 'POST', `DocumentBuilder/PostConnectionDocument/${C}/${guid}`, {
        token: admin,
        body: {
          Guid: guid,
          Name: name,
          Type: 'List',
          FlowConnectionGuid: C,
          IsPublished: true,
          References: [],
          Elements: [
            {
              Name: 'Code',
              Type: 'String',
              IsKey: true,
              IsUpdatable: false,
              Validation: { IsRequired: true, MaxLength: 10 },
            },
            { Name: 'Label', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 50 } },
            { Name: 'Note', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 50 } },
          ],
        },
      }),
      'publishing the document',
    );
    const record = async (code: string) => {
      const answer = await call(
        server,
        'GET',
        `DocumentEditor/GetConnectionDocument/${C}/${guid}/records?keyField=Code&keyValue=${code}`,
        { token: admin },
      );
      if (answer.status === 404) return undefined;
      return (ok(answer, 'reading the record').body as unknown as { Records: Body[] }).Records[0];
    };
    const save = async (values: Body) =>
      ok(
        await call(server, 'POST', `DocumentEditor/PostRecord/${C}/${guid}?IsNew=true`, {
          token: admin,
          body: values,
        }),
        'saving the record',
      );
    return {
      action: { Guid: guid, Name: name, Type: 'Document', FlowConnectionGuid: C, IsRead: false },
      record,
      save,
    };
  }

  /** START fields of a flow writing a record of publishDocument's document. */
  const recordFields: FlowField[] = [
    { Name: 'code', Type: 'String', Validation: { IsRequired: true, MaxLength: 10 } },
    { Name: 'label', Type: 'String', Validation: { MaxLength: 50 } },
    { Name: 'note', Type: 'String', Validation: { MaxLength: 50 } },
  ];
  const recordMapping = [
    { From: 'code', To: 'Code' },
    { From: 'label', To: 'Label' },
    { From: 'note', To: 'Note' },
  ];

  it('1. READ sorts a Decimal output numerically, not as its text (spec part 2 §3 "Read block extras": sort order)', async () => {
    // Four orders of a customer without any, one line each: totals 9.99, 2, 100 and 1.5.
    await server.db.exec(`
      insert into demo.orders (customer_id, order_date, status) values
        (3, '2024-05-01', 'open'), (3, '2024-05-02', 'open'), (3, '2024-05-03', 'open'), (3, '2024-05-04', 'open');
      insert into demo.order_lines (order_id, product, quantity, unit_price)
        select o.id, 'Widget', 1, case o.order_date when '2024-05-01' then 9.99 when '2024-05-02' then 2
          when '2024-05-03' then 100 else 1.5 end
        from demo.orders o where o.customer_id = 3;
    `);
    const action = await publishMethod(
      'demo.list_orders',
      [{ Name: 'p_customer_id', Type: 'Number', Validation: { Required: true } }],
      [
        { Name: 'order_id', Type: 'Number' },
        { Name: 'order_date', Type: 'DateOnly' },
        { Name: 'total', Type: 'Decimal' },
      ],
    );
    const sorted = (direction: 'ASC' | 'DESC') =>
      publishFlow(
        [
          {
            type: 'read',
            config: {
              Action: action,
              Mapping: [{ From: 'customerId', To: 'p_customer_id' }],
              Sorting: [{ Name: 'total', Direction: direction }],
              FirstMatch: false,
            },
            output: [{ Name: 'total', Alias: 'orderTotal', Type: 'Decimal' }],
          },
        ],
        {
          startFields: [{ Name: 'customerId', Type: 'Number', Validation: { IsRequired: true } }],
          result: { config: { IsArray: true }, output: [{ Name: 'orderTotal', Alias: 'total' }] },
        },
      );
    const totals = async (path: string) => {
      const answer = await restCall(server, 'GET', `${path}?customerId=3`, { token });
      expect(answer.status).toBe(200);
      return (answer.body as Array<{ total: number }>).map((row) => row.total);
    };
    expect(await totals(await sorted('DESC'))).toEqual([100, 9.99, 2, 1.5]);
    expect(await totals(await sorted('ASC'))).toEqual([1.5, 2, 9.99, 100]);
  });

  it('2. RESULT answers a nested output field that publish accepts (spec part 2 §3 "Field definition": dotted names)', async () => {
    const path = await publishFlow([], {
      method: 'POST',
      startFields: [
        { Name: 'customer', Type: 'Object' },
        { Name: 'customer.first', Type: 'String', Validation: { MaxLength: 40 } },
        { Name: 'customer.last', Type: 'String', Validation: { MaxLength: 40 } },
        { Name: 'lines', Type: 'Array' },
        { Name: 'lines.line', Type: 'Object' },
        { Name: 'lines.line.qty', Type: 'Number' },
      ],
      result: {
        output: [
          { Name: 'customer.first', Alias: 'first' },
          { Name: 'Customer.Last', Alias: 'last' },
          { Name: 'lines.line.qty', Alias: 'quantities' },
        ],
      },
    });
    const answer = await restCall(server, 'POST', path, {
      token,
      body: { customer: { first: 'Ada', last: 'Lovelace' }, lines: [{ qty: 2 }, { qty: 3 }] },
    });
    expect([answer.status, answer.body]).toEqual([
      200,
      { first: 'Ada', last: 'Lovelace', quantities: [2, 3] },
    ]);
  });

  it('4. an optional START field left out leaves the stored value alone; null sent sets null (spec part 2 §3 "Block" start)', async () => {
    const document = await publishDocument();
    await document.save({ Code: 'A1', Label: 'First', Note: 'kept' });
    const path = await publishFlow(
      [{ type: 'write', config: { Action: document.action, Mapping: recordMapping } }],
      { method: 'POST', startFields: recordFields, result: { output: [{ Name: 'code', Alias: 'code' }] } },
    );
    const write = (body: Body) => restCall(server, 'POST', path, { token, body });
    expect((await write({ code: 'A1', label: 'Second' })).status).toBe(200);
    expect(await document.record('A1')).toEqual({ Code: 'A1', Label: 'Second', Note: 'kept' });
    expect((await write({ code: 'A1', note: null })).status).toBe(200);
    expect(await document.record('A1')).toEqual({ Code: 'A1', Label: 'Second', Note: null });
    // A new record takes what was given; an absent column stays empty.
    expect((await write({ code: 'B2', label: 'New' })).status).toBe(200);
    expect(await document.record('B2')).toEqual({ Code: 'B2', Label: 'New', Note: null });
  });

  it('3. WRITE writes by its method; insert of an existing key and update of a missing one answer the catalogue and roll back (spec part 2 §3 "Block" read/write: method)', async () => {
    const records = await publishDocument();
    const audit = await publishDocument();
    await records.save({ Code: 'A1', Label: 'First', Note: 'kept' });
    /** WRITE audit (upsert) → WRITE records by `method`: a refusal of the second must undo the first. */
    const flowWith = (method: string) =>
      publishFlow(
        [
          {
            type: 'write',
            config: {
              Action: audit.action,
              Mapping: [
                { From: 'ref', To: 'Code' },
                { From: 'label', To: 'Label' },
              ],
            },
          },
          {
            type: 'write',
            config: { Action: records.action, Mapping: recordMapping, Method: method },
            output: [{ Name: 'Label', Alias: 'stored' }],
          },
        ],
        {
          method: 'POST',
          startFields: [
            ...recordFields,
            { Name: 'ref', Type: 'String', Validation: { IsRequired: true, MaxLength: 10 } },
          ],
          result: { output: [{ Name: 'stored', Alias: 'stored' }] },
        },
      );
    const paths = {
      write: await flowWith('write'),
      upsert: await flowWith('upsert'),
      createIfNotExists: await flowWith('createIfNotExists'),
      createIfNotExistsOrStop: await flowWith('createIfNotExistsOrStop'),
      createAlways: await flowWith('createAlways'),
    };
    let ref = 0;
    const kept = { Code: 'A1', Label: 'First', Note: 'kept' };
    // method, key, label sent, status, answer, the record afterwards
    const cases: Array<[keyof typeof paths, string, string, number, unknown, Body | undefined]> = [
      ['createAlways', 'A1', 'Refused', 409, 'runtime.recordExists', kept],
      ['createIfNotExistsOrStop', 'A1', 'Refused', 409, 'runtime.recordExists', kept],
      ['write', 'Z9', 'Refused', 404, 'runtime.recordNotFound', undefined],
      ['createIfNotExists', 'A1', 'Ignored', 200, { stored: 'First' }, kept],
      ['write', 'A1', 'Updated', 200, { stored: 'Updated' }, { ...kept, Label: 'Updated' }],
      ['upsert', 'A1', 'Upserted', 200, { stored: 'Upserted' }, { ...kept, Label: 'Upserted' }],
      ['createAlways', 'N1', 'New', 200, { stored: 'New' }, { Code: 'N1', Label: 'New', Note: null }],
      [
        'createIfNotExistsOrStop',
        'N2',
        'New',
        200,
        { stored: 'New' },
        { Code: 'N2', Label: 'New', Note: null },
      ],
      ['createIfNotExists', 'N3', 'New', 200, { stored: 'New' }, { Code: 'N3', Label: 'New', Note: null }],
    ];
    for (const [method, code, label, status, answer, after] of cases) {
      ref += 1;
      const called = await restCall(server, 'POST', paths[method], {
        token,
        body: { code, label, ref: `R${ref}` },
      });
      const what = `${method} of ${code}`;
      expect(called.status, what).toBe(status);
      if (typeof answer === 'string') {
        expect(called.body.MessageKey, what).toBe(answer);
        expect(called.body.Message, what).toContain(records.action.Name);
        // Rolled back: the audit record the first block wrote is gone.
        expect(await audit.record(`R${ref}`), what).toBeUndefined();
      } else {
        expect(called.body, what).toEqual(answer);
        expect(await audit.record(`R${ref}`), what).toMatchObject({ Code: `R${ref}` });
      }
      expect(await records.record(code), what).toEqual(after);
    }
  });

  it('3. publish refuses a write method that is not one of the writing action methods (spec part 2 §5 "Flow blocks" Write)', async () => {
    const records = await publishDocument();
    await expect(
      publishFlow(
        [{ type: 'write', config: { Action: records.action, Mapping: recordMapping, Method: 'insert' } }],
        {
          method: 'POST',
          startFields: recordFields,
          result: { output: [{ Name: 'code', Alias: 'code' }] },
        },
      ),
    ).rejects.toThrow(/fb\.flowErrors\.writeMethodInvalid/);
  });
});
