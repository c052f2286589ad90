import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import { PerConnection } from '../perConnection';
import type { FlowConnection, Settings } from '../types';
import { type OpenSession, OperationTimeout, openSession, type Session, withinLimit } from './session';

/** How long a session no call uses stays open: the next call within it skips the SSH handshake. */
export const SFTP_IDLE_MS = 30_000;

interface Held {
  session: Promise<OpenSession>;
  /** Calls using it now: it is closed for idleness only when none is. */
  users: number;
  /** Whether it opened: a call then may find it ended under it. */
  open?: true;
  idle?: NodeJS.Timeout;
}

/**
 * One SSH session per SFTP connection that flows use (issue 30 point 4), shared by the calls that use it
 * at once (SFTP numbers its requests, so they interleave on one channel): a call pays for a handshake and
 * a sign-in only when none is open. It is closed after SFTP_IDLE_MS unused, when the server or the network
 * ends it, when an operation runs past its limit or fails for the session's sake (not the file's), and
 * when the connection is saved with another credential or deleted, on every process (PerConnection).
 * A session is opened only with the host key pin (checked before any credential is sent), so a session
 * kept open has passed it; a new pin comes only with another Host or Port, which is another fingerprint.
 */
export class SftpSessions {
  private readonly kept: PerConnection<Held>;
  /** Sessions opened so far (tests: calls share one). */
  opened = 0;

  constructor(db: Db) {
    this.kept = new PerConnection(
      db,
      async (held) => {
        clearTimeout(held.idle);
        await (await held.session).close();
      },
      'SFTP',
      // One session: open, idle when no call uses it; the calls waiting while it opens.
      (held) =>
        held.open
          ? { open: 1, idle: held.users === 0 ? 1 : 0, waiting: 0 }
          : { open: 0, idle: 0, waiting: held.users },
    );
  }

  /**
   * Runs `work` on the connection's session, opening one (the settings opened and the pin read only then)
   * when none is kept for the connection as `connection` has it. A `repeatable` work that a kept session
   * failed under, ended by the server or the network before this call heard of it, runs once more on a new
   * one (a read, a listing, a staged file written again; not a commit's renames, which would fail where
   * the first try got through).
   */
  async use<T>(
    connection: FlowConnection,
    connect: () => Promise<{ settings: Settings; pinned: string }>,
    options: { limitMs: number; repeatable: boolean },
    work: (session: Session) => Promise<T>,
  ): Promise<T> {
    const drop = (held: Held) => void this.kept.drop(connection.guid, held);
    const held = this.kept.get(connection, () => {
      const opening: Held = {
        users: 0,
        session: connect().then(({ settings, pinned }) => openSession(settings, pinned, () => drop(opening))),
      };
      this.opened += 1;
      opening.session.then(
        () => {
          opening.open = true;
        },
        // One that could not be opened is not kept: the next call tries again.
        () => drop(opening),
      );
      return opening;
    });
    const wasOpen = held.open === true;
    held.users += 1;
    clearTimeout(held.idle);
    try {
      const session = await held.session;
      return await withinLimit(work(session), options.limitMs, () => drop(held));
    } catch (error) {
      if (concernsTheFile(error)) throw error;
      drop(held);
      if (wasOpen && options.repeatable && !(error instanceof OperationTimeout))
        return this.use(connection, connect, { ...options, repeatable: false }, work);
      throw error;
    } finally {
      held.users -= 1;
      if (held.users === 0) {
        held.idle = setTimeout(() => drop(held), SFTP_IDLE_MS);
        held.idle.unref();
      }
    }
  }

  /** How many sessions are kept (tests). */
  get size() {
    return this.kept.size;
  }

  close() {
    return this.kept.close();
  }
}

/**
 * A failure that leaves the session usable: the server's answer to one request (an SFTP status, a number:
 * no such file, permission denied, failure) or the call's own refusal (an HttpError: too large, exists).
 */
const concernsTheFile = (error: unknown) =>
  error instanceof HttpError || typeof (error as { code?: unknown } | null)?.code === 'number';

const sessions = new WeakMap<Db, SftpSessions>();

/** The SFTP sessions flows keep on a database's server. */
export function sftpSessionsOf(db: Db): SftpSessions {
  let held = sessions.get(db);
  if (!held) {
    held = new SftpSessions(db);
    sessions.set(db, held);
  }
  return held;
}

/** Closes them (server shutdown). */
export async function closeSftpSessions(db: Db): Promise<void> {
  await sessions.get(db)?.close();
  sessions.delete(db);
}
