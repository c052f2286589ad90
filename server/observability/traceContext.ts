import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * One id per call (issue 32 point 2): a W3C Trace Context `traceparent`
 * (https://www.w3.org/TR/trace-context/#traceparent-header) taken from the caller or made here. Its trace
 * id is the request's id, so every log line of the call carries it (Fastify binds `reqId` to each
 * request's logger), and it goes into the answer's `traceparent`, the executions log and the test run's
 * answer. With OTEL_EXPORTER_OTLP_ENDPOINT set, the call's span is started here too
 * (server/observability/otel.ts), so the ids are the exported span's.
 *
 * Nothing here loads OpenTelemetry: without the variable a call pays for two random ids and a regular
 * expression.
 */
export interface CallTrace {
  /** 32 lower-case hex digits, never all zeros. */
  traceId: string;
  /** This server's span of the call (16 hex digits): what the answer's traceparent names as parent. */
  spanId: string;
  /** The caller's span, when the call came with a traceparent. */
  parentId: string | undefined;
  /** Trace flags as two hex digits; bit 0 is "sampled". */
  flags: string;
  /** The exported span, while OpenTelemetry runs. */
  span?: CallSpan | undefined;
}

/** What the call's span can do; server/observability/otel.ts makes them with the OpenTelemetry SDK. */
export interface CallSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly flags: string;
  /** Runs `fn` with this span as the active one: statements and fetches started inside become its children. */
  run<T>(fn: () => T): T;
  /** A span of part of the call (a block), child of this one. */
  child(name: string, attributes?: SpanAttributes): CallSpan;
  rename(name: string): void;
  set(attributes: SpanAttributes): void;
  /** Ends it; an error message marks it failed. */
  end(error?: string): void;
}

export type SpanAttributes = Record<string, string | number | boolean>;

/** Starts the span of a call (OpenTelemetry's, when it runs) from the caller's context, if any. */
export type StartCallSpan = (
  parent: { traceId: string; spanId: string; flags: string } | undefined,
  name: string,
) => CallSpan;

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZEROS = /^0+$/;

/**
 * The caller's trace context, or undefined for a header the specification says to ignore: version ff,
 * ids of zeros, anything malformed, or extra fields on version 00 (only later versions may add fields).
 */
export function parseTraceparent(
  header: string,
): { traceId: string; spanId: string; flags: string } | undefined {
  const match = TRACEPARENT.exec(header.trim().toLowerCase());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string?,
  ];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (ZEROS.test(traceId) || ZEROS.test(spanId)) return undefined;
  return { traceId, spanId, flags };
}

/** The answer's traceparent: this server's span of the call as the caller's next parent. */
export const traceparentOf = (trace: CallTrace) => `00-${trace.traceId}-${trace.spanId}-${trace.flags}`;

/**
 * Random ids from a buffer refilled 170 calls at a time: one randomFillSync per call was most of the
 * cost of making ids (a system call each).
 */
const pool = Buffer.alloc(24 * 170);
let offset = pool.length;

function randomHex(bytes: number): string {
  for (;;) {
    if (offset + bytes > pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const hex = pool.toString('hex', offset, offset + bytes);
    offset += bytes;
    // All zeros is invalid (and as likely as any other id); draw again.
    if (!ZEROS.test(hex)) return hex;
  }
}

export const newTraceId = () => randomHex(16);
export const newSpanId = () => randomHex(8);

const TRACE = Symbol('callTrace');
type Traced = IncomingMessage & { [TRACE]?: CallTrace };

/** The request's trace, if it has one (server/app.ts makes it with the request's id). */
export const traceOf = (raw: IncomingMessage): CallTrace | undefined => (raw as Traced)[TRACE];

/**
 * Fastify's genReqId (server/app.ts): a request that came with a valid traceparent keeps its trace id,
 * and so does every request whose path `traced` accepts (flow calls, test runs), with a new one; the rest
 * get Fastify's usual counter. With `startSpan` (OpenTelemetry running), the call's span starts here, at
 * the first moment the request exists, and its ids are the ones used.
 */
export function requestIds(traced: (url: string) => boolean, startSpan?: StartCallSpan) {
  let next = 0;
  return (raw: IncomingMessage): string => {
    const header = raw.headers.traceparent;
    const given = typeof header === 'string' ? parseTraceparent(header) : undefined;
    if (!given && !traced(raw.url ?? '')) return `req-${(next++).toString(36)}`;
    let trace: CallTrace;
    if (startSpan) {
      // Named by its method until its route is known (server/observability/otel.ts): a raw path in a span's
      // name would make a name per path.
      const span = startSpan(given, raw.method ?? 'GET');
      trace = {
        traceId: span.traceId,
        spanId: span.spanId,
        parentId: given?.spanId,
        flags: span.flags,
        span,
      };
    } else
      trace = {
        traceId: given?.traceId ?? newTraceId(),
        spanId: newSpanId(),
        parentId: given?.spanId,
        // Nothing is recorded here without OpenTelemetry: a caller's decision passes on unchanged.
        flags: given?.flags ?? '00',
      };
    (raw as Traced)[TRACE] = trace;
    return trace.traceId;
  };
}

/**
 * Set while OpenTelemetry runs (server/observability/otel.ts): runs one database statement in a span,
 * child of the call's span active at that moment, if any. Unset, server/db/database.ts runs statements
 * as they are.
 */
export const statements: { span?: (<T>(sql: string, run: () => Promise<T>) => Promise<T>) | undefined } = {};

/** Runs one database statement, in its span while OpenTelemetry runs (statements.span). */
export const inStatementSpan = <T>(sql: string, run: () => Promise<T>): Promise<T> =>
  statements.span ? statements.span(sql, run) : run();

/**
 * While spans are exported: the call's span is named by its route once routed (the flow runtime names
 * it by REST API and flow later), is the active span while the handler runs, and ends with the answer.
 * preHandler calls the handler synchronously from `done`, so running `done` in the span makes the
 * handler's statements and fetches its children.
 */
export function spanHooks(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const span = traceOf(request.raw)?.span;
    if (!span) return done();
    const route = request.routeOptions.url;
    if (route) span.rename(`${request.method} ${route}`);
    span.run(done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = traceOf(request.raw)?.span;
    if (span) {
      span.set({ 'http.request.method': request.method, 'http.response.status_code': reply.statusCode });
      span.end(reply.statusCode >= 500 ? `answered ${reply.statusCode}` : undefined);
    }
    done();
  });
}
