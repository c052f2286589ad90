import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { queryInput } from '../../src/domain/flow/runtime/inputSchema';
import type { Principal } from '../auth/principal';
import { boundedMemo } from '../boundedMemo';
import type { RuntimeConfig } from '../config';
import { TableCache } from '../db/cache';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { RateCounts } from '../http/rateCounts';
import type { Metrics } from '../observability/metrics';
import { FlowSeries, flowOutcome, UNKNOWN } from '../observability/series';
import { traceOf } from '../observability/traceContext';
import { CALL_DATA_CAP_BYTES, callData, type KeepCallData, keepCallData, keepsData } from './callData';
import type { PlanCache } from './compile';
import { restApiDescription } from './describe';
import { type ErrorFlows, reportsFailure } from './errorFlows';
import { type ExecutionLog, executionTime } from './executions';
import { runPlan } from './run';

/**
 * The flow runtime's route (issue 17 point 1): every published, active flow version answers at
 * /rest/<REST API name>/<flow name> with its HTTP method (GET: query parameters; POST, PUT, DELETE: a JSON
 * body). Not a UIServices call: it is not in the contract. Who may call follows the REST API's
 * ApiAuthentication (spec part 1 §3 'REST API', 'API user'): ApiToken = `Authorization: Bearer <token>`,
 * Basic = the API user's username and token, None = public; only active API users listed in the REST API's
 * Users may call (401 without valid credentials, 403 for one not listed).
 *
 * What answers is read from a cached index of REST APIs, flows and API users, dropped on a write to any
 * of their tables, so deactivating, publishing, deleting or renaming changes the next call.
 */
interface RouteFlow {
  flowGuid: string;
  versionGuid: string;
  version: number;
  name: string;
  /** The flow's 'Keep call data' (issue 32 point 3). */
  keep: KeepCallData;
  /** Its /metrics labels, made once per index. */
  series: FlowSeries;
}

interface RouteApi {
  guid: string;
  name: string;
  auth: string;
  returnType: string;
  users: ReadonlySet<string>;
  /** `${METHOD} ${lower-case flow name}` → the live version. */
  flows: ReadonlyMap<string, RouteFlow>;
  /** The flow its failed calls report to (issue 32 point 5), when it names one that is active. */
  errorFlow: RouteFlow | null;
  /** /metrics labels of a call under this REST API to no flow of it. */
  unknownFlow: FlowSeries;
}

interface ApiUser {
  guid: string;
  username: string;
  token: string;
}

interface RouteIndex {
  apis: ReadonlyMap<string, RouteApi>;
  byToken: ReadonlyMap<string, ApiUser>;
  byUsername: ReadonlyMap<string, ApiUser>;
}

export const INDEX_TABLES = ['items', 'flows', 'flow_versions', 'api_users'];

async function loadIndex(db: Db): Promise<RouteIndex> {
  const apis = await db.query<{ guid: string; name: string; body: Record<string, unknown> }>(
    "select guid::text as guid, name, published as body from items where kind = 'restApi' and published is not null",
  );
  const flows = await db.query<{
    guid: string;
    name: string;
    http_method: string;
    api_guid: string;
    version_guid: string;
    version: number;
    keep_call_data: string;
  }>(
    `select f.guid::text as guid, f.name, f.http_method, f.api_guid::text as api_guid, v.version_guid::text as version_guid, v.version,
            f.keep_call_data
       from flows f join flow_versions v on v.flow_guid = f.guid and v.is_published and v.archived is null
      where f.is_active and f.api_guid is not null`,
  );
  const users = await db.query<ApiUser>(
    'select guid::text as guid, username, api_token::text as token from api_users where is_active and not is_deleted',
  );
  const apiNames = new Map(apis.map((api) => [api.guid, api.name]));
  const byApi = new Map<string, Map<string, RouteFlow>>();
  for (const flow of flows) {
    const list = byApi.get(flow.api_guid) ?? new Map();
    list.set(`${flow.http_method} ${flow.name.toLowerCase()}`, {
      flowGuid: flow.guid,
      versionGuid: flow.version_guid,
      version: flow.version,
      name: flow.name,
      keep: keepCallData(flow.keep_call_data),
      series: new FlowSeries(apiNames.get(flow.api_guid) ?? UNKNOWN, flow.name),
    });
    byApi.set(flow.api_guid, list);
  }
  const index = new Map<string, RouteApi>();
  for (const api of apis) {
    // A deactivated REST API answers nothing (spec part 1 §3 'REST API': IsActive).
    if (api.body.IsActive === false) continue;
    const apiFlows: ReadonlyMap<string, RouteFlow> = byApi.get(api.guid) ?? new Map();
    const errorFlow = typeof api.body.ErrorFlow === 'string' ? api.body.ErrorFlow.toLowerCase() : null;
    index.set(api.name.toLowerCase(), {
      guid: api.guid,
      name: api.name,
      auth: String(api.body.ApiAuthentication ?? 'ApiToken'),
      returnType: String(api.body.ReturnType ?? 'Json'),
      users: new Set(
        Array.isArray(api.body.Users) ? (api.body.Users as string[]).map((guid) => guid.toLowerCase()) : [],
      ),
      flows: apiFlows,
      errorFlow: errorFlow
        ? ([...apiFlows.values()].find((flow) => flow.flowGuid.toLowerCase() === errorFlow) ?? null)
        : null,
      unknownFlow: new FlowSeries(api.name, UNKNOWN),
    });
  }
  return {
    apis: index,
    byToken: new Map(users.map((user) => [user.token.toLowerCase(), user])),
    byUsername: new Map(users.map((user) => [user.username.toLowerCase(), user])),
  };
}

/** Where a REST API describes itself (issue 31 point 1): flow names hold no dot, so no flow answers here. */
export const DESCRIPTION_PATH = 'openapi.json';

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The API user the request's credentials name, or null (401). */
function authenticate(request: FastifyRequest, index: RouteIndex, scheme: string): ApiUser | null {
  const header = request.headers.authorization ?? '';
  if (scheme === 'Basic') {
    const match = /^Basic\s+(\S+)$/i.exec(header);
    if (!match) return null;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const user = index.byUsername.get(decoded.slice(0, colon).toLowerCase());
    return user && sameText(user.token, decoded.slice(colon + 1)) ? user : null;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? (index.byToken.get(match[1]!.toLowerCase()) ?? null) : null;
}

export interface RuntimeServices {
  db: Db;
  config: RuntimeConfig;
  plans: PlanCache;
  executions: ExecutionLog;
  errorFlows: ErrorFlows;
  rateCounts: RateCounts;
  /** Undefined with METRICS=off. */
  metrics: Metrics | undefined;
}

// No cache-control here: every /rest answer, this one or an error Fastify makes, takes the API
// headers (no-store among them) in one place, server/http/securityHeaders.ts.
const send = (reply: FastifyReply, status: number, body: unknown) =>
  status === 204
    ? reply.status(204).send()
    : reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));

/** A /rest path taken apart: the REST API's name and the flow's, as the index keys them. */
interface CalledPath {
  apiKey: string;
  flowPath: readonly string[];
  flowKey: string;
}

/**
 * The paths called lately, taken apart once each: a flow is called at the same path again and again, and
 * splitting, decoding and lower-casing it on every call was a share of the call. Null for a path whose
 * encoding is bad. A path nobody made is kept too, until the cache is full and starts over.
 */
const calledPath = boundedMemo(1000, (path): CalledPath | null => {
  try {
    const [apiName = '', ...flowPath] = path.slice('/rest/'.length).split('/').map(decodeURIComponent);
    return { apiKey: apiName.toLowerCase(), flowPath, flowKey: flowPath.join('/').toLowerCase() };
  } catch {
    return null;
  }
});

export function registerRuntime(app: FastifyInstance, services: RuntimeServices): void {
  const { db, config, plans, executions, errorFlows, rateCounts, metrics } = services;
  const indexCache = new TableCache<RouteIndex>(db, INDEX_TABLES, 1);
  // Made from what the index holds, so it changes with the index: on the next call after a write.
  const descriptions = new TableCache<string>(db, INDEX_TABLES, 100);
  metrics?.watchCache('routes', indexCache.stats);
  /** /metrics labels of a call to a REST API nobody made. */
  const unknownFlow = new FlowSeries(UNKNOWN, UNKNOWN);
  /**
   * Calls per API user (or address) in fixed one-minute windows, counted across every process on the
   * database (server/http/rateCounts.ts): seconds to wait, or 0 when the call may go.
   */
  const rateLimited = (key: string): number => {
    if (config.rateLimitPerMinute <= 0) return 0;
    const { count, resetMs } = rateCounts.take(`flow ${key}`, 60_000, Date.now(), true);
    return count > config.rateLimitPerMinute ? Math.ceil(resetMs / 1000) : 0;
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const started = performance.now();
    const path = request.url.split('?', 1)[0]!;
    const called = calledPath(path);
    if (!called) return send(reply, 400, new HttpError(400, 'api.badRequest').body());
    const { apiKey, flowPath, flowKey } = called;
    const method = request.method;
    const notFound = () => send(reply, 404, new HttpError(404, 'runtime.notFound', { method, path }).body());
    const index = await indexCache.get('index', () => loadIndex(db));
    const api = index.apis.get(apiKey);
    // Labelled by what is stored, never by the path as called: a path nobody made adds no series.
    if (!api) {
      request.flowSeries = unknownFlow;
      return notFound();
    }
    // Looked up now, answered after the credentials: see below.
    const route = api.flows.get(`${method} ${flowKey}`);
    request.flowSeries = route?.series ?? api.unknownFlow;
    const trace = traceOf(request.raw);
    if (route && trace?.span) {
      trace.span.rename(`${method} /rest/${api.name}/${route.name}`);
      trace.span.set({ 'http.route': `/rest/${api.name}/${route.name}`, 'flow.version': route.version });
    }

    let user: ApiUser | null = null;
    const finish = (
      status: number,
      body: unknown,
      extra: {
        errorBlock?: string;
        errorConnection?: string;
        errorCode?: string;
        message?: string;
        /** Makes the call's kept data, once the answer is sent. */
        data?: (() => string) | null;
      } = {},
    ) => {
      // A call refused before its flow was known (401, 403 to an unknown name) has no flow to log under.
      if (!route) return send(reply, status, body);
      const durationMs = performance.now() - started;
      metrics?.execution(route.series, flowOutcome(status, extra.errorCode), durationMs);
      const sent = send(reply, status, body);
      const execution = {
        at: executionTime(),
        flowGuid: route.flowGuid,
        versionGuid: route.versionGuid,
        version: route.version,
        apiGuid: api.guid,
        apiUserGuid: user?.guid ?? null,
        apiUserName: user?.username ?? null,
        method,
        status,
        durationMs,
        errorBlock: extra.errorBlock ?? null,
        ...(extra.errorConnection ? { errorConnection: extra.errorConnection } : {}),
        errorCode: extra.errorCode ?? null,
        message: status >= 400 ? (extra.message ?? null) : null,
        traceId: trace?.traceId ?? null,
        // Made once the answer is sent: the caller does not wait for it.
        data: extra.data ? keptData(extra.data) : null,
      };
      // A failure the REST API's error flow hears of (issue 32 point 5), unless it is the error flow's own.
      const errorFlow = api.errorFlow;
      if (!errorFlow || errorFlow.flowGuid === route.flowGuid || !reportsFailure(status, extra.errorCode)) {
        executions.record(execution);
        return sent;
      }
      errorFlows.report(
        { apiGuid: api.guid, apiName: api.name, ...errorFlow },
        {
          execution,
          flowName: route.name,
          errorCode:
            extra.errorCode ?? String((body as { MessageKey?: unknown } | null)?.MessageKey ?? status),
        },
      );
      return sent;
    };
    /** The call's kept data; a value that cannot be kept loses the data, not the execution. */
    const keptData = (make: () => string): string | null => {
      try {
        return make();
      } catch (error) {
        request.log.error({ err: error }, "the call's data could not be kept");
        return null;
      }
    };
    const refuse = (error: HttpError) => {
      if (error.status === 401)
        reply.header('www-authenticate', api.auth === 'Basic' ? 'Basic realm="rest"' : 'Bearer realm="rest"');
      return finish(error.status, error.body(), { message: error.message });
    };

    // Credentials before the flow's name (issue 29 point 9): a REST API that needs them answers 401
    // (403 to an API user it does not list) whether or not a flow has that name, so its flows' names
    // cannot be tried without them. Only a public API (None), or a caller it lets in, learns of a 404.
    if (api.auth !== 'None') {
      user = authenticate(request, index, api.auth);
      if (!user) return refuse(new HttpError(401, 'runtime.unauthorized'));
      if (!api.users.has(user.guid.toLowerCase())) return refuse(new HttpError(403, 'runtime.forbidden'));
    }
    const describes = !route && method === 'GET' && flowPath.length === 1 && flowPath[0] === DESCRIPTION_PATH;
    if (!route && !describes) return notFound();
    const wait = rateLimited(user ? `user:${user.guid}` : `ip:${request.ip}`);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      return refuse(new HttpError(429, 'runtime.rateLimited', { seconds: wait }));
    }
    if (describes)
      return reply
        .status(200)
        .type('application/json; charset=utf-8')
        .send(
          await descriptions.get(api.guid, async () =>
            JSON.stringify(await restApiDescription(db, api.guid), null, 2),
          ),
        );
    if (api.returnType !== 'Json')
      return refuse(
        new HttpError(501, 'runtime.notRunnable', {
          reason: `the REST API answers ${api.returnType}; this server answers JSON only`,
        }),
      );

    if (!route) return notFound();
    const compiled = await plans.get(route.versionGuid);
    if ('error' in compiled) return refuse(compiled.error);
    let input: Record<string, unknown>;
    if (method === 'GET')
      input = queryInput(compiled.plan.inputFields, request.query as Record<string, string>);
    else {
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body))
        return refuse(new HttpError(400, 'flow.input.notJson'));
      input = body as Record<string, unknown>;
    }
    const principal: Principal | null = user
      ? { kind: 'apiUser', guid: user.guid, name: user.username, level: 2, admin: false, entitlements: {} }
      : null;
    const outcome = await runPlan(compiled.plan, {
      db,
      principal,
      input,
      timeoutMs: config.timeoutMs,
      statementTimeoutMs: config.statementTimeoutMs,
      // What each block did is collected only where it may be kept (issue 32 point 3).
      trace: route.keep !== 'never',
      log: request.log,
      span: trace?.span,
    });
    const kept = outcome.trace && keepsData(route.keep, outcome.status) ? outcome.trace : null;
    const data = kept
      ? () =>
          callData(
            compiled.plan.secrets,
            input,
            outcome.body,
            kept,
            CALL_DATA_CAP_BYTES,
            compiled.plan.blocks,
          )
      : null;
    return finish(outcome.status, outcome.body, { ...outcome, data });
  };

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/rest/*',
    // Its label on /metrics until the handler knows the REST API and flow (server/observability/series.ts).
    config: { operation: 'rest' },
    bodyLimit: config.bodyLimitBytes,
    handler,
    errorHandler: (error, request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      const answer =
        // A body nested too deep (server/http/bodyDepth.ts) says so.
        error instanceof HttpError
          ? error
          : status === 413
            ? new HttpError(413, 'runtime.bodyTooLarge', { limit: config.bodyLimitBytes })
            : status < 500
              ? new HttpError(400, 'flow.input.notJson')
              : new HttpError(500, 'api.internal');
      // Its own words (a database's, say) go to the log, not to the caller (issue 29 point 9).
      if (answer.status >= 500) request.log.error({ err: error }, 'a flow call failed');
      return send(reply, answer.status, answer.body());
    },
  });
}
