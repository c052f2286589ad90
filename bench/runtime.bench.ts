import autocannon from 'autocannon';
import { demoCreditFlow, demoFlowCustomers } from '../server/seed/demo/050_flows';
import { httpCall, httpSignIn, type ServerProcess } from '../tests/support/serverProcess';
import { testAdmin } from '../tests/support/testServer';
import { beside, CONNECTIONS, demoApiToken, type Side } from './lib/besideControl';
import { externalHttp } from './lib/externalHttp';
import { externalRead } from './lib/externalRead';
import { startFlowServer } from './lib/flowServer';
import { residentOverCalls } from './lib/residentOverCalls';
import { median } from './lib/stats';
import type { BenchModule, BenchRow } from './lib/types';

const group = 'runtime';
const MEMORY_CALLS = 100_000;

/**
 * The flow runtime (issue 17 point 9): executions per second and p50/p99 of the demo flow
 * GET /rest/orders_api/customers/credit (START → READ a customer → CHECK its credit → RESULT) at 50
 * concurrent connections on loopback, and the server's resident memory before and after 100,000 more
 * calls (the first reading itself after 100,000). Its own server on a fresh data directory with the
 * demo data, the rate limit off (one API user makes every call). Budgets: at least 2,000 executions/s,
 * p99 ≤ 20 ms, memory within ±10%; and metrics (issue 32 point 1) cost at most 5% of executions/s, with
 * them on beside METRICS=off in the same minutes (metricsCost); keeping call data (issue 32 point 3)
 * costs at most 15% of executions/s, 'always' beside the default 'on error' in the same minutes
 * (keepDataCost). Issue 30's external READ beside a bare Fastify + pg control and EXTERNAL HTTP call beside a bare proxy
 * follow (lib/externalRead.ts, lib/externalHttp.ts).
 */
const runtime: BenchModule = {
  name: 'runtime',
  order: 30,
  async run(context) {
    const server = await startFlowServer(context, 'runtime');
    try {
      const request = await creditRequest(server.url, (await httpSignIn(server.url, testAdmin)).Token);
      const probe = await fetch(`${server.url}${request.path}`, { headers: request.headers });
      const probeBody = await probe.text();
      if (probe.status !== 200)
        return [
          {
            group,
            figure: 'customers/credit',
            unit: '',
            failed: `probe answered ${probe.status} ${probeBody}`,
          },
        ];
      const load = (options: { duration?: number; amount?: number }) =>
        autocannon({
          url: server.url,
          connections: CONNECTIONS,
          pipelining: 1,
          timeout: 60,
          requests: [request],
          ...options,
        });
      // Warm-up: plans compiled, caches filled, the JIT settled.
      await load({ amount: 20_000 });
      const result = await load({ duration: context.settings.durationSeconds });
      const other = Object.entries(result.statusCodeStats)
        .filter(([status]) => status !== '200')
        .map(([status, { count }]) => `${count}× ${status}`);
      const note = `${CONNECTIONS} connections, ${result.duration.toFixed(0)} s, ${result['2xx']} answers${other.length ? `; also ${other.join(', ')}` : ''}${result.errors ? `, ${result.errors} errors` : ''}`;
      const memory = await residentOverCalls(server.pid, load, MEMORY_CALLS);
      const { before, after } = memory;
      const rows: BenchRow[] = [
        {
          group,
          figure: 'GET customers/credit (read, check, result): executions per second',
          value: result['2xx'] / result.duration,
          unit: 'exec/s',
          budget: { kind: 'min', limit: 2000 },
          note,
        },
        { group, figure: 'GET customers/credit: p50 latency', value: result.latency.p50, unit: 'ms', note },
        {
          group,
          figure: 'GET customers/credit: p99 latency',
          value: result.latency.p99,
          unit: 'ms',
          budget: { kind: 'max', limit: 20 },
          note,
        },
        {
          group,
          figure: `resident memory before / after ${MEMORY_CALLS.toLocaleString('en')} calls`,
          value: after / 1024,
          unit: 'MB',
          note: `median VmRSS while the first and the next ${MEMORY_CALLS.toLocaleString('en')} calls ran: ${(before / 1024).toFixed(0)} MB, ${(after / 1024).toFixed(0)} MB; ${memory.answers} answers`,
        },
        {
          group,
          figure: `resident memory change over ${MEMORY_CALLS.toLocaleString('en')} calls`,
          value: Math.abs(memory.changePct),
          unit: '%',
          budget: { kind: 'max', limit: 10 },
          note: `${memory.changePct.toFixed(1)}% (median VmRSS under load, ${(before / 1024).toFixed(0)} → ${(after / 1024).toFixed(0)} MB)`,
        },
      ];
      rows.push(...(await uncached(context)));
      rows.push(...(await metricsCost(context)));
      rows.push(...(await keepDataCost(context)));
      rows.push(...(await externalRead(context)));
      rows.push(...(await externalHttp(context)));
      return rows;
    } finally {
      await server.kill('SIGTERM');
    }
  },
};

/**
 * The same flow with the read cache off (FLOW_READ_CACHE=off): every call reads the records table, as
 * the first call after a write does. No budget; it shows what the cache saves.
 */
async function uncached(context: Parameters<BenchModule['run']>[0]): Promise<BenchRow[]> {
  const server = await startFlowServer(context, 'runtime-uncached', { FLOW_READ_CACHE: 'off' });
  try {
    const request = await creditRequest(server.url, (await httpSignIn(server.url, testAdmin)).Token);
    const load = (options: { duration?: number; amount?: number }) =>
      autocannon({
        url: server.url,
        connections: CONNECTIONS,
        pipelining: 1,
        timeout: 60,
        requests: [request],
        ...options,
      });
    await load({ amount: 10_000 });
    const result = await load({ duration: context.settings.durationSeconds });
    const note = `read cache off; ${CONNECTIONS} connections, ${result.duration.toFixed(0)} s, ${result['2xx']} answers`;
    return [
      {
        group,
        figure: 'GET customers/credit, every read from the table: executions per second',
        value: result['2xx'] / result.duration,
        unit: 'exec/s',
        note,
      },
      {
        group,
        figure: 'GET customers/credit, every read from the table: p99 latency',
        value: result.latency.p99,
        unit: 'ms',
        note,
      },
    ];
  } finally {
    await server.kill('SIGTERM');
  }
}

export default runtime;

/** The request the runtime rows load a server with: GET customers/credit as the demo API user. */
async function creditRequest(url: string, adminToken: string) {
  const token = await demoApiToken(url, adminToken);
  return {
    method: 'GET' as const,
    path: `/rest/orders_api/customers/credit?customerId=${demoFlowCustomers.inRange.Id}`,
    headers: { authorization: `Bearer ${token}` },
  };
}

/**
 * A side of a comparison (lib/besideControl.ts): GET customers/credit on `server`, signing in to it
 * unless given a token (two sides of one server sign in once: sign-ins close together are throttled).
 */
async function creditSide(
  server: ServerProcess,
  options: { adminToken?: string; beforeTurn?: () => Promise<void> } = {},
): Promise<Side> {
  const adminToken = options.adminToken ?? (await httpSignIn(server.url, testAdmin)).Token;
  return {
    url: server.url,
    pid: server.pid,
    request: await creditRequest(server.url, adminToken),
    beforeTurn: options.beforeTurn,
  };
}

/**
 * GET customers/credit on two sides loaded in turns within the same minutes (lib/besideControl.ts):
 * the cost of the first against the second is the median of the rounds' costs, the rates are over all
 * turns. `afterFirstTurn` runs after each turn of the first side.
 */
async function interleavedRates(
  context: Parameters<BenchModule['run']>[0],
  sides: [Side, Side],
  labels: [string, string],
  afterFirstTurn?: () => Promise<void>,
) {
  const measured = await beside(context, sides[0], sides[1], { afterFlowTurn: afterFirstTurn, labels });
  const costs = measured.shares.map((share) => 100 - share);
  const [firstRate, secondRate] = [measured.flow.rate, measured.control.rate];
  return {
    rates: [firstRate, secondRate] as [number, number],
    /** The median of the rounds' costs: % of the second's rate the first lacks. */
    cost: median(costs),
    note: measured.note,
    /** Each round's cost, and the cost over all turns. */
    costNote: `rounds ${costs.map((cost) => cost.toFixed(1)).join(', ')}%; over all turns ${firstRate.toFixed(0)} exec/s ${labels[0]}, ${secondRate.toFixed(0)} ${labels[1]} (${(((secondRate - firstRate) / secondRate) * 100).toFixed(1)}%)`,
  };
}

/**
 * What metrics cost the flow runtime (issue 32 point 1): the same flow on two servers of their own, one
 * as it runs by default (every request and flow call counted, /metrics answering) and one with
 * METRICS=off, loaded in turns within the same minutes (rounds of on, off, off, on; the cost is the
 * median of the rounds'), so a busier moment of the machine weighs on both alike. The "on" server is
 * scraped after each of its turns, as Prometheus would. Budget: metrics cost at most 5% of the
 * executions per second.
 */
export async function metricsCost(context: Parameters<BenchModule['run']>[0]): Promise<BenchRow[]> {
  const on = await startFlowServer(context, 'runtime-metrics-on');
  const off = await startFlowServer(context, 'runtime-metrics-off', { METRICS: 'off' });
  try {
    let scraped = '';
    const sides = await Promise.all([creditSide(on), creditSide(off)]);
    const measured = await interleavedRates(context, sides as [Side, Side], ['on', 'off'], async () => {
      scraped = await (await fetch(`${on.url}/metrics`)).text();
    });
    const [withMetrics, without] = measured.rates;
    const counted = /^flow_executions_total\{[^}]*flow="customers\/credit",outcome="ok"\} (\d+)$/m.exec(
      scraped,
    );
    return [
      {
        group,
        figure: 'GET customers/credit with metrics on: executions per second',
        value: withMetrics,
        unit: 'exec/s',
        note: `${measured.note}; /metrics counted ${counted?.[1] ?? 'no'} calls of the flow`,
      },
      {
        group,
        figure: 'GET customers/credit with METRICS=off, the same minutes: executions per second',
        value: without,
        unit: 'exec/s',
        note: measured.note,
      },
      {
        group,
        figure: 'cost of metrics: executions per second lost with them on (median of rounds)',
        value: measured.cost,
        unit: '%',
        budget: { kind: 'max', limit: 5 },
        note: measured.costNote,
      },
    ];
  } finally {
    await on.kill('SIGTERM');
    await off.kill('SIGTERM');
  }
}

/**
 * What keeping call data costs the flow runtime (issue 32 point 3): one server, its flow's 'Keep call
 * data' switched before each turn between always (every call's input, answer and each block's data
 * redacted, capped and written with its executions row) and on error, as it ships (the blocks' data
 * collected, nothing kept for these calls, which all succeed), in turns within the same minutes (always,
 * on error, on error, always), as metricsCost does. One server rather than two, because the setting is
 * the only difference wanted: two processes differ by more (their heaps, their JIT, their database
 * files), and in runs with two servers the figure moved between 4% and 24% from run to run. The
 * setting takes effect with the next call, as an operator switching it sees. The newest execution, of
 * the last turn (always), is read back to show that its data was kept. Budget: keeping data costs at
 * most 15% of the executions per second.
 */
export async function keepDataCost(context: Parameters<BenchModule['run']>[0]): Promise<BenchRow[]> {
  const server = await startFlowServer(context, 'runtime-keep');
  try {
    const admin = await httpSignIn(server.url, testAdmin);
    const keep = (KeepCallData: 'always' | 'onError') => async () => {
      const set = await httpCall(
        server.url,
        'POST',
        `FlowBuilder/SetRestMethodFlowKeepCallData/${demoCreditFlow}`,
        { token: admin.Token, body: { KeepCallData } },
      );
      if (set.status !== 200)
        throw new Error(`SetRestMethodFlowKeepCallData answered ${set.status} ${JSON.stringify(set.body)}`);
    };
    const sides: [Side, Side] = [
      await creditSide(server, { adminToken: admin.Token, beforeTurn: keep('always') }),
      await creditSide(server, { adminToken: admin.Token, beforeTurn: keep('onError') }),
    ];
    const measured = await interleavedRates(context, sides, ['always', 'on error']);
    const [withData, without] = measured.rates;
    // The executions log flushes within 100 ms; its newest row says whether the data was kept.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const newest = (
      await httpCall(
        server.url,
        'GET',
        `FlowBuilder/GetRestMethodFlowExecutions/${demoCreditFlow}?page=1&pageSize=1`,
        { token: admin.Token },
      )
    ).body as { Executions?: Array<{ HasData?: boolean }>; Total?: number };
    const kept = newest.Executions?.[0]?.HasData === true;
    return [
      {
        group,
        figure: 'GET customers/credit with keep call data: always: executions per second',
        value: withData,
        unit: 'exec/s',
        note: `${measured.note}; newest of ${newest.Total ?? '?'} executions ${kept ? 'has its data' : 'has NO data'}`,
        ...(kept ? {} : { failed: 'the newest execution, of an always turn, has no data' }),
      },
      {
        group,
        figure: 'GET customers/credit with keep call data: on error, the same minutes: executions per second',
        value: without,
        unit: 'exec/s',
        note: measured.note,
      },
      {
        group,
        figure: 'cost of keeping call data: executions per second lost with always (median of rounds)',
        value: measured.cost,
        unit: '%',
        budget: { kind: 'max', limit: 15 },
        note: measured.costNote,
      },
    ];
  } finally {
    await server.kill('SIGTERM');
  }
}
