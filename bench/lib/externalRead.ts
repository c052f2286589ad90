import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FlowField } from '../../src/domain/flow/types';
import { httpCall, httpSignIn, type ServerProcess } from '../../tests/support/serverProcess';
import { testAdmin } from '../../tests/support/testServer';
import { startBarePostgres } from './barePostgres';
import { beside, byKey, CONNECTIONS, demoApiToken, publishBenchFlow } from './besideControl';
import { startFlowServer } from './flowServer';
import { type PacedResult, pacedLoad } from './pacedLoad';
import { residentOverCalls } from './residentOverCalls';
import { median } from './stats';
import type { BenchModule, BenchRow } from './types';

type Context = Parameters<BenchModule['run']>[0];

const group = 'runtime';
const ROWS = 10_000;
const MEMORY_CALLS = 100_000;
/** The pool a flow connection opens (server/connectors/postgresql/pools.ts), and so the control's. */
const POOL_SIZE = 10;
const FLOW = 'bench/external_customer';
const SQL = 'select name, credit from public.customer_by_id($1)';

/**
 * The PostgreSQL the external database is made on: BENCH_DATABASE_URL, TEST_DATABASE_URL, or a throwaway
 * cluster scripts/test-postgres.sh starts (Debian's postgresql package).
 */
function postgresUrl(): string {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) return given;
  return execFileSync('scripts/test-postgres.sh', { encoding: 'utf8' }).trim();
}

/** A throwaway database with `customer` (ROWS rows, keyed by id) and a function reading one by key. */
async function makeDatabase(baseUrl: string) {
  const name = `bench_ext_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const remote = new pg.Client({ connectionString: url.toString() });
  await remote.connect();
  await remote.query(`
    create table customer (id integer primary key, name varchar(50) not null, credit numeric(10, 2) not null);
    insert into customer select i, 'Customer ' || i, (i % 997) * 10.5 from generate_series(1, ${ROWS}) i;
    analyze customer;
    create function public.customer_by_id(p_id integer)
      returns table(name varchar(50), credit numeric(10, 2))
      language sql stable as $$ select name, credit from customer where id = p_id $$;`);
  await remote.end();
  return {
    url,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Builds the flow through the console's calls: the connection, the method from the function (Method
 * Builder), and START(id) → READ customer_by_id → RESULT, published and active. Answers the demo API
 * user's request of it.
 */
async function buildFlow(server: ServerProcess, database: URL) {
  const { Token: token } = await httpSignIn(server.url, testAdmin);
  const connection = randomUUID();
  const saved = await httpCall(server.url, 'POST', 'Connection/PostConnection', {
    token,
    body: {
      FlowConnectionGuid: connection,
      Name: 'BenchShop',
      Type: 'PostgreSQL',
      FlowCredential: {
        Settings: {
          Host: database.hostname,
          Port: Number(database.port || 5432),
          Database: database.pathname.slice(1),
          User: decodeURIComponent(database.username),
          Password: decodeURIComponent(database.password) || 'unused',
        },
      },
    },
  });
  if (saved.status !== 200)
    throw new Error(`PostConnection answered ${saved.status} ${JSON.stringify(saved.body)}`);
  const routine = 'public.customer_by_id';
  const parameters = await httpCall(
    server.url,
    'GET',
    `SPActionDocument/GetSPParameters/${connection}/${routine}`,
    {
      token,
    },
  );
  const found = parameters.body as { Input: FlowField[]; Output: FlowField[] };
  const method = randomUUID();
  const methodPath = `SPActionDocument/PostConnectionMethod/${connection}/${method}`;
  const methodBody = {
    Guid: method,
    Name: 'customer_by_id',
    Type: 'Stored Procedure',
    FlowConnectionGuid: connection,
    IsSp: true,
    IsRead: true,
    FullOutput: false,
    Script: routine,
    Input: found.Input,
    Output: found.Output.map((field) =>
      field.Type === 'String' ? { ...field, Validation: { ...field.Validation, Max: 50 } } : field,
    ),
  };
  const created = await httpCall(server.url, 'POST', methodPath, { token, body: methodBody });
  if (created.status !== 200) throw new Error(`PostConnectionMethod answered ${created.status}`);
  const stored = await httpCall(
    server.url,
    'GET',
    `SPActionDocument/GetConnectionMethod/${connection}/${method}`,
    {
      token,
    },
  );
  await httpCall(server.url, 'POST', methodPath, {
    token,
    body: { ...(stored.body as object), IsPublished: true },
  });
  await publishBenchFlow(
    server.url,
    token,
    FLOW,
    [
      {
        type: 'read',
        config: {
          Action: {
            Guid: method,
            Name: 'customer_by_id',
            Type: 'Method',
            FlowConnectionGuid: connection,
            IsRead: true,
          },
          Mapping: [{ From: 'id', To: 'p_id' }],
          FirstMatch: true,
        },
        output: [
          { Name: 'name', Alias: 'name', Type: 'String' },
          { Name: 'credit', Alias: 'credit', Type: 'Decimal' },
        ],
      },
    ],
    [{ Name: 'id', Type: 'Number', Validation: { IsRequired: true } }],
    ['name', 'credit'],
  );
  return demoApiToken(server.url, token);
}

/** A side's paced turns as one figure: medians of p50 and p99, the rate and failures over all turns. */
const pacedSummary = (turns: PacedResult[]) => ({
  answered: turns.reduce((sum, turn) => sum + turn.answered, 0) / turns.length,
  other: turns.reduce((sum, turn) => sum + turn.other, 0),
  p50: median(turns.map((turn) => turn.p50)),
  p99: median(turns.map((turn) => turn.p99)),
  p99s: turns.map((turn) => turn.p99),
});

/**
 * Issue 30's bench: a READ flow on an external PostgreSQL (ROWS rows, filtered by key, no cache) beside a
 * bare Fastify process answering the same query through its own pg pool, loaded in turns within the same
 * minutes (lib/besideControl.ts: the share is the median of rounds of flow, control, control, flow).
 * Budgets: the flow keeps ≥ 50% of the control's requests per second, with p99 ≤ 20 ms, and its server's
 * memory stays within ±10% over MEMORY_CALLS calls (residentOverCalls). p99 is read where the budget
 * puts the flow, at half the control's rate, evenly paced from a loader process of its own (pacedLoad),
 * the median of three turns; the saturated turns' p99 is a row without a budget.
 */
export async function externalRead(context: Context): Promise<BenchRow[]> {
  let database: Awaited<ReturnType<typeof makeDatabase>>;
  try {
    database = await makeDatabase(postgresUrl());
  } catch (error) {
    return [
      {
        group,
        figure: 'external READ',
        unit: '',
        failed: `no PostgreSQL for the external database (${(error as Error).message}); install Debian's postgresql`,
      },
    ];
  }
  const server = await startFlowServer(context, 'runtime-external');
  const control = await startBarePostgres('/customer', database.url.toString(), SQL, POOL_SIZE);
  try {
    const token = await buildFlow(server, database.url);
    const flowRequest = byKey(`/rest/orders_api/${FLOW}`, true, ROWS, { authorization: `Bearer ${token}` });
    const controlRequest = byKey('/customer', true, ROWS, {});
    const probe = await fetch(`${server.url}/rest/orders_api/${FLOW}?id=42`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const probeBody = await probe.text();
    const expected = await (await fetch(`${control.url}/customer?id=42`)).json();
    if (probe.status !== 200 || JSON.parse(probeBody).name !== expected.name)
      return [
        {
          group,
          figure: 'external READ',
          unit: '',
          failed: `probe answered ${probe.status} ${probeBody}; the control ${JSON.stringify(expected)}`,
        },
      ];
    const measured = await beside(
      context,
      { url: server.url, request: flowRequest, pid: server.pid },
      { url: control.url, request: controlRequest, pid: control.pid },
    );
    const { flow, control: bare, load } = measured;
    const note = `${ROWS.toLocaleString('en')} rows; ${measured.note}`;
    // p99 where the budget puts the flow: serving half the control's rate, evenly paced. At saturation,
    // 50 connections wait in turn (Little's law: 50 / 1,640 a second is 30 ms on average), as the
    // control's own p99 shows; that figure stays as a row without a budget.
    const halfRate = Math.round(bare.rate / 2);
    // Each turn begins with two paced seconds not counted, on the connections it then counts: the pools
    // reopen what they closed while the other side ran, and a new loader process settles. Three turns a
    // side, in the order flow, control, control, flow, flow, control; a side's p99 is the median of its
    // turns', so one moment the shared machine stalls for a tenth of a second does not make the figure.
    const pacedTurn = (side: { url: string; request: typeof flowRequest }) =>
      pacedLoad({
        ...side,
        rate: halfRate,
        warmSeconds: 2,
        seconds: Math.max(5, context.settings.durationSeconds / 2),
        connections: CONNECTIONS,
      });
    const pacedSides = [
      { url: server.url, request: flowRequest },
      { url: control.url, request: controlRequest },
    ];
    const turns: [PacedResult[], PacedResult[]] = [[], []];
    for (const index of [0, 1, 1, 0, 0, 1]) turns[index]!.push(await pacedTurn(pacedSides[index]!));
    const paced = pacedSummary(turns[0]);
    const pacedControl = pacedSummary(turns[1]);
    const memory = await residentOverCalls(
      server.pid,
      (options) => load({ url: server.url, request: flowRequest }, options),
      MEMORY_CALLS,
    );
    return [
      {
        group,
        figure: 'external READ flow (PostgreSQL connection, by key): executions per second',
        value: flow.rate,
        unit: 'exec/s',
        note,
      },
      {
        group,
        figure: 'bare Fastify + pg, the same query, the same minutes: requests per second',
        value: bare.rate,
        unit: 'req/s',
        note,
      },
      {
        group,
        figure: 'external READ flow: share of the bare control’s rate (median of rounds)',
        value: measured.share,
        unit: '%',
        budget: { kind: 'min', limit: 50 },
        note: `over all turns ${flow.rate.toFixed(0)} exec/s against ${bare.rate.toFixed(0)} req/s (${((flow.rate / bare.rate) * 100).toFixed(1)}%)`,
      },
      {
        group,
        figure: 'external READ flow: p99 latency at half the control’s rate',
        value: paced.p99,
        unit: 'ms',
        budget: { kind: 'max', limit: 20 },
        note: `${halfRate} calls a second offered evenly, ${paced.answered.toFixed(0)} answered a second${paced.other ? `, ${paced.other} not 2xx or failed` : ''}; the median of three turns' p99 (${paced.p99s.join(', ')} ms), p50 ${paced.p50} ms; the control at that rate: p50 ${pacedControl.p50} ms, p99 ${pacedControl.p99} ms (${pacedControl.p99s.join(', ')})`,
      },
      {
        group,
        figure: 'external READ flow: p99 latency at saturation (50 connections)',
        value: flow.p99,
        unit: 'ms',
        note: `the median of its turns' p99; the control's ${bare.p99} ms`,
      },
      {
        group,
        figure: `external READ flow: resident memory change over ${MEMORY_CALLS.toLocaleString('en')} calls`,
        value: Math.abs(memory.changePct),
        unit: '%',
        budget: { kind: 'max', limit: 10 },
        note: `${memory.changePct.toFixed(1)}%: median VmRSS under load ${(memory.before / 1024).toFixed(0)} MB → ${(memory.after / 1024).toFixed(0)} MB, ${memory.answers} answers`,
      },
    ];
  } finally {
    await control.stop();
    await server.kill('SIGTERM');
    await database.drop();
  }
}
