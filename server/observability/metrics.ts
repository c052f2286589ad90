import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import { connectionStats, type KeptStats } from '../connectors/perConnection';
import type { CacheStats } from '../db/cache';
import type { Db, DbStats } from '../db/database';
import { Cells, FlowSeries, type Labels, SECONDS, Series, UNKNOWN } from './series';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The request's `operation` label on /metrics: the contract's operationId, `rest`, `health`, ... */
    operation?: string;
  }
  interface FastifyRequest {
    /** A flow call's labels, once the runtime knows its REST API and flow (server/runtime/serve.ts). */
    flowSeries: FlowSeries | undefined;
  }
}

/**
 * GET /metrics in Prometheus' text format (issue 32 point 1), with prom-client. Each process answers its
 * own: requests by operation and status with their latency, flow executions by REST API, flow and
 * outcome with their duration, the runtime's caches, and on PostgreSQL its pools and write notices;
 * then prom-client's process metrics (event-loop lag, heap, GC, CPU, handles). README "Operating it".
 *
 * What the hot paths record goes into plain numbers kept per series (server/observability/series.ts), and
 * so do the caches', pools' and notices' counts: prom-client reads them all at each scrape and writes
 * the text. Not prom-client's own Counter.inc and Histogram.observe per request: they build and hash the
 * label set and turn each bucket's bound into a string on every call, some 2 µs a request here (0.7 µs
 * inc, 1.6 µs observe, measured on this machine), a few percent of a cached GetConnections; a series
 * kept here costs a loop over 13 bounds and three additions.
 */

/**
 * prom-client's process metrics belong to the process, not to one app: made once and shared by every app
 * built in it (the tests build many), so there is one event-loop monitor and one GC observer.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * A counter whose value lives elsewhere as a plain number (a cache's hits, the notices sent): set from it
 * at each scrape. prom-client counters only go up by inc(), so the scrape starts from zero and adds the
 * current total.
 */
function counterOf(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  read: () => Array<[Labels, number]>,
): void {
  new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of read()) this.inc(labels, value);
    },
  });
}

/**
 * A histogram read from series kept as plain numbers (`cells`), in the shape prom-client's Registry
 * writes a histogram of its own: cumulative buckets with `le`, then _sum and _count.
 */
function histogramOf(registry: Registry, name: string, help: string, cells: Cells): void {
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      values: [...cells.all()].flatMap((cell) => {
        let cumulative = 0;
        return [
          ...SECONDS.map((bound, index) => {
            cumulative += cell.buckets[index]!;
            return { metricName: `${name}_bucket`, labels: { ...cell.labels, le: bound }, value: cumulative };
          }),
          { metricName: `${name}_bucket`, labels: { ...cell.labels, le: '+Inf' }, value: cell.count },
          { metricName: `${name}_sum`, labels: cell.labels, value: cell.sum },
          { metricName: `${name}_count`, labels: cell.labels, value: cell.count },
        ];
      }),
    }),
  };
  registry.registerMetric(metric as unknown as Metric);
}

function gaugeOf(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  read: () => Array<[Labels, number]>,
): void {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of read()) this.set(labels, value);
    },
  });
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Cells();
  private readonly executions = new Cells();
  private readonly operations = new Map<string, Series>([['rest', new FlowSeries(UNKNOWN, UNKNOWN).http]]);
  private readonly caches: Array<{ labels: Labels; stats: CacheStats }> = [];

  constructor() {
    // From the start, so GC and event-loop lag before the first scrape count too.
    processMetrics();
    // A counter beside each histogram: what dashboards rate() and alert on by name, and what plain
    // text-format readers (tests/server/operations/metrics.test.ts) take apart without a histogram's layout.
    const counts = (cells: Cells) => () =>
      [...cells.all()].map((cell): [Labels, number] => [cell.labels, cell.count]);
    counterOf(
      this.registry,
      'http_requests_total',
      'Requests answered, by operation (the contract operationId; rest, with rest_api and flow, for /rest calls; health, metrics, notFound, page, other) and status.',
      ['operation', 'rest_api', 'flow', 'status'],
      counts(this.requests),
    );
    histogramOf(
      this.registry,
      'http_request_duration_seconds',
      'Time to answer a request, by the labels of http_requests_total.',
      this.requests,
    );
    counterOf(
      this.registry,
      'flow_executions_total',
      'Flow calls, as the executions log records them, by REST API, flow and outcome: ok, error (an ERROR block), refused (other 4xx), timeout (504), failed (other 5xx).',
      ['rest_api', 'flow', 'outcome'],
      counts(this.executions),
    );
    histogramOf(
      this.registry,
      'flow_execution_duration_seconds',
      'Duration of a flow call as the executions log records it, by the labels of flow_executions_total.',
      this.executions,
    );
    const caches = (pick: (stats: CacheStats) => number) => () =>
      this.caches.map((cache): [Labels, number] => [cache.labels, pick(cache.stats)]);
    counterOf(
      this.registry,
      'runtime_cache_hits_total',
      "Answers the flow runtime's caches gave from what they kept: cache=plan (compiled flows), read (READ blocks' rows), routes (the index of REST APIs, flows and API users).",
      ['cache'],
      caches((stats) => stats.hits),
    );
    counterOf(
      this.registry,
      'runtime_cache_misses_total',
      "Lookups the flow runtime's caches had to compute (or wait for another call's computation).",
      ['cache'],
      caches((stats) => stats.misses),
    );
    counterOf(
      this.registry,
      'runtime_cache_drops_total',
      "Entries the flow runtime's caches threw away: stale after a write (this process's or another's), or the oldest beyond the limit.",
      ['cache'],
      caches((stats) => stats.drops),
    );
  }

  /** Reports a cache's counts under `cache="name"`. */
  watchCache(name: string, stats: CacheStats): void {
    this.caches.push({ labels: { cache: name }, stats });
  }

  /**
   * Reports what flows keep open per external connection (server/connectors/perConnection.ts): a
   * PostgreSQL connection's pool, an SFTP connection's session, labelled by kind and connection name.
   */
  watchConnections(db: Db): void {
    const rows = (pick: (row: KeptStats) => number) => () =>
      connectionStats(db).map((row): [Labels, number] => [
        { kind: row.kind, connection: row.connection },
        pick(row),
      ]);
    gaugeOf(
      this.registry,
      'flow_connection_pool_open',
      "Connections (an SFTP connection: sessions) flows hold open to an external connection's system.",
      ['kind', 'connection'],
      rows((row) => row.open),
    );
    gaugeOf(
      this.registry,
      'flow_connection_pool_idle',
      'Of those, the ones no call uses now.',
      ['kind', 'connection'],
      rows((row) => row.idle),
    );
    gaugeOf(
      this.registry,
      'flow_connection_pool_waiting',
      'Calls waiting for a connection to an external system (all in use, or one opening).',
      ['kind', 'connection'],
      rows((row) => row.waiting),
    );
  }

  /** Reports a PostgreSQL database's pools and write notices (PGlite has neither: no series). */
  watchDatabase(db: Db): void {
    if (!db.stats) return;
    const stats = db.stats.bind(db);
    const pools = (pick: (pool: DbStats['pools'][number]) => number) => () =>
      stats().pools.map((pool): [Labels, number] => [{ pool: pool.name }, pick(pool)]);
    gaugeOf(
      this.registry,
      'db_pool_open_connections',
      'Connections a pool holds open: pool=main (every statement), cancel (made at the first cancelled statement).',
      ['pool'],
      pools((pool) => pool.open),
    );
    gaugeOf(
      this.registry,
      'db_pool_idle_connections',
      'Open connections of a pool that nothing uses.',
      ['pool'],
      pools((pool) => pool.idle),
    );
    gaugeOf(
      this.registry,
      'db_pool_waiting_requests',
      'Statements and transactions waiting for a connection of a pool (all are in use).',
      ['pool'],
      pools((pool) => pool.waiting),
    );
    counterOf(
      this.registry,
      'write_notices_sent_total',
      'Write notices this process sent to the others on the same PostgreSQL (one per committed transaction that wrote cached tables).',
      [],
      () => [[{}, stats().notices.sent]],
    );
    counterOf(
      this.registry,
      'write_notices_received_total',
      'Write notices this process received from the others (its own are not counted), each dropping what the write made stale.',
      [],
      () => [[{}, stats().notices.received]],
    );
    gaugeOf(
      this.registry,
      'write_notices_listening',
      '1 while the connection that receives write notices is up; 0 while it is lost (caches keep nothing then).',
      [],
      () => [[{}, stats().notices.listening ? 1 : 0]],
    );
  }

  /** Records an answered request (onResponse). */
  request(request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const series = request.flowSeries?.http ?? this.operationSeries(request, status);
    series.cellIn(this.requests, status).observe(reply.elapsedTime / 1000);
  }

  private operationSeries(request: FastifyRequest, status: number): Series {
    const configured = request.routeOptions.config.operation;
    // The not-found handler answers the console's page for its client-side routes, 404 otherwise.
    const operation = configured ?? (request.is404 ? (status === 404 ? 'notFound' : 'page') : 'other');
    let series = this.operations.get(operation);
    if (!series) {
      series = new Series({ operation }, 'status');
      this.operations.set(operation, series);
    }
    return series;
  }

  /** Records a flow call as the executions log does (server/runtime/serve.ts). */
  execution(series: FlowSeries, outcome: string, durationMs: number): void {
    series.executions.cellIn(this.executions, outcome).observe(durationMs / 1000);
  }

  readonly contentType = this.registry.contentType;

  /** The text a scrape answers: this app's series, then the process's. */
  async text(): Promise<string> {
    return `${await this.registry.metrics()}\n${await processMetrics().metrics()}`;
  }
}

export const isLoopback = (address: string | undefined) =>
  !!address && (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics: with METRICS_TOKEN, a caller sending it as a bearer token (compared in constant
 * time: both sides hashed to one length first); without it, only a connection from this machine, judged
 * by the socket's address, never by X-Forwarded-For (which the caller writes).
 */
export function metricsAccess(token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  return (request: FastifyRequest): 401 | 403 | undefined => {
    if (expected) {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      return match && timingSafeEqual(digest(match[1]!), expected) ? undefined : 401;
    }
    return isLoopback(request.socket.remoteAddress) ? undefined : 403;
  };
}

/**
 * GET /metrics and what feeds it. `metrics` undefined (METRICS=off): nothing is recorded, no hook is
 * added, and /metrics answers 404.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics | undefined,
  options: { token: string | undefined },
): void {
  app.decorateRequest('flowSeries', undefined);
  if (!metrics) {
    app.get('/metrics', { config: { operation: 'metrics' } }, (_request, reply) =>
      reply.status(404).type('text/plain; charset=utf-8').send('metrics are off (METRICS=off)\n'),
    );
    return;
  }
  // A callback hook, not an async one: no promise per answer.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request, reply);
    done();
  });
  const access = metricsAccess(options.token);
  app.get('/metrics', { config: { operation: 'metrics' } }, async (request, reply) => {
    const refused = access(request);
    if (refused === 401)
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('metrics: send METRICS_TOKEN as a bearer token\n');
    if (refused === 403)
      return reply
        .status(403)
        .type('text/plain; charset=utf-8')
        .send('metrics: answered to this machine only; set METRICS_TOKEN to scrape from elsewhere\n');
    const text = await metrics.text();
    return reply.type(metrics.contentType).send(text);
  });
}
