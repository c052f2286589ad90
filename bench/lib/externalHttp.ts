import { randomUUID } from 'node:crypto';
import { httpCall, httpSignIn } from '../../tests/support/serverProcess';
import { testAdmin } from '../../tests/support/testServer';
import { startBareFastify } from './bareFastify';
import { startBareProxy } from './bareProxy';
import { beside, byKey, demoApiToken, publishBenchFlow } from './besideControl';
import { startFlowServer } from './flowServer';
import type { BenchModule, BenchRow } from './types';

type Context = Parameters<BenchModule['run']>[0];

const group = 'runtime';
const FLOW = 'bench/external_order';
const KEY = `bench-${randomUUID()}`;
const ORDERS = 10_000;
/** What the test HTTP API answers for any order: a small JSON object, as an order service would. */
const ORDER = JSON.stringify({ id: 7, total: 12.5, name: 'Anna Full', placed: '2026-11-02' });

/**
 * Issue 30's bench of an EXTERNAL call: a flow START(id) → EXTERNAL getOrder (a REST API connection's
 * operation GET /orders/{id}, key in X-Api-Key) → RESULT, beside a bare Fastify proxy that makes the same
 * call with undici and answers its JSON, loaded in turns within the same minutes. Both call the same
 * test HTTP API, a bare Fastify process of its own. Budget: the flow keeps ≥ 50% of the proxy's rate.
 */
export async function externalHttp(context: Context): Promise<BenchRow[]> {
  const api = await startBareFastify('/orders/:id', ORDER);
  const server = await startFlowServer(context, 'runtime-http');
  const control = await startBareProxy('/orders/:id', api.url, { 'x-api-key': KEY });
  try {
    const { Token: token } = await httpSignIn(server.url, testAdmin);
    const connection = randomUUID();
    const saved = await httpCall(server.url, 'POST', 'Connection/PostConnection', {
      token,
      body: {
        FlowConnectionGuid: connection,
        Name: 'BenchOrders',
        Type: 'REST API',
        AvailableModules: ['FlowBuilder'],
        FlowCredential: { Settings: { BaseUrl: api.url, ApiKey: KEY, KeyHeader: 'X-Api-Key' } },
        Operations: [
          {
            Name: 'getOrder',
            Method: 'GET',
            Path: '/orders/{id}',
            Inputs: [{ Name: 'id', Type: 'Number', In: 'path', IsRequired: true }],
            Outputs: [
              { Name: 'id', Type: 'Number', Path: 'id' },
              { Name: 'total', Type: 'Decimal', Path: 'total' },
              { Name: 'name', Type: 'String', Path: 'name' },
            ],
          },
        ],
        IsPublished: true,
      },
    });
    if (saved.status !== 200)
      throw new Error(`PostConnection answered ${saved.status} ${JSON.stringify(saved.body)}`);
    const listed = (await httpCall(server.url, 'GET', 'FlowBuilder/GetExternalConnectors', { token }))
      .body as Array<{ Guid: string; Name: string; FlowConnectionGuid?: string }>;
    const method = listed.find(
      (entry) => entry.FlowConnectionGuid === connection && entry.Name === 'getOrder',
    );
    if (!method) throw new Error('GetExternalConnectors does not list getOrder');
    await publishBenchFlow(
      server.url,
      token,
      FLOW,
      [
        {
          type: 'external',
          config: { MethodGuid: method.Guid, MethodName: 'getOrder', Mapping: [{ From: 'id', To: 'id' }] },
          output: [
            { Name: 'id', Alias: 'orderId', Type: 'Number' },
            { Name: 'total', Alias: 'total', Type: 'Decimal' },
            { Name: 'name', Alias: 'name', Type: 'String', Validation: { Max: 100 } },
          ],
        },
      ],
      [{ Name: 'id', Type: 'Number', Validation: { IsRequired: true } }],
      ['orderId', 'total', 'name'],
    );
    const apiToken = await demoApiToken(server.url, token);
    const probe = await fetch(`${server.url}/rest/orders_api/${FLOW}?id=7`, {
      headers: { authorization: `Bearer ${apiToken}` },
    });
    const probeBody = await probe.text();
    if (probe.status !== 200 || JSON.parse(probeBody).name !== 'Anna Full')
      return [
        {
          group,
          figure: 'EXTERNAL HTTP call',
          unit: '',
          failed: `probe answered ${probe.status} ${probeBody}`,
        },
      ];
    const {
      flow,
      control: bare,
      share,
      note,
    } = await beside(
      context,
      {
        url: server.url,
        request: byKey(`/rest/orders_api/${FLOW}`, true, ORDERS, { authorization: `Bearer ${apiToken}` }),
        pid: server.pid,
      },
      { url: control.url, request: byKey('/orders', false, ORDERS, {}), pid: control.pid },
    );
    return [
      {
        group,
        figure: 'EXTERNAL HTTP call flow (REST API connection): executions per second',
        value: flow.rate,
        unit: 'exec/s',
        note,
      },
      {
        group,
        figure: 'bare Fastify + undici proxy, the same call, the same minutes: requests per second',
        value: bare.rate,
        unit: 'req/s',
        note,
      },
      {
        group,
        figure: 'EXTERNAL HTTP call flow: share of the bare proxy’s rate (median of rounds)',
        value: share,
        unit: '%',
        budget: { kind: 'min', limit: 50 },
        note: `over all turns ${flow.rate.toFixed(0)} exec/s against ${bare.rate.toFixed(0)} req/s (${((flow.rate / bare.rate) * 100).toFixed(1)}%); p99 (median of turns) ${flow.p99} / ${bare.p99} ms`,
      },
    ];
  } finally {
    await control.stop();
    await server.kill('SIGTERM');
    await api.stop();
  }
}
