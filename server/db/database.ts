import { mkdirSync } from 'node:fs';
import type pg from 'pg';
import { inStatementSpan } from '../observability/traceContext';
import { type PgliteScope, PgliteThread } from './pgliteThread';
import { loadPg } from './pgModule';
import { notice, WRITES_CHANNEL, WriteNotices } from './writeNotices';
import { announced, TransactionWrites, type WriteListener, WriteTracker, writtenTables } from './writes';

/** The SQL both engines share: `$1` parameters, rows as plain objects, int8 as number. */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` while this process holds the database's start-up lock, so processes started together on
   * one empty PostgreSQL migrate and seed one after another instead of racing (a PostgreSQL advisory
   * lock held by a connection of its own; PGlite is one process and runs `fn` directly).
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Calls `listener` with the tables a statement may have written (cascades included; 'all' when it
   * cannot tell), after each writing statement and again when a transaction commits or rolls back.
   * Caches over the database (server/db/cache.ts) drop their entries on it. On PostgreSQL it also hears
   * the committed writes of the other server processes on the same database (server/db/writeNotices.ts).
   */
  onWrite(listener: WriteListener): () => void;
  /** Whether onWrite hears every write right now; caches keep nothing while it does not. */
  writesSeen(): boolean;
  /**
   * This database with its statements tied to `stop` (the flow runtime's call timeout, issue 29
   * point 9): once it is stopped, a statement not yet started is refused (SQLSTATE 57014, query_canceled),
   * and on PostgreSQL one still running is cancelled with pg_cancel_backend, sent on a connection of its
   * own, before its connection goes back to the pool or runs anything else. Transactions begun on it are
   * tied too. PGlite has no way to interrupt a statement once it started: it runs to its end on PGlite's
   * thread (README, "What a 504 stops").
   */
  stoppable(stop: Stop): Db;
  /** PGlite only: the data directory as a tarball, which `loadDataDir` starts from. */
  dump?(): Promise<Blob>;
  /**
   * PGlite only: appends `rows` to `table`'s `columns` by COPY FROM: COPY's text format (a line a row,
   * columns tab-separated, `\N` for null) as a string, or its binary format as bytes (server/db/
   * binaryCopy.ts). A batch of rows goes in without a statement to plan or parameters to parse: the
   * executions log's batches (server/runtime/executions.ts). Bytes are handed over: their whole
   * ArrayBuffer moves to PGlite's thread, so it must be theirs alone (BinaryCopy's are) and unused after.
   */
  copyIn?(table: string, columns: readonly string[], rows: string | Uint8Array): Promise<void>;
  /** PostgreSQL only: its pools and write notices as they are now, for /metrics (server/observability/metrics.ts). */
  stats?(): DbStats;
}

/** What /metrics reports of a PostgreSQL database: read at each scrape, counted as plain numbers meanwhile. */
export interface DbStats {
  /** Each pool: connections open, idle, and calls waiting for one. */
  pools: Array<{ name: string; open: number; idle: number; waiting: number }>;
  /** Write notices (server/db/writeNotices.ts) sent and received since the start, and whether it listens. */
  notices: { sent: number; received: number; listening: boolean };
}

/**
 * What stops a stoppable Db's statements (Db.stoppable): a flag, and who is told when it is set. Not an
 * AbortController: making one costs some 10 µs in Node 20 and a listener on it 15 more, a third of a
 * flow call's own time (issue 20's budgets).
 */
export class Stop {
  stopped = false;
  private listeners: Array<() => void> = [];

  /** Calls `listener` once, when stop() is called; answers how to take it back. */
  onStop(listener: () => void): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string };

/** A statement refused because its call was stopped: the error PostgreSQL answers a cancelled one with. */
function canceled(): Error {
  return Object.assign(new Error('canceling statement: the call was stopped'), { code: '57014' });
}

function pgliteDb(
  thread: PgliteThread,
  tx: PgliteScope,
  tracker: WriteTracker,
  writes?: TransactionWrites,
): Db {
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      try {
        return await inStatementSpan(sql, () => thread.query<T>(sql, params, tx));
      } finally {
        const written = tracker.statement(sql);
        writes?.add(written);
      }
    },
    async exec(sql: string) {
      try {
        await inStatementSpan(sql, () => thread.exec(sql, tx));
      } finally {
        tracker.notify('all');
        writes?.add('all');
      }
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (tx !== undefined) return fn(this);
      const inner = new TransactionWrites();
      try {
        return await thread.transaction((opened) => fn(pgliteDb(thread, opened, tracker, inner)));
      } finally {
        inner.flush(tracker);
      }
    },
    // A statement PGlite started runs to its end (Db.stoppable).
    stoppable: (stop) => refusingWhenStopped(db, stop),
    exclusively: (fn) => fn(),
    close: () => thread.close(),
    dump: () => thread.dumpDataDir(),
    async copyIn(table, columns, rows) {
      const target = `${table} (${columns.join(', ')})`;
      try {
        await inStatementSpan(`copy ${target} from stdin`, () => thread.copy(target, rows, tx));
      } finally {
        // Not tracker.statement(sql): it cannot read a COPY's table and would announce 'all'.
        const written = new Set([table]);
        tracker.notify(written);
        writes?.add(written);
      }
    },
    onWrite: (listener) => tracker.listen(listener),
    writesSeen: () => true,
  };
  return db;
}

/**
 * `db`, but its statements are refused once `stop` is stopped, in transactions begun on it too. A light
 * object over `db` (its prototype): a flow call makes one per call.
 */
function refusingWhenStopped(db: Db, stop: Stop): Db {
  const out = Object.create(db) as Db;
  out.query = <T>(sql: string, params?: unknown[]) =>
    stop.stopped ? Promise.reject(canceled()) : db.query<T>(sql, params);
  out.exec = (sql: string) => (stop.stopped ? Promise.reject(canceled()) : db.exec(sql));
  out.transaction = <T>(fn: (tx: Db) => Promise<T>) =>
    stop.stopped
      ? Promise.reject(canceled())
      : db.transaction((tx) => fn(tx === db ? out : refusingWhenStopped(tx, stop)));
  return out;
}

/** The advisory lock key of preparing the database (migrations, keys, seed): 'uise' in ASCII. */
const START_LOCK = 0x75697365;

/** Runs `fn` while a connection of its own holds the start-up lock; the lock goes with that connection. */
async function withStartLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const { Client } = await loadPg();
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [START_LOCK]);
    }
  } finally {
    await client.end();
  }
}

/** What every executor of one PostgreSQL database shares. */
interface Postgres {
  url: string;
  pool: pg.Pool;
  tracker: WriteTracker;
  notices: WriteNotices;
  /** Connections that send cancels (made at the first): never the pool's, which running calls may hold. */
  cancels: () => pg.Pool;
  cancelsMade?: pg.Pool;
}

/**
 * Runs `statement` on `connection` so that `signal` stopping cancels it on the server; resolves or
 * rejects only after any cancel has been sent, so the connection runs nothing else (the next statement
 * of another call, once released) while a cancel meant for this one may still arrive. A cancel that
 * arrives after the statement ended finds the backend waiting for a command, which ignores it.
 */
async function cancellable<T>(
  shared: Postgres,
  connection: pg.PoolClient,
  signal: Stop,
  statement: () => Promise<T>,
): Promise<T> {
  if (signal.stopped) throw canceled();
  let cancelling: Promise<unknown> | undefined;
  const cancel = () => {
    const pid = (connection as unknown as { processID: number }).processID;
    cancelling = shared
      .cancels()
      .query('select pg_cancel_backend($1)', [pid])
      .catch((error: Error) =>
        console.warn(`database: a statement could not be cancelled (${error.message})`),
      );
  };
  const forget = signal.onStop(cancel);
  try {
    return await statement();
  } finally {
    forget();
    if (cancelling) await cancelling;
  }
}

/**
 * Tells the other processes what a transaction wrote, inside the transaction just before its COMMIT, so
 * the notice goes out only if the write committed (server/db/writeNotices.ts).
 */
async function announce(
  shared: Postgres,
  connection: pg.PoolClient,
  writes: TransactionWrites,
): Promise<boolean> {
  const tables = announced(writes.written);
  if (!tables) return false;
  await connection.query('select pg_notify($1, $2)', [WRITES_CHANNEL, notice(shared.notices.origin, tables)]);
  return true;
}

/** One statement tied to `stop`: on a transaction's connection, or on one of the pool's. */
async function stoppableStatement(
  shared: Postgres,
  client: pg.PoolClient | undefined,
  stop: Stop,
  sql: string,
  params: unknown[],
) {
  if (stop.stopped) throw canceled();
  if (client) return cancellable(shared, client, stop, () => client.query(sql, params));
  // What pool.query does, with the connection in hand to cancel its statement.
  const connection = await shared.pool.connect();
  try {
    const result = await cancellable(shared, connection, stop, () => connection.query(sql, params));
    connection.release();
    return result;
  } catch (error) {
    // A statement PostgreSQL refused (an SQLSTATE, a cancel's 57014 included) leaves its connection
    // sound; anything else (a lost connection) drops it from the pool.
    const code = (error as { code?: unknown }).code;
    connection.release(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? undefined : (error as Error));
    throw error;
  }
}

/** A transaction on a connection of the pool; its statements stop with `stop` when there is one. */
async function postgresTransaction<T>(shared: Postgres, fn: (tx: Db) => Promise<T>, stop?: Stop): Promise<T> {
  if (stop?.stopped) throw canceled();
  const connection = await shared.pool.connect();
  const inner = new TransactionWrites();
  try {
    await connection.query('BEGIN');
    const result = await fn(postgresDb(shared, connection, inner, stop));
    const announcing = await announce(shared, connection, inner);
    await connection.query('COMMIT');
    // Sent once committed: PostgreSQL delivers a transaction's notices with its commit.
    if (announcing) shared.notices.sent++;
    return result;
  } catch (error) {
    await connection.query('ROLLBACK');
    throw error;
  } finally {
    connection.release();
    inner.flush(shared.tracker);
  }
}

function postgresDb(shared: Postgres, client?: pg.PoolClient, writes?: TransactionWrites, stop?: Stop): Db {
  const { pool, tracker } = shared;
  const runner = client ?? pool;
  const db: Db = {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      if (stop?.stopped) throw canceled();
      // A write outside a transaction becomes one, so its notice commits with it.
      if (!client && announced(writtenTables(sql))) return db.transaction((tx) => tx.query<T>(sql, params));
      try {
        const run = () =>
          stop ? stoppableStatement(shared, client, stop, sql, params) : runner.query(sql, params);
        return (await inStatementSpan(sql, run)).rows as T[];
      } finally {
        const written = tracker.statement(sql);
        writes?.add(written);
      }
    },
    async exec(sql: string) {
      if (stop?.stopped) throw canceled();
      if (!client) return db.transaction((tx) => tx.exec(sql));
      try {
        const run = () => (stop ? stoppableStatement(shared, client, stop, sql, []) : runner.query(sql));
        await inStatementSpan(sql, run);
      } finally {
        tracker.notify('all');
        writes?.add('all');
      }
    },
    transaction: <T>(fn: (tx: Db) => Promise<T>) => (client ? fn(db) : postgresTransaction(shared, fn, stop)),
    // Outside a transaction a flow call makes one per call: a light object over this one, not a new one.
    stoppable: (other) =>
      client ? postgresDb(shared, client, writes, other) : stoppableRoot(shared, db, other),
    exclusively: (fn) => withStartLock(shared.url, fn),
    async close() {
      await shared.notices.close();
      await pool.end();
      await shared.cancelsMade?.end();
    },
    onWrite: (listener) => tracker.listen(listener),
    writesSeen: () => tracker.seesEveryWrite,
    stats: () => ({
      pools: [
        poolStats('main', pool),
        // Made at the first cancel (a call past its timeout); until then there is no such pool.
        ...(shared.cancelsMade ? [poolStats('cancel', shared.cancelsMade)] : []),
      ],
      notices: {
        sent: shared.notices.sent,
        received: shared.notices.received,
        listening: shared.notices.listening,
      },
    }),
  };
  return db;
}

const poolStats = (name: string, pool: pg.Pool) => ({
  name,
  open: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** The pool's Db (`root`) with its statements and transactions tied to `stop` (Db.stoppable). */
function stoppableRoot(shared: Postgres, root: Db, stop: Stop): Db {
  const out = Object.create(root) as Db;
  out.query = async <T>(sql: string, params: unknown[] = []) => {
    if (stop.stopped) throw canceled();
    if (announced(writtenTables(sql))) return out.transaction((tx) => tx.query<T>(sql, params));
    try {
      const run = () => stoppableStatement(shared, undefined, stop, sql, params);
      return (await inStatementSpan(sql, run)).rows as T[];
    } finally {
      shared.tracker.statement(sql);
    }
  };
  out.exec = (sql: string) => out.transaction((tx) => tx.exec(sql));
  out.transaction = <T>(fn: (tx: Db) => Promise<T>) => postgresTransaction(shared, fn, stop);
  return out;
}

/**
 * PGlite's PostgreSQL zeroes its shared buffers at every start: at the default 128 MB that was the
 * largest part of opening the database (issue 20 point 4, about 0.4 s on two cores). The demo's data fits
 * in far less, and pages beyond it still come from the operating system's file cache.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/** Opens PGlite (a folder, or in memory without one) or a real PostgreSQL. */
export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.kind === 'postgres') {
    const { Pool } = await loadPg();
    const pool = new Pool({ connectionString: target.url, max: 10 });
    // An idle connection lost (PostgreSQL restarted, a connection terminated) is replaced on next use;
    // unhandled, the pool's error event would end the process.
    pool.on('error', (error) => console.warn(`database: an idle connection was lost (${error.message})`));
    await pool.query('select 1');
    const tracker = new WriteTracker();
    const notices = new WriteNotices(target.url, tracker);
    await notices.start();
    const shared: Postgres = {
      url: target.url,
      pool,
      tracker,
      notices,
      cancels: () => {
        if (!shared.cancelsMade) {
          shared.cancelsMade = new Pool({ connectionString: target.url, max: 2, idleTimeoutMillis: 10_000 });
          shared.cancelsMade.on('error', () => undefined);
        }
        return shared.cancelsMade;
      },
    };
    return postgresDb(shared);
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // PostgreSQL runs on a thread of its own (server/db/pgliteThread.ts), which also sets its parsers.
  const thread = await PgliteThread.open({
    dataDir: target.dataDir,
    loadDataDir: target.loadDataDir,
    startParams: ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  return pgliteDb(thread, undefined, new WriteTracker());
}
