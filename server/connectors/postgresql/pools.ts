import type pg from 'pg';
import type { Db } from '../../db/database';
import { loadPg } from '../../db/pgModule';
import { CONNECTION_FINGERPRINT } from '../flowConnection';
import { remoteFailure } from '../remoteFailure';
import type { FlowConnection, FlowDatabase, Settings } from '../types';
import { connectionConfig } from './connect';
import { beginOn, preparesOn } from './transactions';

const POOL_SIZE = 10;

interface Entry {
  fingerprint: string;
  pool: Promise<pg.Pool>;
  /** Whether its server allows two-phase commit, asked on the first transaction (transactions.ts). */
  prepares?: Promise<boolean>;
}

const FINGERPRINTS = `select guid::text as guid, ${CONNECTION_FINGERPRINT} as fingerprint
  from items where kind = 'connection' and guid::text = any($1::text[])`;

/**
 * One `pg` pool per external PostgreSQL connection that flows use (issue 30 point 2), opened on the first
 * call that needs it and closed when the connection changes: each pool is kept with the fingerprint of
 * the stored type and credential it was opened with. A write to the items table, by this process or
 * heard from another through the write notices (server/db/writeNotices.ts), makes the pools check their
 * connections and close the ones saved since or deleted; the next call opens a new one with the
 * connection as it is now. Plans are recompiled after the same writes, and compiling asks for the pool
 * by the fingerprint it read, so a change is never missed even while notices are not heard.
 */
export class FlowPools {
  private readonly entries = new Map<string, Entry>();
  private sweeping: Promise<void> | undefined;
  private again = false;
  private readonly unlisten: () => void;

  constructor(private readonly db: Db) {
    this.unlisten = db.onWrite((tables) => {
      if (this.entries.size > 0 && (tables === 'all' || tables.has('items'))) void this.sweep();
    });
  }

  get(connection: FlowConnection, open: () => Settings, statementTimeoutMs: number): FlowDatabase {
    const entry = () => {
      const held = this.entries.get(connection.guid);
      if (held?.fingerprint === connection.fingerprint) return held;
      if (held) void this.drop(connection.guid, held);
      const made: Entry = {
        fingerprint: connection.fingerprint,
        pool: openPool(open(), statementTimeoutMs),
      };
      // A pool that could not even be made (the pg module) is not kept.
      made.pool.catch(() => this.drop(connection.guid, made));
      this.entries.set(connection.guid, made);
      return made;
    };
    const db = this.db;
    return {
      connection: connection.name,
      key: connection.guid,
      async query<T>(sql: string, params: unknown[] = []) {
        try {
          return (await (await entry().pool).query(sql, params)).rows as T[];
        } catch (error) {
          throw remoteFailure(error, connection.name);
        }
      },
      async begin() {
        const held = entry();
        let pool: pg.Pool;
        let prepares: boolean;
        try {
          pool = await held.pool;
          held.prepares ??= preparesOn(pool, db, connection.name);
          // Asked again by the next transaction when the server could not answer.
          held.prepares.catch(() => {
            held.prepares = undefined;
          });
          prepares = await held.prepares;
        } catch (error) {
          throw remoteFailure(error, connection.name);
        }
        return beginOn(pool, connection.name, prepares);
      },
    };
  }

  /** Closes the pools whose connection was saved with another credential or type, or deleted. */
  private async sweep(): Promise<void> {
    if (this.sweeping) {
      this.again = true;
      return this.sweeping;
    }
    this.sweeping = (async () => {
      do {
        this.again = false;
        const rows = await this.db
          .query<{ guid: string; fingerprint: string }>(FINGERPRINTS, [[...this.entries.keys()]])
          .catch(() => undefined);
        if (!rows) return;
        const now = new Map(rows.map((row) => [row.guid, row.fingerprint]));
        for (const [guid, entry] of this.entries)
          if (now.get(guid) !== entry.fingerprint) await this.drop(guid, entry);
      } while (this.again);
    })().finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  private async drop(guid: string, entry: Entry) {
    if (this.entries.get(guid) === entry) this.entries.delete(guid);
    await entry.pool.then((pool) => pool.end()).catch(() => {});
  }

  /** How many pools are open (tests). */
  get size() {
    return this.entries.size;
  }

  async close() {
    this.unlisten();
    await Promise.all([...this.entries].map(([guid, entry]) => this.drop(guid, entry)));
  }
}

async function openPool(settings: Settings, statementTimeoutMs: number): Promise<pg.Pool> {
  const { Pool } = await loadPg();
  const pool = new Pool({
    ...connectionConfig(settings),
    max: POOL_SIZE,
    // The flow settings' limit (FLOW_STATEMENT_TIMEOUT_SECONDS): past it the remote cancels the statement
    // (57014), which answers 504.
    statement_timeout: statementTimeoutMs,
    application_name: 'uiservices-flows',
  });
  // An idle client the remote dropped must not crash the server; the next query reports it.
  pool.on('error', () => {});
  return pool;
}
