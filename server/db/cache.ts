import type { Db } from './database';
import { UNCACHED_TABLES, type WrittenTables } from './writes';

/**
 * Values computed from some tables, kept in memory until a write to one of those tables (as the
 * database reports it, server/db/writes.ts) makes them stale. A value whose computation overlapped a
 * write is answered but not kept, so a cache never holds what a read saw before a commit it raced.
 * Concurrent misses of one key share one computation.
 *
 * On PostgreSQL the writes of the other server processes count too: they arrive as notices a moment
 * after they commit (server/db/writeNotices.ts). While a process cannot hear them, nothing is kept.
 */
/**
 * What a cache did, as plain numbers /metrics reads at each scrape (server/observability/metrics.ts), so
 * a hit costs an addition: hits (a kept value answered), misses (computed, or waiting for a computation
 * another call started), drops (entries thrown away: stale after a write, or the oldest beyond the limit).
 * Several caches may share one (the read caches of every records table do).
 */
export interface CacheStats {
  hits: number;
  misses: number;
  drops: number;
}

export const cacheStats = (): CacheStats => ({ hits: 0, misses: 0, drops: 0 });

export class TableCache<V> {
  private version = 0;
  private readonly entries = new Map<string, { version: number; value: V }>();
  private readonly pending = new Map<string, { version: number; promise: Promise<V> }>();
  private readonly tables: ReadonlySet<string>;

  constructor(
    private readonly db: Db,
    tables: readonly string[],
    /** Entries kept at most; beyond it the oldest goes. */
    private readonly limit = 10_000,
    readonly stats: CacheStats = cacheStats(),
  ) {
    const uncached = tables.filter((table) => UNCACHED_TABLES.has(table));
    if (uncached.length > 0)
      throw new Error(`no cache may read ${uncached.join(', ')}: its writes are not announced`);
    this.tables = new Set(tables);
    db.onWrite((written) => {
      if (this.concerns(written)) this.invalidate();
    });
  }

  private concerns(written: WrittenTables): boolean {
    if (written === 'all') return true;
    for (const table of written) if (this.tables.has(table)) return true;
    return false;
  }

  /** Drops every entry (the tables changed). */
  invalidate(): void {
    this.stats.drops += this.entries.size;
    this.version++;
    this.entries.clear();
    this.pending.clear();
  }

  /** Drops one entry, e.g. a value this process changed without a write to the tables. */
  delete(key: string): void {
    if (this.entries.delete(key)) this.stats.drops++;
    this.pending.delete(key);
  }

  /**
   * The kept value if it is current, else undefined; no computation. For hot paths that answer at once
   * when the value is known, and await `get` only when it is not (a promise per call is measurable at
   * thousands of calls a second).
   */
  peek(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.version === this.version) {
      this.stats.hits++;
      return entry.value;
    }
    // Not a miss yet: the caller asks `get` next, which counts it.
    return undefined;
  }

  /**
   * The kept value if it is current, else `compute()`'s, kept when no write overlapped it and every
   * write can be heard.
   */
  get(key: string, compute: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.version === this.version) {
      this.stats.hits++;
      return Promise.resolve(entry.value);
    }
    this.stats.misses++;
    const running = this.pending.get(key);
    if (running && running.version === this.version) return running.promise;
    const version = this.version;
    const promise = compute().then(
      (value) => {
        if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
        if (version === this.version && this.db.writesSeen()) {
          if (this.entries.size >= this.limit) {
            this.entries.delete(this.entries.keys().next().value!);
            this.stats.drops++;
          }
          this.entries.set(key, { version, value });
        }
        return value;
      },
      (error: unknown) => {
        if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, { version, promise });
    return promise;
  }
}
