import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config';
import type { FlowField, HttpMethod, RestMethodFlow } from '../../../src/domain/flow/types';
import { call, signIn } from '../../support/api';
import { countingGuids, flowOf } from '../../support/flowBuilders';
import { publishFlow } from '../../support/publishFlow';
import { demoToken, restCall } from '../../support/restCall';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';
// The key, as the admin types it once; it must reach the test API and nowhere else.
const API_KEY = `sk-live-${randomUUID()}`;
const KEY_HEADER = 'X-Api-Key';
const KEY_PREFIX = 'Key ';

/** The test API's own OpenAPI description of what it serves (issue 30 point 3: imported, not typed). */
const description = {
  openapi: '3.0.3',
  info: { title: 'Shop', version: '1' },
  paths: {
    '/orders/{orderId}': {
      get: {
        operationId: 'getOrder',
        parameters: [
          { name: 'orderId', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'expand', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'The order.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    total: { type: 'number' },
                    placed: { type: 'string', format: 'date' },
                    customer: { $ref: '#/components/schemas/Customer' },
                  },
                },
              },
            },
          },
          '401': { description: 'No key.' },
        },
      },
    },
    '/orders': {
      post: {
        operationId: 'createOrder',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['item'],
                properties: { item: { type: 'string' }, qty: { type: 'integer', format: 'int64' } },
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Created.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
              },
            },
          },
        },
      },
    },
    '/flaky': { get: { operationId: 'flaky', responses: okStatus() } },
    '/flaky-post': { post: { operationId: 'flakyPost', responses: okStatus() } },
    '/busy': { get: { operationId: 'busy', responses: okStatus() } },
    '/slow': { get: { operationId: 'slow', responses: okStatus() } },
    '/huge': { get: { operationId: 'huge', responses: okStatus() } },
    '/trickle': { get: { operationId: 'trickle', responses: okStatus() } },
    '/moved': { get: { operationId: 'moved', responses: okStatus() } },
  },
  components: {
    schemas: {
      Customer: { type: 'object', properties: { name: { type: 'string' } } },
    },
  },
};

function okStatus() {
  return {
    '200': {
      description: 'OK.',
      content: {
        'application/json': { schema: { type: 'object', properties: { status: { type: 'string' } } } },
      },
    },
  };
}

/** A test HTTP API on loopback, counting calls by path and keeping the headers it was sent. */
async function startShop(elsewhere: string) {
  const app: FastifyInstance = Fastify();
  const calls: Record<string, number> = {};
  const seen: Array<Record<string, unknown>> = [];
  let flakyFailed = false;
  let flakyPostFailed = false;
  app.addHook('onRequest', async (request) => {
    const route = request.url.split('?')[0]!;
    calls[route] = (calls[route] ?? 0) + 1;
    seen.push({ ...request.headers });
  });
  app.get('/', async () => ({ name: 'shop' }));
  app.get('/openapi.json', async () => description);
  app.get('/orders/:orderId', async (request, reply) => {
    if (request.headers['x-api-key'] !== `${KEY_PREFIX}${API_KEY}`)
      return reply.code(401).send({ error: `bad key ${String(request.headers['x-api-key'])}` });
    const { orderId } = request.params as { orderId: string };
    const { expand } = request.query as { expand?: string };
    return {
      id: Number(orderId),
      total: 12.5,
      placed: '2026-11-02',
      customer: { name: expand ? 'Anna Full' : 'Anna' },
    };
  });
  app.post('/orders', async (request, reply) => {
    const body = request.body as { item: string; qty?: number };
    return reply.code(201).send({ id: '0b7c6f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f', echo: body });
  });
  app.get('/flaky', async (_request, reply) => {
    if (!flakyFailed) {
      flakyFailed = true;
      return reply.code(503).header('retry-after', '1').send({ error: 'down for a second' });
    }
    return { status: 'up' };
  });
  app.post('/flaky-post', async (_request, reply) => {
    if (!flakyPostFailed) {
      flakyPostFailed = true;
      return reply.code(503).header('retry-after', '0').send({ error: 'down' });
    }
    return { status: 'up' };
  });
  app.get('/busy', async (_request, reply) =>
    reply.code(429).header('retry-after', '120').send({ error: 'slow down, internal host db7.shop.local' }),
  );
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return { status: 'late' };
  });
  app.get('/huge', async () => ({ status: 'x'.repeat(256 * 1024) }));
  // Headers at once, then a part of the body every 100 ms for 3 s: no pause is long enough for undici's
  // bodyTimeout, the whole is longer than the call's timeout.
  app.get('/trickle', (_request, reply) => {
    const body = new PassThrough();
    reply.header('content-type', 'application/json').send(body);
    body.write('{"status":"');
    let parts = 0;
    const timer = setInterval(() => {
      if (++parts < 30) body.write('x');
      else {
        clearInterval(timer);
        body.end('"}');
      }
    }, 100);
  });
  app.get('/moved', async (_request, reply) => reply.redirect(`${elsewhere}/collect`, 302));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    calls,
    seen,
    close: () => app.close(),
    reset() {
      flakyFailed = false;
      flakyPostFailed = false;
    },
  };
}

/** Another origin: whatever reaches it is recorded, headers and all. */
async function startCollector() {
  const app = Fastify();
  const received: Array<Record<string, unknown>> = [];
  app.all('/*', async (request) => {
    received.push({ ...request.headers });
    return { status: 'collected' };
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  // The same host under another name is another origin too; localhost keeps it on loopback.
  return { url: url.replace('127.0.0.1', 'localhost'), received, close: () => app.close() };
}

// Issue 30 point 3 (HTTP APIs) and point 6 (failures of the other side): a REST API connection whose
// operations are imported from the test API's own OpenAPI description, called by EXTERNAL blocks of
// published flows at /rest/…, with the key sent only as and where the connection says.
describe.each(databaseTargets)('HTTP API connector ($name; issue 30 points 3, 4, 6)', (target) => {
  let server: TestServer;
  let shop: Awaited<ReturnType<typeof startShop>>;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let token: string;
  let apiToken: string;
  let logDir: string;
  let logFile: string;
  const connectionGuid = randomUUID();
  const connectionName = `Shop_${connectionGuid.slice(0, 6)}`;
  const methods = new Map<string, string>();
  const paths = new Map<string, string>();
  const versions = new Map<string, string>();
  let saved: Record<string, unknown>;

  let counter = 0;
  async function publishCalling(
    operation: string,
    options: {
      method?: HttpMethod;
      startFields?: FlowField[];
      mapping?: Array<{ From: string; To: string }>;
      output: FlowField[];
    },
  ) {
    counter += 1;
    const built = flowOf(
      [
        {
          type: 'external',
          config: {
            MethodGuid: methods.get(operation)!,
            MethodName: operation,
            Mapping: options.mapping ?? [],
          },
          output: options.output.map((field) => ({ ...field, Alias: field.Name })),
        },
      ],
      {
        method: options.method ?? 'GET',
        startFields: options.startFields ?? [],
        result: { output: options.output.map((field) => ({ Name: field.Name })) },
        newGuid: countingGuids(`h${counter}`),
      },
    );
    const flow: RestMethodFlow = {
      ...built.flow,
      Guid: randomUUID(),
      Name: `shop/${operation.toLowerCase()}`,
      Api: ORDERS_API,
      IsScript: false,
    };
    const published = await publishFlow(server.db, flow);
    paths.set(operation, `orders_api/${flow.Name}`);
    versions.set(operation, `${flow.Guid}/${published.VersionGuid}`);
  }

  beforeAll(async () => {
    collector = await startCollector();
    shop = await startShop(collector.url);
    logDir = mkdtempSync(path.join(tmpdir(), 'http-connector-'));
    logFile = path.join(logDir, 'server.log');
    const base = configFromEnv({});
    server = await startTestServer(
      target,
      {
        runtime: {
          ...base.runtime,
          http: {
            timeoutMs: 500,
            retries: 2,
            retryWaitMs: 3000,
            backoffMs: 50,
            maxResponseBytes: 64 * 1024,
            maxRedirects: 3,
          },
        },
      },
      { logTo: logFile },
    );
    apiToken = await demoToken(server);
    token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;

    // The Connection Builder's calls: import the operations from the API's description, then save.
    const document = await (await fetch(`${shop.url}/openapi.json`)).text();
    const imported = await call(server, 'POST', 'Connection/ImportOpenApi', {
      token,
      body: { Document: document },
    });
    expect([imported.status, imported.body]).toEqual([200, expect.anything()]);
    const operations = imported.body.Operations as Array<Record<string, unknown>>;
    const answer = await call(server, 'POST', 'Connection/PostConnection', {
      token,
      body: {
        FlowConnectionGuid: connectionGuid,
        Name: connectionName,
        Type: 'REST API',
        AvailableModules: ['FlowBuilder'],
        FlowCredential: {
          Settings: { BaseUrl: shop.url, ApiKey: API_KEY, KeyHeader: KEY_HEADER, KeyPrefix: KEY_PREFIX },
        },
        Operations: operations,
        IsPublished: true,
      },
    });
    expect([answer.status, answer.body]).toEqual([200, expect.anything()]);
    saved = (await call(server, 'GET', `Connection/GetConnectionByGuid/${connectionGuid}`, { token })).body;

    const listed = await call(server, 'GET', 'FlowBuilder/GetExternalConnectors', { token });
    for (const connector of listed.body as unknown as Array<{
      Guid: string;
      Name: string;
      FlowConnectionGuid?: string;
    }>)
      if (connector.FlowConnectionGuid === connectionGuid) methods.set(connector.Name, connector.Guid);

    await publishCalling('getOrder', {
      startFields: [
        { Name: 'id', Type: 'Number', Validation: { IsRequired: true } },
        { Name: 'expand', Type: 'String' },
      ],
      mapping: [
        { From: 'id', To: 'orderId' },
        { From: 'expand', To: 'expand' },
      ],
      output: [
        { Name: 'id', Type: 'Number' },
        { Name: 'total', Type: 'Decimal' },
        { Name: 'placed', Type: 'DateOnly' },
        { Name: 'customer_name', Type: 'String' },
      ],
    });
    await publishCalling('createOrder', {
      method: 'POST',
      startFields: [
        { Name: 'item', Type: 'String', Validation: { IsRequired: true } },
        { Name: 'qty', Type: 'Longnumber' },
      ],
      mapping: [
        { From: 'item', To: 'item' },
        { From: 'qty', To: 'qty' },
      ],
      output: [{ Name: 'id', Type: 'Guid' }],
    });
    for (const operation of ['flaky', 'busy', 'slow', 'huge', 'trickle', 'moved'])
      await publishCalling(operation, { output: [{ Name: 'status', Type: 'String' }] });
    await publishCalling('flakyPost', { method: 'POST', output: [{ Name: 'status', Type: 'String' }] });
  });
  afterAll(async () => {
    await server?.close();
    await shop?.close();
    await collector?.close();
    if (logDir) rmSync(logDir, { recursive: true, force: true });
  });

  const run = (operation: string, method: 'GET' | 'POST', input?: Record<string, string | number>) =>
    method === 'GET'
      ? restCall(
          server,
          method,
          `${paths.get(operation)!}${input ? `?${new URLSearchParams(Object.entries(input).map(([key, value]) => [key, String(value)]))}` : ''}`,
          { token: apiToken },
        )
      : restCall(server, method, paths.get(operation)!, { token: apiToken, body: input ?? {} });

  it('imports each operation with its inputs and outputs typed from the description', () => {
    const operations = saved.Operations as Array<Record<string, unknown>>;
    expect(operations.map((operation) => operation.Name)).toEqual([
      'getOrder',
      'createOrder',
      'flaky',
      'flakyPost',
      'busy',
      'slow',
      'huge',
      'trickle',
      'moved',
    ]);
    expect(operations[0]).toMatchObject({
      Method: 'GET',
      Path: '/orders/{orderId}',
      Inputs: [
        { Name: 'orderId', Type: 'Number', In: 'path', IsRequired: true },
        { Name: 'expand', Type: 'String', In: 'query' },
      ],
      Outputs: [
        { Name: 'id', Type: 'Number', Path: 'id' },
        { Name: 'total', Type: 'Decimal', Path: 'total' },
        { Name: 'placed', Type: 'DateOnly', Path: 'placed' },
        // A nested object's properties are outputs of their own, read by a dotted path.
        { Name: 'customer_name', Type: 'String', Path: 'customer.name' },
      ],
    });
    expect(operations[1]).toMatchObject({
      Method: 'POST',
      Inputs: [
        { Name: 'item', Type: 'String', In: 'body', IsRequired: true },
        { Name: 'qty', Type: 'Longnumber', In: 'body' },
      ],
      Outputs: [{ Name: 'id', Type: 'Guid' }],
    });
    // Listed under the connection by FlowBuilder.GetExternalConnectors.
    expect([...methods.keys()].sort()).toEqual(
      operations.map((operation) => operation.Name as string).sort(),
    );
    // The key is answered masked, never in clear.
    expect(JSON.stringify(saved)).not.toContain(API_KEY);
  });

  it('calls an operation with the key in the connection’s header and reads the outputs from the answer', async () => {
    const answer = await run('getOrder', 'GET', { id: '7', expand: 'all' });
    expect([answer.status, answer.body]).toEqual([
      200,
      { id: 7, total: 12.5, placed: '2026-11-02', customer_name: 'Anna Full' },
    ]);
    const sent = shop.seen.at(-1)!;
    expect(sent['x-api-key']).toBe(`${KEY_PREFIX}${API_KEY}`);
    expect(sent.authorization).toBeUndefined();
  });

  it('builds a JSON body from the mapped inputs', async () => {
    const answer = await run('createOrder', 'POST', { item: 'lamp', qty: 3 });
    expect([answer.status, answer.body]).toEqual([200, { id: '0b7c6f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f' }]);
  });

  it('retries a GET answered 503 after its Retry-After and answers the second answer', async () => {
    shop.reset();
    const before = shop.calls['/flaky'] ?? 0;
    const answer = await run('flaky', 'GET');
    expect([answer.status, answer.body]).toEqual([200, { status: 'up' }]);
    expect((shop.calls['/flaky'] ?? 0) - before).toBe(2);
  });

  it('does not retry a POST answered 503 (not idempotent, the operation does not allow it)', async () => {
    shop.reset();
    const before = shop.calls['/flaky-post'] ?? 0;
    const answer = await run('flakyPost', 'POST');
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ MessageKey: 'runtime.external.unreachable' });
    expect((shop.calls['/flaky-post'] ?? 0) - before).toBe(1);
  });

  it('answers 502 on a 429 whose Retry-After is past the total wait, without waiting or the remote’s text', async () => {
    const before = shop.calls['/busy'] ?? 0;
    const answer = await run('busy', 'GET');
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({
      MessageKey: 'runtime.external.refused',
      Message: `${connectionName} refused what the flow asked; nothing was written`,
    });
    expect(JSON.stringify(answer.body)).not.toContain('db7.shop.local');
    expect((shop.calls['/busy'] ?? 0) - before).toBe(1);
  });

  it('answers 504 when the API is slower than the timeout', async () => {
    const answer = await run('slow', 'GET');
    expect(answer.status).toBe(504);
    expect(answer.body).toMatchObject({ MessageKey: 'runtime.external.timeout' });
  });

  it('answers 504 when the answer’s body is still coming at the timeout, though it never pauses long', async () => {
    // The body ends after 3 s, with a 200: the call's timeout is 500 ms.
    const answer = await run('trickle', 'GET');
    expect(answer.status).toBe(504);
    expect(answer.body).toMatchObject({ MessageKey: 'runtime.external.timeout' });
  });

  it('answers 502 when the answer is larger than the cap', async () => {
    const answer = await run('huge', 'GET');
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ MessageKey: 'runtime.external.refused' });
  });

  it('refuses a redirect to another origin: nothing, and no key, arrives there', async () => {
    const answer = await run('moved', 'GET');
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ MessageKey: 'runtime.external.refused' });
    expect(collector.received).toEqual([]);
  });

  it('tests the connection with a real request to BaseUrl, and says when nothing answers there', async () => {
    const ok = await call(server, 'POST', `Connection/TestConnection/${connectionGuid}`, { token });
    expect(ok.body).toEqual({ Success: true, Message: `Connected: ${shop.url} answered HTTP 200` });
    const down = await call(server, 'POST', `Connection/TestConnection/${connectionGuid}`, {
      token,
      body: {
        ...saved,
        FlowCredential: { Settings: { BaseUrl: 'http://127.0.0.1:9', ApiKey: 'typed-again' } },
      },
    });
    expect(down.body).toMatchObject({
      Success: false,
      Message: expect.stringMatching(/^Could not connect: /),
    });
    expect(JSON.stringify(down.body)).not.toContain('typed-again');
  });

  it('asks for the key again when BaseUrl or the key’s header changes', async () => {
    const settings = (saved.FlowCredential as { Settings: Record<string, unknown> }).Settings;
    for (const changed of [{ BaseUrl: collector.url }, { KeyHeader: 'X-Other' }]) {
      const answer = await call(server, 'POST', `Connection/TestConnection/${connectionGuid}`, {
        token,
        body: { ...saved, FlowCredential: { Settings: { ...settings, ...changed } } },
      });
      expect([answer.status, answer.body.MessageKey]).toEqual([400, 'cb.secretReentry']);
    }
    expect(collector.received).toEqual([]);
  });

  it('refuses an invalid OpenAPI description with 400 and the catalogue’s message', async () => {
    const answer = await call(server, 'POST', 'Connection/ImportOpenApi', {
      token,
      body: {
        Document: JSON.stringify({ openapi: '3.0.3', info: { title: 'x' }, paths: { '/a': { get: {} } } }),
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ MessageKey: 'cb.openapi.invalid' });
    const swagger = await call(server, 'POST', 'Connection/ImportOpenApi', {
      token,
      body: { Document: 'swagger: "2.0"\ninfo: {title: x, version: "1"}\npaths: {}\n' },
    });
    expect([swagger.status, swagger.body.MessageKey]).toEqual([400, 'cb.openapi.notVersion3']);
  });

  it('keeps the key out of the test run’s trace', async () => {
    for (const [operation, input] of [
      ['getOrder', { id: 7 }],
      ['busy', {}],
    ] as const) {
      const run = await call(server, 'POST', `FlowBuilder/TestRunRestMethodFlow/${versions.get(operation)}`, {
        token,
        body: { Input: input },
      });
      expect(run.status).toBe(200);
      expect((run.body.Trace as Array<{ Type: string }>).map((entry) => entry.Type)).toContain('external');
      expect(JSON.stringify(run.body)).not.toContain(API_KEY);
    }
  });

  it('keeps the key out of the server log and the executions log', async () => {
    const log = readFileSync(logFile, 'utf8');
    // The log is there and has the failures in it: a check of an empty file could not fail.
    expect(log).toContain('another system failed a flow call');
    expect(log).not.toContain(API_KEY);
    const executions = await server.db.query<{ row: string }>(
      'select row_to_json(e)::text as row from flow_executions e',
    );
    expect(executions.length).toBeGreaterThan(0);
    expect(executions.map((entry) => entry.row).join('\n')).not.toContain(API_KEY);
  });
});
