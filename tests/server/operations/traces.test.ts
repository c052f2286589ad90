import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../../server/connections/connectionKind';
import { createTicket } from '../../../server/connectors/internal/createTicket';
import { demoFlowCustomers } from '../../../server/seed/demo/050_flows';
import { call, signIn } from '../../support/api';
import { eventually } from '../../support/eventually';
import { countingGuids, flowOf } from '../../support/flowBuilders';
import { publishFlow } from '../../support/publishFlow';
import { demoToken, restCall } from '../../support/restCall';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
/** The caller's context: W3C Trace Context's own example ids. */
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';
const given = `00-${TRACE_ID}-${PARENT_ID}-01`;
const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';

/** A flow call with headers of the caller's choosing. */
const restWith = (server: TestServer, url: string, headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: `/rest/${url}`, headers });

async function demoFlow(server: TestServer, admin: string, name: string) {
  const flows = (await call(server, 'GET', 'FlowBuilder/GetRestMethodFlows', { token: admin })).body;
  const flow = flows.find((entry) => entry.Name === name)!;
  const version = (
    await call(server, 'GET', `FlowBuilder/GetRestMethodFlowById/${String(flow.Guid)}`, { token: admin })
  ).body;
  return { guid: String(flow.Guid), version: String(version.VersionGuid) };
}

describe.each(databaseTargets)('one id per call ($name; issue 32 point 2)', (target) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  let logDir: string;
  let logFile: string;
  beforeAll(async () => {
    logDir = mkdtempSync(path.join(tmpdir(), 'traces-log-'));
    logFile = path.join(logDir, 'server.log');
    server = await startTestServer(target, {}, { logTo: logFile });
    token = await demoToken(server);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(logDir, { recursive: true, force: true });
  });

  const logLines = () =>
    readFileSync(logFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; level: number });

  it("keeps the caller's traceparent: its trace id in the answer, every log line of the call and its executions-log row", async () => {
    // A customer of its own, so the call's lines can be told from every other.
    const customer = randomUUID();
    const answer = await restWith(server, `orders_api/customers/credit?customerId=${customer}`, {
      authorization: `Bearer ${token}`,
      traceparent: given,
    });
    expect(answer.statusCode).toBe(422);
    const [, traceId, spanId, flags] = TRACEPARENT.exec(String(answer.headers.traceparent))!;
    expect(traceId).toBe(TRACE_ID);
    // This server's span of the call, the caller's next parent: not the caller's own.
    expect(spanId).not.toBe(PARENT_ID);
    expect(flags).toBe('01');

    // At debug a call has its request line; every line that names the call carries its trace id.
    await eventually(() => logLines().filter((line) => line.msg?.includes(customer)).length).toBeGreaterThan(
      0,
    );
    const lines = logLines().filter((line) => line.msg?.includes(customer));
    expect(lines.map((line) => line.reqId)).toEqual(lines.map(() => TRACE_ID));

    const { guid } = await demoFlow(server, admin, 'customers/credit');
    const page = await call(server, 'GET', `FlowBuilder/GetRestMethodFlowExecutions/${guid}?pageSize=100`, {
      token: admin,
    });
    const rows = page.body.Executions as unknown as Array<{ TraceId: string | null; Status: number }>;
    expect(rows.filter((row) => row.TraceId === TRACE_ID)).toEqual([
      expect.objectContaining({ TraceId: TRACE_ID, Status: 422 }),
    ]);
  });

  it('logs a failure of the call with its trace id (the database refused a value)', async () => {
    // A text with a NUL byte, which PostgreSQL refuses: the caller gets the catalogue's words, the log the
    // database's, on a line of the call (tests/server/runtime/hardening.test.ts has the words).
    const { flow } = flowOf(
      [
        {
          type: 'write',
          config: {
            Action: {
              Guid: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a03',
              Name: 'FlowDemoNotification',
              Type: 'Document',
              FlowConnectionGuid: DEMO_CONNECTION_GUID,
              IsRead: false,
            },
            Mapping: [
              { From: 'reference', To: 'Reference' },
              { From: 'email', To: 'Email' },
            ],
          },
        },
      ],
      {
        method: 'POST',
        startFields: [
          { Name: 'reference', Type: 'String', Validation: { IsRequired: true, MaxLength: 40 } },
          { Name: 'email', Type: 'String', Validation: { IsRequired: true, MaxLength: 200 } },
        ],
        newGuid: countingGuids('t1'),
      },
    );
    await publishFlow(server.db, { ...flow, Guid: randomUUID(), Name: 'traces/refused', Api: ORDERS_API });
    const traceId = 'ab'.repeat(16);
    const answer = await server.app.inject({
      method: 'POST',
      url: '/rest/orders_api/traces/refused',
      headers: { authorization: `Bearer ${token}`, traceparent: given.replace(TRACE_ID, traceId) },
      payload: { reference: 'NUL\u0000BYTE', email: 'nul@example.com' },
    });
    expect(answer.statusCode).toBe(400);
    await eventually(
      () => logLines().filter((line) => line.msg === 'the database refused a flow call').length,
    ).toBeGreaterThan(0);
    const warnings = logLines().filter((line) => line.msg === 'the database refused a flow call');
    expect(warnings.map((line) => line.reqId)).toEqual([traceId]);
  });

  it('makes a fresh, valid trace id for a call without one, or with one that is not valid', async () => {
    const url = `orders_api/customers/credit?customerId=${demoFlowCustomers.inRange.Id}`;
    const ids = new Set<string>();
    for (const traceparent of [
      undefined,
      undefined,
      'not a traceparent',
      `00-${'0'.repeat(32)}-${PARENT_ID}-01`,
      `00-${TRACE_ID}-${'0'.repeat(16)}-01`,
      `ff-${TRACE_ID}-${PARENT_ID}-01`,
      `00-${TRACE_ID}-${PARENT_ID}-01-extra`,
    ]) {
      const answer = await restWith(server, url, {
        authorization: `Bearer ${token}`,
        ...(traceparent ? { traceparent } : {}),
      });
      expect(answer.statusCode).toBe(200);
      const [, traceId, spanId] = TRACEPARENT.exec(String(answer.headers.traceparent))!;
      expect(traceId).not.toMatch(/^0+$/);
      expect(spanId).not.toMatch(/^0+$/);
      expect(traceId).not.toBe(TRACE_ID);
      ids.add(traceId!);
    }
    expect(ids.size).toBe(7);
    // A later version's extra fields are allowed: the id is kept.
    const later = await restWith(server, url, {
      authorization: `Bearer ${token}`,
      traceparent: `01-${TRACE_ID}-${PARENT_ID}-01-extra`,
    });
    expect(TRACEPARENT.exec(String(later.headers.traceparent))![1]).toBe(TRACE_ID);
    // Refused calls and unknown paths are answered with one too.
    expect(String((await restWith(server, 'orders_api/nope', {})).headers.traceparent)).toMatch(TRACEPARENT);
    expect(String((await restWith(server, url, {})).headers.traceparent)).toMatch(TRACEPARENT);
  });

  it("gives the test run the caller's trace id, in its answer and its log", async () => {
    const { guid, version } = await demoFlow(server, admin, 'customers/credit');
    const run = await server.app.inject({
      method: 'POST',
      url: `/api/UIServices/FlowBuilder/TestRunRestMethodFlow/${guid}/${version}`,
      headers: { authorization: `Bearer ${admin}`, traceparent: given, 'content-type': 'application/json' },
      payload: { Input: { customerId: demoFlowCustomers.inRange.Id } },
    });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ Status: 200, TraceId: TRACE_ID });
    expect(TRACEPARENT.exec(String(run.headers.traceparent))![1]).toBe(TRACE_ID);
    await eventually(
      () => logLines().filter((line) => line.reqId === TRACE_ID && line.msg?.includes('TestRun')).length,
    ).toBe(1);
    // Without one, a new id.
    const fresh = await call(server, 'POST', `FlowBuilder/TestRunRestMethodFlow/${guid}/${version}`, {
      token: admin,
      body: { Input: { customerId: demoFlowCustomers.inRange.Id } },
    });
    expect(fresh.body.TraceId).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh.body.TraceId).not.toBe(TRACE_ID);
    expect(TRACEPARENT.exec(String(fresh.headers.traceparent))![1]).toBe(fresh.body.TraceId);
  });

  it('leaves other calls without a trace unless their caller sent one', async () => {
    const plain = await call(server, 'GET', 'Connection/GetConnections', { token: admin });
    expect(plain.headers.traceparent).toBeUndefined();
    const traced = await server.app.inject({
      method: 'GET',
      url: '/api/UIServices/Connection/GetConnections',
      headers: { authorization: `Bearer ${admin}`, traceparent: given },
    });
    expect(TRACEPARENT.exec(String(traced.headers.traceparent))![1]).toBe(TRACE_ID);
  });
});

/** What the in-process collector received: OTLP/HTTP JSON export requests, and any other request. */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string | number;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
  status?: { code?: number };
}

function collector() {
  const spans: OtlpSpan[] = [];
  const resources: Array<Record<string, unknown>> = [];
  const other: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const contentTypes: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const raw = Buffer.concat(chunks);
        const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        contentTypes.push(String(request.headers['content-type']));
        const exported = JSON.parse(body.toString('utf8')) as {
          resourceSpans: Array<{
            resource: Record<string, unknown>;
            scopeSpans: Array<{ spans: OtlpSpan[] }>;
          }>;
        };
        for (const resource of exported.resourceSpans) {
          resources.push(resource.resource);
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      // Anything else stands for an outside service a flow calls.
      other.push({ url: request.url ?? '', headers: request.headers });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return {
    spans,
    resources,
    other,
    contentTypes,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('spans exported with OTEL_EXPORTER_OTLP_ENDPOINT (issue 32 point 2)', () => {
  const otlp = collector();
  let endpoint: string;
  let server: TestServer | undefined;
  const makeTicket = createTicket.call;
  beforeAll(async () => {
    endpoint = await otlp.start();
    // The demo's CreateTicket makes its number itself; here it asks an outside service over HTTP, as a
    // real connector would, so the call has an outbound request to span.
    createTicket.call = async (_input, { state }) => {
      const answer = await fetch(`${endpoint}/tickets`, { method: 'POST' });
      await answer.arrayBuffer();
      return { ticketId: state.newGuid() };
    };
  });
  afterAll(async () => {
    createTicket.call = makeTicket;
    await server?.close();
    await otlp.close();
  });

  it('exports the call, each block, each statement and each outbound fetch, under the caller’s trace', async () => {
    server = await startTestServer(undefined, { otlpEndpoint: endpoint });
    const token = await demoToken(server);
    const { flow } = flowOf(
      [
        {
          type: 'read',
          config: {
            Action: {
              Guid: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a02',
              Name: 'FlowDemoCustomer',
              Type: 'Document',
              IsRead: true,
            },
            Mapping: [{ From: 'customerId', To: 'Id' }],
          },
          output: [{ Name: 'Name', Alias: 'name', Type: 'String' }],
        },
        {
          type: 'external',
          config: { MethodGuid: createTicket.Guid, MethodName: 'CreateTicket', Mapping: [] },
          output: [{ Name: 'ticketId', Alias: 'ticket', Type: 'Guid' }],
        },
      ],
      {
        startFields: [{ Name: 'customerId', Type: 'Guid', Validation: { IsRequired: true } }],
        result: { output: [{ Name: 'name' }, { Name: 'ticket' }] },
        newGuid: countingGuids('o1'),
      },
    );
    await publishFlow(server.db, { ...flow, Guid: randomUUID(), Name: 'traces/ticket', Api: ORDERS_API });
    const answer = await restWith(
      server,
      `orders_api/traces/ticket?customerId=${demoFlowCustomers.inRange.Id}`,
      {
        authorization: `Bearer ${token}`,
        traceparent: given,
      },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ name: 'Northwind Traders' });
    const callSpanId = TRACEPARENT.exec(String(answer.headers.traceparent))![2];
    // The outside service was called with the call's trace carried on.
    expect(otlp.other).toHaveLength(1);
    expect(TRACEPARENT.exec(String(otlp.other[0]!.headers.traceparent))![1]).toBe(TRACE_ID);

    // Closing the server sends what the batch holds.
    await server.close();
    server = undefined;
    const ours = otlp.spans.filter((span) => span.traceId === TRACE_ID);
    const call = ours.find((span) => span.spanId === callSpanId)!;
    expect(call).toMatchObject({
      name: 'GET /rest/orders_api/traces/ticket',
      parentSpanId: PARENT_ID,
      kind: 2,
    });
    const children = (parent: OtlpSpan) =>
      ours
        .filter((span) => span.parentSpanId === parent.spanId)
        .sort((a, b) => Number(BigInt(a.startTimeUnixNano) - BigInt(b.startTimeUnixNano)));
    // Blocks are internal spans; the call's own statements (its plan compiled, its routes loaded) sit beside them.
    const blocks = children(call).filter((span) => span.kind === 1);
    expect(blocks.map((span) => span.name)).toEqual(['START', 'READ', 'EXTERNAL', 'RESULT', 'CLOSE']);
    const read = blocks.find((span) => span.name === 'READ')!;
    const statements = children(read);
    expect(statements.map((span) => span.name)).toEqual(['SELECT']);
    expect(statements[0]!.kind).toBe(3);
    const text = statements[0]!.attributes!.find((attribute) => attribute.key === 'db.query.text')!.value;
    expect(String(text.stringValue)).toMatch(/^select .* from "records"\./);
    // Values are bound parameters: the customer's id is not in the statement's span.
    expect(JSON.stringify(statements)).not.toContain(demoFlowCustomers.inRange.Id);
    const external = blocks.find((span) => span.name === 'EXTERNAL')!;
    const fetches = children(external);
    expect(fetches).toHaveLength(1);
    expect(fetches[0]).toMatchObject({ kind: 3 });
    expect(TRACEPARENT.exec(String(otlp.other[0]!.headers.traceparent))![2]).toBe(fetches[0]!.spanId);
    expect(JSON.stringify(otlp.resources[0])).toContain('integration-console');
    expect(otlp.contentTypes).toContain('application/json');
  });

  it('exports a writing call’s statements in its transaction, and a call without traceparent as a new trace', async () => {
    server = await startTestServer(undefined, { otlpEndpoint: endpoint });
    const token = await demoToken(server);
    const answer = await restCall(server, 'POST', 'orders_api/orders/notify', {
      token,
      body: { email: 'spans@example.com', amount: 10 },
    });
    expect(answer.status).toBe(200);
    const [, traceId, spanId] = TRACEPARENT.exec(String(answer.headers.traceparent))!;
    await server.close();
    server = undefined;
    const ours = otlp.spans.filter((span) => span.traceId === traceId);
    const call = ours.find((span) => span.spanId === spanId)!;
    expect(call.name).toBe('POST /rest/orders_api/orders/notify');
    expect(call.parentSpanId ?? '').toBe('');
    const blocks = ours.filter((span) => span.parentSpanId === call.spanId && span.kind === 1);
    const write = blocks.find((span) => span.name === 'WRITE')!;
    const inserts = ours.filter((span) => span.parentSpanId === write.spanId);
    expect(inserts.map((span) => span.name)).toContain('INSERT');
    // The mail of the EXTERNAL block is a statement too.
    const external = blocks.find((span) => span.name === 'EXTERNAL')!;
    expect(ours.filter((span) => span.parentSpanId === external.spanId).map((span) => span.name)).toEqual([
      'INSERT',
    ]);
  });
});
