import type { Span } from '@opentelemetry/api';
import { type CallSpan, type SpanAttributes, type StartCallSpan, statements } from './traceContext';

/**
 * Spans exported with the OpenTelemetry SDK (issue 32 point 2), loaded only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set (server/app.ts imports this module then, and only then): the call, each block
 * (server/runtime/run.ts), each database statement run while a call's span is active
 * (server/db/database.ts) and each outbound fetch (@opentelemetry/instrumentation-undici, which listens
 * on Node's diagnostics channels and patches nothing). Spans go in batches to
 * `${OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces` over OTLP/HTTP (JSON); the exporter's other OTEL_EXPORTER_OTLP_*
 * settings (headers, timeout) apply.
 *
 * The SDK's packages are imported here with import() so that the server bundle leaves them out
 * (scripts/buildServer.ts keeps them external): a process without the variable never reads them.
 */
export interface Tracing {
  start: StartCallSpan;
  /** Sends what is buffered and stops; the process's hooks are taken back. */
  shutdown(): Promise<void>;
}

export const SERVICE_NAME = 'integration-console';

/** A statement's span name: its command (SELECT, INSERT, ...), never its text, which is an attribute. */
const statementName = (sql: string) => /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';

export async function startTracing(endpoint: string): Promise<Tracing> {
  const [api, node, otlp, resources, instrumentation, undici] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const { context, trace, SpanKind, SpanStatusCode, ROOT_CONTEXT } = api;
  const provider = new node.NodeTracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME || SERVICE_NAME,
    }),
    spanProcessors: [
      new node.BatchSpanProcessor(
        new otlp.OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }),
      ),
    ],
  });
  // The context manager (AsyncLocalStorage), so statements and fetches find the span they belong to, and
  // the W3C propagator, so outbound fetches carry the call's traceparent on.
  provider.register();
  const tracer = provider.getTracer(SERVICE_NAME);
  const unload = instrumentation.registerInstrumentations({
    tracerProvider: provider,
    // Only fetches made inside a call: a background one is nobody's child.
    instrumentations: [new undici.UndiciInstrumentation({ requireParentforSpans: true })],
  });

  const hex = (flags: number) => flags.toString(16).padStart(2, '0');
  const wrap = (span: Span): CallSpan => {
    const ids = span.spanContext();
    const active = trace.setSpan(ROOT_CONTEXT, span);
    return {
      traceId: ids.traceId,
      spanId: ids.spanId,
      flags: hex(ids.traceFlags),
      run: (fn) => context.with(active, fn),
      child: (name: string, attributes?: SpanAttributes) =>
        wrap(
          tracer.startSpan(name, { kind: SpanKind.INTERNAL, ...(attributes ? { attributes } : {}) }, active),
        ),
      rename: (name) => span.updateName(name),
      set: (attributes) => span.setAttributes(attributes),
      end: (error) => {
        if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: error });
        span.end();
      },
    };
  };

  statements.span = <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const parent = trace.getSpan(context.active());
    // Outside a call, or after it ended (a timer the call set, such as the executions log's flush,
    // runs in its context later): no span.
    if (!parent?.isRecording()) return run();
    const span = tracer.startSpan(statementName(sql), {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': statementName(sql),
        // The text only: values are bound parameters, never part of it.
        'db.query.text': sql,
      },
    });
    const done = (error?: unknown) => {
      if (error !== undefined)
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: String((error as { code?: unknown }).code ?? 'failed'),
        });
      span.end();
    };
    return context.with(trace.setSpan(context.active(), span), run).then(
      (value) => {
        done();
        return value;
      },
      (error: unknown) => {
        done(error);
        throw error;
      },
    );
  };

  return {
    start: (parent, name) => {
      const from = parent
        ? trace.setSpanContext(ROOT_CONTEXT, {
            traceId: parent.traceId,
            spanId: parent.spanId,
            traceFlags: Number.parseInt(parent.flags, 16),
            isRemote: true,
          })
        : ROOT_CONTEXT;
      return wrap(tracer.startSpan(name, { kind: SpanKind.SERVER }, from));
    },
    async shutdown() {
      statements.span = undefined;
      unload();
      await provider.shutdown();
      // So a later start in this process (tests build several servers) can register again.
      trace.disable();
      context.disable();
      api.propagation.disable();
    },
  };
}
