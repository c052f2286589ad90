import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyLogFn,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';

type FastifyChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<FastifyChildLoggerFactory>[1];
type ChildLoggerOptions = Parameters<FastifyChildLoggerFactory>[2];

/**
 * Query parameters and header values that are credentials: a session token in a client module's
 * address (`?token=eyJ…`), reset and confirmation keys, passwords, API tokens (issue 29 point 7).
 */
const SECRET_NAME = /token|key|pass(word)?|secret|code|auth|signature|session/i;
export const REDACTED = '[redacted]';

/** A request's address as the log may keep it: every credential-looking parameter's value replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a name that is not valid percent-encoding is judged as written
      }
      return equals >= 0 && SECRET_NAME.test(decoded) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

/**
 * The logger of every server process: pino as Fastify configures it, with credentials redacted wherever
 * they could appear (headers, bodies logged by mistake, addresses) and no line per request unless the
 * level is debug. At info the log says what a person running the server needs: start, stop, errors and
 * warnings (issue 29 point 7).
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
        '*.Password',
        '*.password',
        '*.CurrentPassword',
        '*.NewPassword',
        '*.RefreshToken',
        '*.Token',
        '*.ApiToken',
        '*.Key',
        '*.TwoFA',
        '*.Secret',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * One line per answered request, at debug only (Fastify's own two lines per request are switched off):
 * method, redacted address, status and time. Registered only where debug is on, so other levels pay
 * nothing per call.
 */
export function logRequestsAtDebug(app: FastifyInstance): void {
  // pino's levels are numbers; debug is 20, and `silent` is Infinity.
  if ((app.log as unknown as { levelVal: number }).levelVal > 20) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.debug(
      `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
    );
    done();
  });
}

/**
 * Each request's logger (Fastify's `childLoggerFactory`), made when the request first logs. Fastify makes
 * a pino child per request, with its id (the trace id of a traced one) bound; with redaction configured,
 * binding it serializes the bindings through the redactor, about a microsecond a request on the server's
 * one thread, for a logger most requests never use (no line per request unless the level is debug).
 * Every line a request logs still carries its id: the child is made then, with the same bindings.
 */
export const lazyRequestLogger: FastifyChildLoggerFactory = (logger, bindings, options) =>
  // A route that sets its own level or serializers gets its child at once.
  Object.keys(options).length > 0 ? logger.child(bindings, options) : new LazyLogger(logger, bindings);

class LazyLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindingsOf: Bindings,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindingsOf);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: Parameters<FastifyLogFn>) {
    this.logger.fatal(...args);
  }
  error(...args: Parameters<FastifyLogFn>) {
    this.logger.error(...args);
  }
  warn(...args: Parameters<FastifyLogFn>) {
    this.logger.warn(...args);
  }
  info(...args: Parameters<FastifyLogFn>) {
    this.logger.info(...args);
  }
  debug(...args: Parameters<FastifyLogFn>) {
    this.logger.debug(...args);
  }
  trace(...args: Parameters<FastifyLogFn>) {
    this.logger.trace(...args);
  }
  silent(...args: Parameters<FastifyLogFn>) {
    this.logger.silent(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
  isLevelEnabled(level: string): boolean {
    return (this.logger as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level);
  }
  bindings(): Bindings {
    return (this.logger as unknown as { bindings(): Bindings }).bindings();
  }
}
