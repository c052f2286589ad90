import { randomUUID } from 'node:crypto';
import parsePrometheusTextFormat, { type Family, type Sample } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../../server/db/database';
import { qualifiedTable } from '../../../server/documents/recordTable';
import { demoFlowCustomers } from '../../../server/seed/demo/050_flows';
import { call, signIn } from '../../support/api';
import { eventually } from '../../support/eventually';
import { demoToken, restCall } from '../../support/restCall';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

const CUSTOMERS_DOCUMENT = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a02';
const CREDIT = 'orders_api/customers/credit';
const creditOf = (id: string) => `${CREDIT}?customerId=${id}`;
/** The families this server adds; the process's (nodejs_*, process_*) come and go with what the process does. */
const OWN = /^(http_|flow_|runtime_|db_|write_notices_)/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function scrape(server: TestServer, options: { authorization?: string; remoteAddress?: string } = {}) {
  return server.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: options.authorization ? { authorization: options.authorization } : {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** /metrics as a Prometheus server reads it: through a parser of the text format, not by matching text. */
async function families(server: TestServer): Promise<Family[]> {
  const answer = await scrape(server);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusTextFormat(answer.body);
}

const sameLabels = (sample: Sample, labels: Record<string, string>) => {
  const own = sample.labels ?? {};
  return (
    Object.keys(own).length === Object.keys(labels).length &&
    Object.entries(labels).every(([name, value]) => own[name] === value)
  );
};

/** A counter's or gauge's value for exactly these labels (0 when absent). */
function sampleOf(all: Family[], name: string, labels: Record<string, string> = {}): number {
  const family = all.find((entry) => entry.name === name);
  const sample = family?.metrics.find((entry) => sameLabels(entry, labels));
  return sample ? Number(sample.value) : 0;
}

/**
 * One line kind of a histogram (`_count`, `_sum`, `_bucket`) as the parser reads untyped samples: it
 * folds a histogram with labels into one sample (every series' buckets into one map, their counts
 * dropped), so its lines are read on their own, with their labels.
 */
async function histogramLines(server: TestServer, name: string): Promise<Sample[]> {
  const text = (await scrape(server)).body;
  const lines = text.split('\n').filter((line) => line.startsWith(`${name}{`));
  return parsePrometheusTextFormat(`${lines.join('\n')}\n`)[0]?.metrics ?? [];
}

/** Every series of this server's families, as name and sorted labels. */
const seriesOf = (all: Family[]) =>
  all
    .filter((family) => OWN.test(family.name))
    .flatMap((family) =>
      family.metrics.map(
        (sample) =>
          `${family.name}${JSON.stringify(Object.entries(sample.labels ?? {}).sort(([a], [b]) => a.localeCompare(b)))}`,
      ),
    )
    .sort();

describe.each(databaseTargets)('GET /metrics ($name; issue 32 point 1)', (target) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(target);
    token = await demoToken(server);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(() => server?.close());

  it("is Prometheus' text format, with prom-client's process metrics (event-loop lag, heap, GC)", async () => {
    const all = await families(server);
    const names = new Set(all.map((family) => family.name));
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
      'process_cpu_seconds_total',
      'http_request_duration_seconds',
      'runtime_cache_hits_total',
    ])
      expect(names, name).toContain(name);
    expect(all.find((family) => family.name === 'http_request_duration_seconds')?.type).toBe('HISTOGRAM');
  });

  it('counts UIServices calls by operationId and status, with their latency', async () => {
    const labels = { operation: 'Connection.GetConnections', status: '200' };
    const refused = { operation: 'Connection.GetConnections', status: '401' };
    const before = await families(server);
    for (let i = 0; i < 3; i++)
      expect((await call(server, 'GET', 'Connection/GetConnections', { token: admin })).status).toBe(200);
    expect((await call(server, 'GET', 'Connection/GetConnections')).status).toBe(401);
    const after = await families(server);
    expect(sampleOf(after, 'http_requests_total', labels)).toBe(
      sampleOf(before, 'http_requests_total', labels) + 3,
    );
    expect(sampleOf(after, 'http_requests_total', refused)).toBe(
      sampleOf(before, 'http_requests_total', refused) + 1,
    );
    // The latency histogram counts the same requests, each within the +Inf bucket, in a positive time.
    const counts = await histogramLines(server, 'http_request_duration_seconds_count');
    const count = counts.find((sample) => sameLabels(sample, labels))?.value;
    expect(Number(count)).toBe(sampleOf(after, 'http_requests_total', labels));
    const everything = (await histogramLines(server, 'http_request_duration_seconds_bucket')).find((sample) =>
      sameLabels(sample, { ...labels, le: '+Inf' }),
    );
    expect(everything?.value).toBe(count);
    const sum = (await histogramLines(server, 'http_request_duration_seconds_sum')).find((sample) =>
      sameLabels(sample, labels),
    );
    expect(Number(sum?.value)).toBeGreaterThan(0);
  });

  it('counts a flow call under rest with its REST API and flow, and its execution by outcome', async () => {
    const http = (status: string) => ({
      operation: 'rest',
      rest_api: 'orders_api',
      flow: 'customers/credit',
      status,
    });
    const execution = (outcome: string) => ({ rest_api: 'orders_api', flow: 'customers/credit', outcome });
    const before = await families(server);
    expect((await restCall(server, 'GET', creditOf(demoFlowCustomers.inRange.Id), { token })).status).toBe(
      200,
    );
    expect((await restCall(server, 'GET', creditOf(demoFlowCustomers.inRange.Id), { token })).status).toBe(
      200,
    );
    expect((await restCall(server, 'GET', creditOf(demoFlowCustomers.outOfRange.Id), { token })).status).toBe(
      422,
    );
    expect((await restCall(server, 'GET', creditOf(demoFlowCustomers.inRange.Id), {})).status).toBe(401);
    const after = await families(server);
    const moved = (name: string, labels: Record<string, string>) =>
      sampleOf(after, name, labels) - sampleOf(before, name, labels);
    expect(moved('http_requests_total', http('200'))).toBe(2);
    expect(moved('http_requests_total', http('422'))).toBe(1);
    expect(moved('http_requests_total', http('401'))).toBe(1);
    expect(moved('flow_executions_total', execution('ok'))).toBe(2);
    // The ERROR block's 422 is an error; a caller without credentials is refused.
    expect(moved('flow_executions_total', execution('error'))).toBe(1);
    expect(moved('flow_executions_total', execution('refused'))).toBe(1);
    const durations = await histogramLines(server, 'flow_execution_duration_seconds_count');
    expect(Number(durations.find((sample) => sameLabels(sample, execution('ok')))?.value)).toBe(
      sampleOf(after, 'flow_executions_total', execution('ok')),
    );
    // Each call looked its REST API up in the routes' cache once (the server's first call loads it); the
    // three with credentials found their plan, and the repeated customers' read, kept.
    expect(
      moved('runtime_cache_hits_total', { cache: 'routes' }) +
        moved('runtime_cache_misses_total', { cache: 'routes' }),
    ).toBe(4);
    expect(moved('runtime_cache_hits_total', { cache: 'plan' })).toBeGreaterThanOrEqual(2);
    expect(moved('runtime_cache_hits_total', { cache: 'read' })).toBeGreaterThanOrEqual(1);
  });

  it("counts the read cache's misses and its drops when its table is written", async () => {
    const before = await families(server);
    // A customer no call asked for yet: the read misses, and is kept.
    expect((await restCall(server, 'GET', creditOf(randomUUID()), { token })).status).toBe(422);
    // A write to the customers' table drops what the read cache kept of it.
    await server.db.query(`update ${qualifiedTable(CUSTOMERS_DOCUMENT)} set "Credit" = "Credit" where false`);
    const after = await families(server);
    const moved = (name: string) =>
      sampleOf(after, name, { cache: 'read' }) - sampleOf(before, name, { cache: 'read' });
    expect(moved('runtime_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(moved('runtime_cache_drops_total')).toBeGreaterThanOrEqual(1);
  });

  it('makes no new series for 1,000 calls with different ids, unknown flows, unknown REST APIs', async () => {
    const kinds = [
      () => restCall(server, 'GET', creditOf(randomUUID()), { token }),
      () => restCall(server, 'GET', `orders_api/no/such/flow/${randomUUID()}`, { token }),
      () => restCall(server, 'POST', `api-${randomUUID()}/flow`, { token, body: {} }),
      () => call(server, 'GET', `Connection/GetConnectionByGuid/${randomUUID()}`, { token: admin }),
      () => server.app.inject({ method: 'GET', url: `/api/UIServices/Nothing/${randomUUID()}` }),
    ];
    // Each kind once, so the series they make exist; then 200 more of each must add none.
    for (const kind of kinds) await kind();
    const before = seriesOf(await families(server));
    for (let round = 0; round < 200; round++) await Promise.all(kinds.map((kind) => kind()));
    const all = await families(server);
    expect(seriesOf(all)).toEqual(before);
    expect(
      sampleOf(all, 'http_requests_total', {
        operation: 'rest',
        rest_api: 'unknown',
        flow: 'unknown',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(201);
    expect(
      sampleOf(all, 'http_requests_total', {
        operation: 'rest',
        rest_api: 'orders_api',
        flow: 'unknown',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(201);
    expect(
      sampleOf(all, 'http_requests_total', { operation: 'notFound', status: '404' }),
    ).toBeGreaterThanOrEqual(201);
  });

  it('holds no id, token, address or user in its labels or values', async () => {
    const answer = await scrape(server);
    expect(answer.body).not.toMatch(UUID);
    expect(answer.body).not.toContain(token);
    expect(answer.body).not.toContain(testAdmin.email);
    expect(answer.body).not.toContain('demo-importer');
    expect(answer.body).not.toContain('127.0.0.1');
  });

  it.runIf(target.name === 'postgres')(
    'reports the pools and the write notices sent and received (PostgreSQL)',
    async () => {
      const before = await families(server);
      expect(sampleOf(before, 'db_pool_open_connections', { pool: 'main' })).toBeGreaterThanOrEqual(1);
      expect(sampleOf(before, 'db_pool_idle_connections', { pool: 'main' })).toBeGreaterThanOrEqual(0);
      expect(sampleOf(before, 'db_pool_waiting_requests', { pool: 'main' })).toBe(0);
      expect(sampleOf(before, 'write_notices_listening')).toBe(1);
      // A flow call that writes commits one transaction, which announces its write to the other processes.
      const notify = await restCall(server, 'POST', 'orders_api/orders/notify', {
        token,
        body: { email: 'metrics@example.com', amount: 10 },
      });
      expect(notify.status).toBe(200);
      expect(sampleOf(await families(server), 'write_notices_sent_total')).toBeGreaterThan(
        sampleOf(before, 'write_notices_sent_total'),
      );
      // Another process on the same database (its own pool and listener, as tests/server/db/writeNotices.test.ts
      // stands one up) writes: this server receives its notice.
      const [{ name }] = (await server.db.query<{ name: string }>('select current_database() as name')) as [
        { name: string },
      ];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      let other: Db | undefined;
      try {
        other = await openDatabase({ kind: 'postgres', url: url.toString() });
        await other.query('update items set name = name where false');
        await eventually(async () =>
          sampleOf(await families(server), 'write_notices_received_total'),
        ).toBeGreaterThan(sampleOf(before, 'write_notices_received_total'));
      } finally {
        await other?.close();
      }
    },
  );

  it.runIf(target.name === 'pglite')(
    'has no pool or write-notice series on PGlite (one process, no pool)',
    async () => {
      const names = (await families(server)).map((family) => family.name);
      expect(names.filter((name) => /^(db_pool_|write_notices_)/.test(name))).toEqual([]);
    },
  );
});

describe('who may read /metrics (issue 32 point 1)', () => {
  const secret = `metrics-${randomUUID()}`;
  let open: TestServer;
  let guarded: TestServer;
  beforeAll(async () => {
    // trustProxy on: a forged X-Forwarded-For would be believed for the rate limits, and still not here.
    open = await startTestServer(undefined, { trustProxy: true });
    guarded = await startTestServer(undefined, { metrics: { enabled: true, token: secret } });
  });
  afterAll(async () => {
    await open?.close();
    await guarded?.close();
  });

  it('without METRICS_TOKEN answers this machine only, by the socket address', async () => {
    expect((await scrape(open)).statusCode).toBe(200);
    expect((await scrape(open, { remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await scrape(open, { remoteAddress: '10.20.30.40' })).statusCode).toBe(403);
    const forged = await open.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '127.0.0.1' },
      remoteAddress: '10.20.30.40',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).not.toContain('http_request_duration_seconds');
  });

  it('with METRICS_TOKEN answers 401 without it or with another, from anywhere, and the metrics with it', async () => {
    const none = await scrape(guarded);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).not.toContain('http_request_duration_seconds');
    expect((await scrape(guarded, { authorization: `Bearer ${secret}x` })).statusCode).toBe(401);
    expect((await scrape(guarded, { authorization: `Basic ${secret}` })).statusCode).toBe(401);
    const right = await scrape(guarded, { authorization: `Bearer ${secret}`, remoteAddress: '10.20.30.40' });
    expect(right.statusCode).toBe(200);
    expect(parsePrometheusTextFormat(right.body).map((family) => family.name)).toContain(
      'http_request_duration_seconds',
    );
    expect(right.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 and records nothing with METRICS=off', async () => {
    const off = await startTestServer(undefined, { metrics: { enabled: false } });
    try {
      const answer = await scrape(off);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('http_request_duration_seconds');
    } finally {
      await off.close();
    }
  });
});
