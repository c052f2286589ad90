import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../../server/connections/connectionKind';
import { demoFlowCustomers } from '../../../server/seed/demo/050_flows';
import { call, signIn } from '../../support/api';
import { demoToken, restCall } from '../../support/restCall';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

const CUSTOMER_DOCUMENT = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a02';

describe.each(databaseTargets)('the demo flows answer calls ($name; issue 17 points 1, 8)', (target) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(target);
    token = await demoToken(server);
  });
  afterAll(() => server?.close());

  it('customers/credit answers a customer’s credit (spec part 2 §1: GET flows take query parameters)', async () => {
    const answer = await restCall(
      server,
      'GET',
      `orders_api/customers/credit?customerId=${demoFlowCustomers.inRange.Id}`,
      { token },
    );
    expect([answer.status, answer.body]).toEqual([200, { name: 'Northwind Traders', credit: 1500 }]);
  });

  it('customers/credit answers CREDIT_OUT_OF_RANGE from its error block (422)', async () => {
    const answer = await restCall(
      server,
      'GET',
      `orders_api/customers/credit?customerId=${demoFlowCustomers.outOfRange.Id}`,
      { token },
    );
    expect([answer.status, answer.body]).toEqual([
      422,
      { Message: 'Credit is out of range', MessageKey: 'flow.error', ErrorCode: 'CREDIT_OUT_OF_RANGE' },
    ]);
  });

  it('orders/notify writes its notification and sends its mail (spec part 2 §3 "Block": add, external, write)', async () => {
    const answer = await restCall(server, 'POST', 'orders_api/orders/notify', {
      token,
      body: { email: 'buyer@example.com', amount: 100 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: 'buyer@example.com', amount: 100, gross: 121 });
    const reference = (answer.body as Record<string, unknown>).reference as string;
    expect(reference).toMatch(/^ORD-\d{8}-[0-9A-F]{6}$/);
    const [row] = await server.db.query<{ Email: string; Gross: string }>(
      `select "Email", "Gross"::text as "Gross" from records.d_7f1c2a405b6d4e8f9a0b1c2d3e4f5a03 where "Reference" = $1`,
      [reference],
    );
    expect(row).toEqual({ Email: 'buyer@example.com', Gross: '121.00' });
    const mails = await server.db.query('select 1 from outbox where recipient = $1', ['buyer@example.com']);
    expect(mails).toHaveLength(1);
  });

  it('a record written through the Document Editor changes the next answer (read cache dropped by the write)', async () => {
    const path = `orders_api/customers/credit?customerId=${demoFlowCustomers.inRange.Id}`;
    expect((await restCall(server, 'GET', path, { token })).body).toEqual({
      name: 'Northwind Traders',
      credit: 1500,
    });
    const admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    const saved = await call(
      server,
      'POST',
      `DocumentEditor/PostRecord/${DEMO_CONNECTION_GUID}/${CUSTOMER_DOCUMENT}`,
      {
        token: admin,
        body: { ...demoFlowCustomers.inRange, Credit: 2500 },
      },
    );
    expect(saved.status).toBe(200);
    expect((await restCall(server, 'GET', path, { token })).body).toEqual({
      name: 'Northwind Traders',
      credit: 2500,
    });
    await call(server, 'POST', `DocumentEditor/PostRecord/${DEMO_CONNECTION_GUID}/${CUSTOMER_DOCUMENT}`, {
      token: admin,
      body: { ...demoFlowCustomers.inRange, Credit: 1500 },
    });
  });

  it('answers 401 without a valid token and 404 for a flow that does not exist', async () => {
    const path = `orders_api/customers/credit?customerId=${demoFlowCustomers.inRange.Id}`;
    expect((await restCall(server, 'GET', path)).status).toBe(401);
    expect(
      (await restCall(server, 'GET', path, { token: '00000000-0000-0000-0000-000000000000' })).status,
    ).toBe(401);
    const missing = await restCall(server, 'GET', 'orders_api/customers/nope', { token });
    expect([missing.status, missing.body.MessageKey]).toEqual([404, 'runtime.notFound']);
    // The console's page is not what /rest/ answers, with or without a token.
    expect((await restCall(server, 'GET', 'nope/nope')).headers['content-type']).toMatch(/json/);
    expect((await restCall(server, 'POST', 'orders_api/customers/credit', { token, body: {} })).status).toBe(
      404,
    );
    // A path whose percent-encoding is broken is bad input, each time it is called (its parse is kept).
    for (let time = 0; time < 2; time++) {
      const broken = await restCall(server, 'GET', 'orders_api/customers/cr%E0%A4edit', { token });
      expect([broken.status, broken.body.MessageKey]).toEqual([400, 'api.badRequest']);
    }
    // The flow's name in another case is the same flow, and a kept parse serves the next call alike.
    for (let time = 0; time < 2; time++)
      expect(
        (
          await restCall(
            server,
            'GET',
            `Orders_API/Customers/Credit?customerId=${demoFlowCustomers.inRange.Id}`,
            { token },
          )
        ).status,
      ).toBe(200);
  });

  it('answers 400 with one error per field for bad input', async () => {
    const answer = await restCall(server, 'GET', 'orders_api/customers/credit?customerId=nope', { token });
    expect(answer.status).toBe(400);
    expect(answer.body.Errors).toEqual([
      expect.objectContaining({ Path: '/customerId', MessageKey: 'typeError.guid' }),
    ]);
    const none = await restCall(server, 'GET', 'orders_api/customers/credit', { token });
    expect(none.body.Errors).toEqual([
      expect.objectContaining({ Path: '/customerId', MessageKey: 'flow.input.required' }),
    ]);
  });
});
