/**
 * Which tables a statement may change, read from its SQL, so caches over the database can drop what a
 * write made stale (server/db/cache.ts). Conservative: a statement that is not a plain read and whose
 * tables cannot be named (DDL, TRUNCATE, COPY, DO, anything unexpected) counts as a write to every table.
 * On PostgreSQL the other server processes hear of each committed write too (server/db/writeNotices.ts).
 *
 * What it cannot see: writes by anything but the server's processes (psql, another program), and writes
 * made inside a function a SELECT calls (the demo schema's procedures write only to the demo tables;
 * the server's functions touch no table a cache reads).
 */
export type WrittenTables = ReadonlySet<string> | 'all';

const TABLE = String.raw`(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?`;
const INSERT = new RegExp(String.raw`\binsert\s+into\s+${TABLE}`, 'gi');
const UPDATE = new RegExp(String.raw`(?<!\bfor\s+(?:no\s+key\s+)?)\bupdate\s+${TABLE}`, 'gi');
const DELETE = new RegExp(String.raw`\bdelete\s+from\s+${TABLE}`, 'gi');
/** Statements that change nothing: reads, and transaction control. */
const READ = /^\s*\(?\s*(select|values|show|explain|begin|commit|rollback|savepoint|release)\b/i;
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|show|set\s+local|set\s+transaction)\b/i;
/** Clauses that make a read statement write (a data-modifying CTE, SELECT ... INTO). */
const WRITE_CLAUSE = /\b(insert\s+into|delete\s+from|truncate|merge\s+into)\b/i;

/** null for a statement that writes nothing; otherwise the tables it may write, or 'all'. */
export function writtenTables(sql: string): WrittenTables | null {
  if (CONTROL.test(sql)) return null;
  const tables = new Set<string>();
  for (const pattern of [INSERT, UPDATE, DELETE]) {
    for (const match of sql.matchAll(pattern)) tables.add(match[1]!.toLowerCase());
  }
  if (READ.test(sql) && tables.size === 0 && !WRITE_CLAUSE.test(sql)) return null;
  const first = sql.trimStart().slice(0, 10).toLowerCase();
  const dml =
    first.startsWith('insert') ||
    first.startsWith('update') ||
    first.startsWith('delete') ||
    first.startsWith('with') ||
    first.startsWith('select') ||
    first.startsWith('(');
  if (!dml || tables.size === 0 || /\b(truncate|merge\s+into)\b/i.test(sql)) return 'all';
  return tables;
}

/**
 * Foreign keys with ON DELETE CASCADE (server/db/migrations): a delete in the key's table deletes rows
 * in these. Kept beside the migrations' declarations; tests/server/db/writes.test.ts checks it against
 * the catalogue.
 */
export const CASCADES: Readonly<Record<string, readonly string[]>> = {
  users: ['user_roles', 'sessions', 'reset_keys'],
  roles: ['user_roles', 'api_user_roles'],
  sessions: ['refresh_tokens'],
  api_users: ['api_user_roles'],
  flows: ['flow_versions'],
  items: ['sftp_host_keys'],
};

/** The tables written, with every table a cascade reaches from them. */
export function withCascades(tables: WrittenTables): WrittenTables {
  if (tables === 'all') return tables;
  const out = new Set(tables);
  const queue = [...tables];
  while (queue.length > 0) {
    for (const next of CASCADES[queue.pop()!] ?? []) {
      if (!out.has(next)) {
        out.add(next);
        queue.push(next);
      }
    }
  }
  return out;
}

/**
 * Tables no cache reads, written on every call or batch (logs, counters): their writes are not announced
 * to the other processes, which saves a transaction and a notice per write. TableCache refuses them.
 */
export const UNCACHED_TABLES: ReadonlySet<string> = new Set(['flow_executions', 'rate_limits']);

/** The tables of a write other processes must hear of, or null when none. */
export function announced(tables: WrittenTables | null): WrittenTables | null {
  if (!tables || tables === 'all') return tables;
  const out = new Set([...tables].filter((table) => !UNCACHED_TABLES.has(table)));
  return out.size > 0 ? out : null;
}

export type WriteListener = (tables: WrittenTables) => void;

/** One per database: tells listeners after every write, and again when a transaction ends. */
export class WriteTracker {
  private readonly listeners = new Set<WriteListener>();
  private seeing = true;

  /**
   * Whether every write reaches the listeners: false while a PostgreSQL process cannot hear the other
   * processes' writes (its listening connection is down), when caches must keep nothing.
   */
  get seesEveryWrite(): boolean {
    return this.seeing;
  }

  /** The other processes' writes can no longer be heard: everything cached may be stale. */
  lost(): void {
    this.seeing = false;
    this.notify('all');
  }

  /** Listening again: writes made meanwhile were not heard, so once more everything may be stale. */
  restored(): void {
    this.seeing = true;
    this.notify('all');
  }

  listen(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(tables: WrittenTables): void {
    const reached = withCascades(tables);
    for (const listener of this.listeners) listener(reached);
  }

  /** After a statement ran (or failed: a failed statement may still have run in part). */
  statement(sql: string): WrittenTables | null {
    const tables = writtenTables(sql);
    if (tables) this.notify(tables);
    return tables;
  }
}

/** Collects the tables a transaction wrote, to tell the tracker again when it commits or rolls back. */
export class TransactionWrites {
  private tables: Set<string> | 'all' = new Set();

  /** What the transaction wrote so far, or null for nothing. */
  get written(): WrittenTables | null {
    return this.tables === 'all' || this.tables.size > 0 ? this.tables : null;
  }

  add(tables: WrittenTables | null): void {
    if (!tables || this.tables === 'all') return;
    if (tables === 'all') this.tables = 'all';
    else for (const table of tables) this.tables.add(table);
  }

  flush(tracker: WriteTracker): void {
    if (this.tables === 'all' || this.tables.size > 0) tracker.notify(this.tables);
  }
}
