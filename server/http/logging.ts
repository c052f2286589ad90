import type { FastifyInstance, FastifyRequest } from 'fastify';

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
