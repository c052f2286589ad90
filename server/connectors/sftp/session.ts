import type { SFTPWrapper } from 'ssh2';
import type SftpClient from 'ssh2-sftp-client';
import { HttpError } from '../../http/errors';
import { RemoteFailure, remoteFailure } from '../remoteFailure';
import type { Settings } from '../types';
import { fingerprintOf, type Target, targetOf } from './hostKeys';
import { privateKeyText } from './privateKey';

/** Longest a connect may take (TCP, key exchange, authentication) before it answers 504. */
export const CONNECT_TIMEOUT_MS = 5000;

/** The server showed another host key than the pinned one: nothing (no password, no signature) was sent. */
export class HostKeyMismatch extends Error {
  readonly code = 'EHOSTKEY';
  constructor(readonly offered: string) {
    super('host key mismatch');
  }
}

/** An operation that ran past its limit; the session is torn down under it. */
export class OperationTimeout extends Error {
  readonly code = 'ETIMEDOUT';
  constructor() {
    super('operation timed out');
  }
}

export interface Session {
  client: SftpClient;
  sftp: SFTPWrapper;
  /** The host key the server showed, as pinned. */
  fingerprint: string;
}

export interface SessionOptions {
  /** The fingerprint the server must show; undefined takes whatever it shows (Test Connection's first pin). */
  pinned: string | undefined;
  operationTimeoutMs: number;
}

const text = (value: Settings[string] | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A session open to the server, until close(). */
export interface OpenSession extends Session {
  close(): Promise<void>;
}

/**
 * Connects with settings in clear (password or private key with its passphrase, issue 30 point 4),
 * checking the host key through ssh2's hostVerifier before any credential is sent. `onLost` hears of a
 * session the server or the network ended (not one closed here).
 */
export async function openSession(
  settings: Settings,
  pinned: string | undefined,
  onLost: () => void = () => {},
): Promise<OpenSession> {
  const target: Target = targetOf(settings);
  // Loaded on the first SFTP call, not at start: ssh2 is large and the cold start is a budget.
  const { default: Client } = await import('ssh2-sftp-client');
  // Its own handlers for the events no operation is waiting on: the library's default ones print them.
  const client = new Client('flows', { error: onLost, end: onLost, close: onLost });
  let offered = '';
  let mismatch = false;
  const password = text(settings.Password);
  const privateKey = privateKeyText(text(settings.PrivateKey));
  const passphrase = text(settings.Passphrase);
  try {
    const sftp = await client.connect({
      host: target.host,
      port: target.port,
      username: text(settings.User),
      ...(password ? { password } : {}),
      ...(privateKey ? { privateKey, ...(passphrase ? { passphrase } : {}) } : {}),
      readyTimeout: CONNECT_TIMEOUT_MS,
      // ssh2 hands the key blob when no hostHash is set; refusing ends the handshake before authentication.
      hostVerifier: (key: Buffer) => {
        offered = fingerprintOf(key);
        mismatch = pinned !== undefined && pinned !== offered;
        return !mismatch;
      },
    });
    return { client, sftp, fingerprint: offered, close: () => closeQuietly(client) };
  } catch (error) {
    await closeQuietly(client);
    if (mismatch) throw new HostKeyMismatch(offered);
    throw error;
  }
}

/**
 * `work` within `limitMs`: past it the answer is an OperationTimeout and `onTimeout` runs (the session is
 * closed under the work, which then fails; nobody waits for it then).
 */
export async function withinLimit<T>(
  running: Promise<T>,
  limitMs: number,
  onTimeout: () => void,
): Promise<T> {
  running.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new OperationTimeout());
    }, limitMs);
  });
  try {
    return await Promise.race([running, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** A session of its own for `work` (Test Connection's), within the operation limit, always closed after. */
export async function withSession<T>(
  settings: Settings,
  options: SessionOptions,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  const session = await openSession(settings, options.pinned);
  try {
    return await withinLimit(work(session), options.operationTimeoutMs, () => void session.close());
  } finally {
    await session.close();
  }
}

async function closeQuietly(client: SftpClient) {
  const ssh = (client as unknown as { client?: { destroy?: () => void } }).client;
  try {
    await Promise.race([client.end(), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  } catch {
    // A session that never opened, or one the server already dropped, has nothing to close.
  }
  ssh?.destroy?.();
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;
const levelOf = (error: unknown) => (error as { level?: unknown } | null)?.level;

/** Whether the server answered that nothing is at the path (SFTP status 2, NO_SUCH_FILE). */
export const isMissing = (error: unknown) => codeOf(error) === 2 || codeOf(error) === 'ENOENT';

/**
 * What the log keeps of an SFTP failure: its class in our words and a code, never the library's text,
 * which carries the remote's own words, the path and the user (issue 30 point 4).
 */
function sanitized(error: unknown, label: string) {
  const code = codeOf(error);
  return Object.assign(new Error(`sftp: ${label}`), {
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
  });
}

/**
 * An SFTP failure as the flow's caller gets it (issue 30 points 4, 6): a changed host key 502, nothing at
 * the path 404, too slow 504, not there 502, authentication or anything else refused 502; each in the
 * catalogue's words with the connection's name.
 */
export function sftpFailure(error: unknown, connection: string, path: string): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof HostKeyMismatch)
    return new RemoteFailure(
      502,
      'runtime.external.hostKeyChanged',
      connection,
      sanitized(error, `host key changed, the server showed ${error.offered}`),
    );
  if (isMissing(error)) return new HttpError(404, 'runtime.external.fileMissing', { connection, path });
  if (levelOf(error) === 'client-timeout' || error instanceof OperationTimeout)
    return new RemoteFailure(504, 'runtime.external.timeout', connection, sanitized(error, 'timed out'));
  if (levelOf(error) === 'client-authentication')
    return new RemoteFailure(
      502,
      'runtime.external.refused',
      connection,
      sanitized(error, 'authentication refused'),
    );
  const classified = remoteFailure(error, connection);
  const label =
    classified.messageKey === 'runtime.external.unreachable'
      ? 'not reachable'
      : classified.messageKey === 'runtime.external.timeout'
        ? 'timed out'
        : 'refused';
  return new RemoteFailure(
    classified.status as 502 | 504,
    classified.messageKey as 'runtime.external.refused',
    connection,
    sanitized(error, label),
  );
}
