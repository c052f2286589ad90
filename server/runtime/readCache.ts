import { type CacheStats, cacheStats, TableCache } from '../db/cache';
import type { Db } from '../db/database';
import { tableName } from '../documents/recordTable';

/**
 * Rows a read block found in a document's records table, kept by statement and parameters until a write
 * to that table (server/db/cache.ts: the same write tracking as every cache; a read that overlapped a
 * write is answered but not kept). Only reads outside a transaction use it: a call that writes reads
 * through its own transaction, and what it reads there is never kept. Reads through methods are never
 * kept: a routine may read anything.
 *
 * One TableCache per records table, made on first use and kept for the database's life (documents are
 * few; each cache holds at most ENTRIES results, the oldest dropped first).
 */
const ENTRIES = 1000;
type Rows = ReadonlyArray<Record<string, unknown>>;

const caches = new WeakMap<Db, Map<string, TableCache<Rows>>>();
/** One count for all of a database's read caches: /metrics labels it `read`, never by table (a table is a document's id). */
const stats = new WeakMap<Db, CacheStats>();

export function readCacheStats(db: Db): CacheStats {
  let found = stats.get(db);
  if (!found) {
    found = cacheStats();
    stats.set(db, found);
  }
  return found;
}

export function readCache(db: Db, documentGuid: string): TableCache<Rows> {
  let byTable = caches.get(db);
  if (!byTable) {
    byTable = new Map();
    caches.set(db, byTable);
  }
  const table = tableName(documentGuid);
  let cache = byTable.get(table);
  if (!cache) {
    cache = new TableCache<Rows>(db, [table], ENTRIES, readCacheStats(db));
    byTable.set(table, cache);
  }
  return cache;
}
