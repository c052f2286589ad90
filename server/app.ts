import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { AccountStates } from './auth/accountStates';
import type { ServerKeys } from './auth/keys';
import { SessionStore } from './auth/sessions';
import { Throttle } from './auth/throttle';
import type { ServerConfig } from './config';
import { closeConnectors } from './connectors';
import { type OperationSpec, operationsOf } from './contract/operations';
import { registerOperations } from './contract/register';
import { TableCache } from './db/cache';
import type { Db } from './db/database';
import { MAX_BODY_DEPTH, nestsDeeperThan, tooDeep } from './http/bodyDepth';
import type { Handlers, Services } from './http/context';
import { HttpError } from './http/errors';
import type { JsonAnswer } from './http/jsonAnswer';
import { lazyRequestLogger, loggerOptions, logRequestsAtDebug } from './http/logging';
import { RateCounts, rateLimitStore } from './http/rateCounts';
import { securityHeaders, securityHeadersFor } from './http/securityHeaders';
import { ItemStore } from './items/itemStore';
import { plainHandlers } from './items/plainHandlers';
import { Mailer } from './mail/mailer';
import { Metrics, registerMetrics } from './observability/metrics';
import { requestIds, spanHooks, traceOf, traceparentOf } from './observability/traceContext';
import { PlanCache } from './runtime/compile';
import { ErrorFlows } from './runtime/errorFlows';
import { ExecutionLog } from './runtime/executions';
import { readCacheStats } from './runtime/readCache';
import { registerRuntime } from './runtime/serve';
import { registerDemoApps } from './seed/demoApps';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every operation's handler: each module in areas/ default-exports the handlers of its operations; an
 * operation of a plain kind (x-item-kind in the contract) that no area module handles gets the generic
 * one (server/items/plainHandlers.ts), so a plain builder needs no module here.
 */
export async function loadHandlers(): Promise<Handlers> {
  const folder = path.join(here, 'areas');
  const merged: Handlers = {};
  for (const file of readdirSync(folder)
    .filter((name) => /\.ts$|\.js$/.test(name) && !name.includes('.test.'))
    .sort()) {
    // A relative template literal, so the server bundle (scripts/buildServer.ts) carries every module.
    const module = (await import(`./areas/${file}`)) as { default?: Handlers };
    if (!module.default) throw new Error(`server/areas/${file} must default-export its handlers`);
    for (const [id, handler] of Object.entries(module.default)) {
      if (Object.hasOwn(merged, id)) throw new Error(`${id} has handlers in two area modules`);
      (merged as Record<string, unknown>)[id] = handler;
    }
  }
  for (const [id, handler] of Object.entries(plainHandlers()))
    if (!Object.hasOwn(merged, id)) (merged as Record<string, unknown>)[id] = handler;
  return merged;
}

/** PostgreSQL's "data exception" errors (PGlite and node-postgres both carry the SQLSTATE as `code`). */
const isDataException = (error: { code?: unknown }) =>
  typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);

export interface AppOptions {
  db: Db;
  keys: ServerKeys;
  config: ServerConfig;
  now?: () => number;
  logger?: boolean | object;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  operations: OperationSpec[];
  /** From now on the health check answers 503: the process is about to stop (server/main.ts). */
  drain(): void;
}

/** Builds the server: the API under /api from the contract, the demo app pages, and the built console. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { db, keys, config } = options;
  const now = options.now ?? (() => Date.now() / 1000);
  const operations = operationsOf();
  // The OpenTelemetry SDK is read only when spans are to be exported (issue 32 point 2; the cold start
  // is a budget): server/observability/otel.ts imports its packages itself.
  const tracing = config.otlpEndpoint
    ? await (await import('./observability/otel')).startTracing(config.otlpEndpoint)
    : undefined;
  // Flow calls and test runs always have a trace id; any other request when its caller sent one.
  // Runs of a flow have a trace id: calls, test runs and retries of a failed execution (issue 32 point 4).
  const runPrefixes = ['FlowBuilder.TestRunRestMethodFlow', 'FlowBuilder.RetryRestMethodFlowExecution'].map(
    (id) => {
      const url = operations.find((operation) => operation.id === id)!.url;
      return url.slice(0, url.indexOf(':'));
    },
  );
  const traced = (url: string) =>
    url.startsWith('/rest/') || runPrefixes.some((prefix) => url.startsWith(prefix));
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    // A traced request's id is its trace id, so each of its log lines carries it as reqId.
    genReqId: requestIds(traced, tracing?.start),
    // One line per request only at debug (logRequestsAtDebug), never Fastify's two at info.
    logController: new LogController({ disableRequestLogging: true }),
    // Made when a request first logs, not for every request (server/http/logging.ts).
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { strict: false } },
    // Path parameters of the contract reach 200 characters, up to 12 bytes each once percent-encoded;
    // Fastify's default limit of 100 refused valid ones before validation could explain anything.
    routerOptions: { maxParamLength: 4096 },
    // A URL the router cannot take apart (bad encoding, a parameter beyond the limit) is bad input,
    // answered in the contract's error shape like any other (found by tests/server/quality/fuzz.test.ts).
    // These answers skip the onSend hooks, so they take the security headers here.
    frameworkErrors: (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      reply
        .status(400)
        .headers({ ...securityHeadersFor(request.url), 'cache-control': 'no-store' })
        .send(new HttpError(400, 'api.badRequest').body());
    },
  });
  const plans = new PlanCache(db, config.runtime, keys);
  const executions = new ExecutionLog(db, config.runtime.executionRetentionDays, app.log);
  const services: Services = {
    db,
    keys,
    config,
    now,
    sessions: new SessionStore(db, keys, config, now),
    accounts: new AccountStates(db),
    mailer: new Mailer(db, app.log, config.smtpUrl),
    throttle: new Throttle(db, config.throttle, now),
    items: new ItemStore(db),
    itemAnswers: new TableCache<JsonAnswer<unknown>>(db, ['items'], 100),
    itemLists: new TableCache<readonly object[]>(db, ['items'], 20),
    plans,
    executions,
    errorFlows: new ErrorFlows({ db, config: config.runtime, plans, executions, log: app.log }),
    rateCounts: new RateCounts(db),
  };
  // JSON bodies, the contract's and the flow runtime's: Fastify's own parser (prototype poisoning
  // refused), after a check of the text's nesting, so a body nested deeper than MAX_BODY_DEPTH is
  // answered 400 before it is built, validated, guarded or walked by anything (issue 29 point 8: 10,000
  // levels answered 500, a RangeError of a recursive walk).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    if (nestsDeeperThan(text as string, MAX_BODY_DEPTH)) done(tooDeep(), undefined);
    else parseJson(request, text as string, done);
  });
  // Error flows still running log their executions before the log's last flush.
  app.addHook('onClose', async () => {
    await services.errorFlows.idle();
    await services.executions.close();
  });
  if (tracing) {
    spanHooks(app);
    // After the executions log's last batch (hooks close in order), so its statements' spans go too.
    app.addHook('onClose', () => tracing.shutdown());
  }
  const metrics = config.metrics.enabled ? new Metrics() : undefined;
  metrics?.watchCache('plan', services.plans.stats);
  metrics?.watchCache('read', readCacheStats(db));
  metrics?.watchDatabase(db);
  metrics?.watchConnections(db);
  registerMetrics(app, metrics, { token: config.metrics.token });
  app.addHook('onClose', () => services.rateCounts.close());
  // The pools flows opened on other systems' databases (server/connectors/).
  app.addHook('onClose', () => closeConnectors(db));

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).header('cache-control', 'no-store').send(error.body());
    }
    // A body in a type the call does not take is bad input like any other (400, not 415). So is a value
    // the database refuses as data (SQLSTATE class 22), e.g. a role number beyond PostgreSQL's integer,
    // which the schemas allow (found by tests/server/quality/fuzz.test.ts); the statement failed, so
    // nothing was written, and a handler's transaction rolls back.
    const status = error.statusCode === 415 || isDataException(error) ? 400 : (error.statusCode ?? 500);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // Logged all the same: a handler passing the database a value it made up itself would land here too.
    else if (isDataException(error)) request.log.warn({ err: error }, 'the database refused a value');
    // Parser and framework errors (bad JSON, wrong content type, body too large) keep their 4xx status
    // but answer in the contract's error shape.
    const key = status === 429 ? 'api.tooManyRequests' : status >= 500 ? 'api.internal' : 'api.invalidBody';
    const wrapped = new HttpError(status, key, { seconds: 60 });
    return reply.status(status).header('cache-control', 'no-store').send(wrapped.body());
  });

  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(services.rateCounts),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'api.tooManyRequests', { seconds: Math.ceil(context.ttl / 1000) }),
  });
  securityHeaders(app);
  logRequestsAtDebug(app);

  // What a load balancer checks (issue 18 points 4, 5): 200 while the process takes calls and its
  // database answers, 503 once it drains before stopping.
  let draining = false;
  // Connections end with the answer once draining, so keep-alive connections (a balancer's, a
  // browser's) do not hold the stop up and their next call opens a connection elsewhere.
  // A callback hook, not an async one: no promise per answer (issue 20 point 5).
  // A traced call's answer names its trace (W3C traceparent: the trace id and this server's span of it).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    const trace = traceOf(request.raw);
    if (trace) reply.header('traceparent', traceparentOf(trace));
    done(null, payload);
  });
  app.get('/health', { config: { operation: 'health' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.status(503).send({ Status: 'draining' });
    await db.query('select 1');
    return { Status: 'ok' };
  });

  registerOperations(app, services, operations, await loadHandlers(), config.accountRateLimit);
  registerDemoApps(app);
  // Before the not-found handler, which answers the console's page for unknown GETs.
  registerRuntime(app, {
    db,
    config: config.runtime,
    plans: services.plans,
    executions: services.executions,
    errorFlows: services.errorFlows,
    rateCounts: services.rateCounts,
    metrics,
  });

  const staticDir = config.staticDir ?? path.resolve(here, '../dist');
  const indexHtml = path.join(staticDir, 'index.html');
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      // One route that looks the file up per request, not one route per built file: registering ~90
      // files (GET and HEAD) was a third of building the app at a cold start (issue 20 point 4). A file
      // that is not there goes on to the not-found handler below, as an unknown route does.
      wildcard: true,
      // Only what names a file (has an extension) is looked up; `/`, `/assets` and client routes go on
      // to the not-found handler and its shell, as they did with a route per file (the wildcard would
      // answer a folder with 403).
      allowedPath: (pathname: string) => /\.[a-z0-9]+$/i.test(pathname),
      cacheControl: false,
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const shell = existsSync(indexHtml) ? readFileSync(indexHtml, 'utf8') : undefined;

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET' || !shell) {
      const error = new HttpError(404, 'api.notFound');
      return reply.status(404).header('cache-control', 'no-store').send(error.body());
    }
    // Client-side routes (/login, /connectionbuilder, ...) all load the console's shell.
    return reply
      .status(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(shell);
  });

  return {
    app,
    services,
    operations,
    drain: () => {
      draining = true;
    },
  };
}
