import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase, freePort, startHaproxy, startPostgres } from '../scripts/lib/cluster';
import { demoFlowCustomers } from '../server/seed/demo/050_flows';
import { httpCall, httpSignIn, type ServerProcess, startServerProcess } from '../tests/support/serverProcess';
import { testAdmin } from '../tests/support/testServer';
import type { BenchModule, BenchRow } from './lib/types';

const group = 'cluster';
const RUNTIME_CONNECTIONS = 50;

interface Figure {
  name: string;
  path: string;
  token: string;
  connections: number;
}

/**
 * More processes on one PostgreSQL (issue 18): the Connection Builder's GetConnections page (10,000
 * connections) and the flow runtime's GET customers/credit, through HAProxy round-robin in front of one
 * process, then of two, and the ratio. Its own throwaway PostgreSQL (Debian's package) and HAProxy
 * (Debian's package). Everything shares the machine: on two cores, two server processes, PostgreSQL,
 * HAProxy and the load generator compete for them, so the ratio says what a second process buys here,
 * not what it buys on a machine with a core per process. No budget.
 */
const cluster: BenchModule = {
  name: 'cluster',
  order: 35,
  async run(context) {
    const postgres = await startPostgres();
    const servers: ServerProcess[] = [];
    try {
      const databaseUrl = await createDatabase(postgres.url, 'bench_cluster');
      const start = async () => {
        const server = await startServerProcess({
          bundle: true,
          env: {
            DATABASE_URL: databaseUrl,
            ACCESS_TOKEN_SECONDS: '86400',
            ACCOUNT_RATE_LIMIT: '1000000',
            FLOW_RATE_LIMIT: '0',
            DRAIN_SECONDS: '0',
            LOG_LEVEL: 'warn',
          },
        });
        servers.push(server);
        return server;
      };
      const first = await start();
      const admin = await httpSignIn(first.url, testAdmin);
      await seedConnections(first, admin.Token, databaseUrl, context.settings.entities);
      const users = (await httpCall(first.url, 'GET', 'RestApi/GetApiUsers', { token: admin.Token }))
        .body as Array<{
        Username: string;
        ApiToken: string;
      }>;
      const figures: Figure[] = [
        {
          name: `GetConnections (${context.settings.entities.toLocaleString('en')} connections), the list's page`,
          path: '/api/UIServices/Connection/GetConnections?page=1&pageSize=20&sort=Name&direction=ASC',
          token: admin.Token,
          connections: context.settings.connections,
        },
        {
          name: 'GET customers/credit (flow runtime)',
          path: `/rest/orders_api/customers/credit?customerId=${demoFlowCustomers.inRange.Id}`,
          token: users.find((user) => user.Username === 'demo-importer')!.ApiToken,
          connections: RUNTIME_CONNECTIONS,
        },
      ];
      const one = await measure(servers, figures, context.settings.durationSeconds);
      await start();
      const two = await measure(servers, figures, context.settings.durationSeconds);
      return figures.flatMap((figure, index): BenchRow[] => {
        const [a, b] = [one[index]!, two[index]!];
        const unit = index === 0 ? 'req/s' : 'exec/s';
        return [
          { group, figure: `${figure.name}, 1 process behind HAProxy`, value: a.rate, unit, note: a.note },
          { group, figure: `${figure.name}, 2 processes behind HAProxy`, value: b.rate, unit, note: b.note },
          {
            group,
            figure: `${figure.name}: 2 processes / 1`,
            value: b.rate / a.rate,
            unit: '×',
            note: 'one 2-core machine runs the processes, PostgreSQL, HAProxy and the load',
          },
        ];
      });
    } finally {
      for (const server of servers) await server.kill('SIGTERM');
      await postgres.stop();
    }
  },
};

/**
 * `count` connections: one saved through the API (so its body is what a save stores), the rest copies
 * of it with their own guid and name, inserted in one statement before any process has read the list.
 */
async function seedConnections(server: ServerProcess, token: string, databaseUrl: string, count: number) {
  const types = await httpCall(server.url, 'GET', 'Connection/CredentialTypes', { token });
  const guid = randomUUID();
  const saved = await httpCall(server.url, 'POST', 'Connection/PostConnection', {
    token,
    body: {
      FlowConnectionGuid: guid,
      Name: 'BenchConnection0',
      Type: (types.body as Array<{ Name: string }>)[0]!.Name,
      IsInternal: false,
      Description: null,
      AvailableModules: [],
    },
  });
  if (saved.status !== 200) throw new Error(`PostConnection answered ${saved.status}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into items (kind, guid, name, body, created_by, modified_by)
       select i.kind, c.guid, 'BenchConnection' || c.n,
              i.body || jsonb_build_object('FlowConnectionGuid', c.guid::text, 'Name', 'BenchConnection' || c.n),
              i.created_by, i.modified_by
         from items i, (select n, gen_random_uuid() as guid from generate_series(1, $2::int - 1) as n) c
        where i.kind = 'connection' and i.guid = $1`,
      [guid, count],
    );
  } finally {
    await client.end();
  }
}

/** Each figure through HAProxy in front of `servers`: a warm-up, then `seconds` of load. */
async function measure(servers: ServerProcess[], figures: Figure[], seconds: number) {
  const proxy = await startHaproxy({
    bind: '127.0.0.1',
    port: await freePort(),
    servers: servers.map((server) => server.port),
  });
  try {
    const results: Array<{ rate: number; note: string }> = [];
    for (const figure of figures) {
      const load = (options: { duration?: number; amount?: number }) =>
        autocannon({
          url: proxy.url,
          connections: figure.connections,
          pipelining: 1,
          timeout: 60,
          requests: [
            { method: 'GET', path: figure.path, headers: { authorization: `Bearer ${figure.token}` } },
          ],
          ...options,
        });
      // Warm-up: every process's caches filled, plans compiled, the JIT settled.
      await load({ amount: 5_000 * servers.length });
      const result = await load({ duration: seconds });
      const other = Object.entries(result.statusCodeStats)
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, { count }]) => `${count}× ${status}`);
      results.push({
        rate: result['2xx'] / result.duration,
        note: `${servers.length} process(es), ${figure.connections} connections, ${result.duration.toFixed(0)} s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${other.length ? `; also ${other.join(', ')}` : ''}${result.errors ? `, ${result.errors} errors` : ''}`,
      });
    }
    return results;
  } finally {
    await proxy.stop();
  }
}

export default cluster;
