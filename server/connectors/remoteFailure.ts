import { HttpError } from '../http/errors';

/**
 * Another system failing a flow's call (issue 30 point 6): the caller gets 502 (down, refusing) or 504
 * (too slow) in the catalogue's words with the connection's name, never the remote's own text, which may
 * name hosts, users or worse; that text stays in `remote` for the server log (server/runtime/run.ts).
 */
export class RemoteFailure extends HttpError {
  constructor(
    status: 502 | 504,
    key:
      | 'runtime.external.unreachable'
      | 'runtime.external.timeout'
      | 'runtime.external.refused'
      | 'runtime.external.commitFailed'
      | 'runtime.external.hostKeyChanged'
      | 'runtime.external.hostKeyUnpinned',
    readonly connection: string,
    readonly remote: unknown,
  ) {
    super(status, key, { connection });
  }
}

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

// Node's socket errors and nodemailer's own codes for a server that is not there or went away.
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNECTION',
  'ESOCKET',
  'EDNS',
]);
/**
 * PostgreSQL's SQLSTATEs for a database the flow cannot reach, though its host answered: connection
 * exceptions (class 08), the server shutting down, crashed or starting (57P01–57P03), and the database
 * gone (3D000, say dropped since the connection was saved). Its refusals of the statement or of the
 * credentials (28…, 42…, 23…) stay `refused`.
 */
const POSTGRES_UNREACHABLE = /^(08...|57P0[123]|3D000)$/;
// ETIMEDOUT (a connect or socket timeout), PostgreSQL's query_canceled (statement_timeout).
const TIMEOUT = new Set(['ETIMEDOUT', '57014']);

/** What the log keeps of a remote's error: its code and message, nothing the library hung on it. */
export const remoteText = (error: unknown) => ({
  code: codeOf(error) || undefined,
  message: error instanceof Error ? error.message : String(error),
});

/** An error of a remote call as the flow's caller gets it. */
export function remoteFailure(error: unknown, connection: string): RemoteFailure {
  if (error instanceof RemoteFailure) return error;
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : '';
  if (TIMEOUT.has(code) || /timeout|timed out/i.test(message))
    return new RemoteFailure(504, 'runtime.external.timeout', connection, error);
  if (UNREACHABLE.has(code) || POSTGRES_UNREACHABLE.test(code) || /Connection terminated/i.test(message))
    return new RemoteFailure(502, 'runtime.external.unreachable', connection, error);
  return new RemoteFailure(502, 'runtime.external.refused', connection, error);
}
