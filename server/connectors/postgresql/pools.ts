import type pg from 'pg';
import type { Db } from '../../db/database';
import { loadPg } from '../../db/pgModule';
import { PerConnection } from '../perConnection';
import { remoteFailure } from '../remoteFailure';
import type { FlowConnection, FlowDatabase, QueryOptions, Settings } from '../types';
import { connectionConfig } from './connect';
import { isStalePlan, runNamed, StatementNames } from './statementNames';
import { beginOn, preparesOn } from './transactions';

const POOL_SIZE = 10;

interface Entry {
  pool: Promise<pg.Pool>;
  /** The pool once made, for /metrics. */
  made?: pg.Pool;
  /** Whether its server allows two-phase commit, asked on the first transaction (transactions.ts). */
  prepares?: Promise<boolean>;
  /** The names of the texts flows repeat, prepared on the pool's connections (statementNames.ts). */
  names: StatementNames;
}

/**
 * One `pg` pool per external PostgreSQL connection that flows use (issue 30 point 2), opened on the first
 * call that needs it and closed when the connection is saved with another credential or deleted, on
 * every process (server/connectors/perConnection.ts).
 */
export class FlowPools {
  private readonly kept: PerConnection<Entry>;

  constructor(private readonly db: Db) {
    this.kept = new PerConnection(
      db,
      (entry) => entry.pool.then((pool) => pool.end()),
      'PostgreSQL',
      ({ made }) => ({
        open: made?.totalCount ?? 0,
        idle: made?.idleCount ?? 0,
        waiting: made?.waitingCount ?? 0,
      }),
    );
  }

  get(connection: FlowConnection, open: () => Settings, statementTimeoutMs: number): FlowDatabase {
    const entry = () =>
      this.kept.get(connection, () => {
        const opening: Entry = { pool: openPool(open(), statementTimeoutMs), names: new StatementNames() };
        opening.pool.then(
          (pool) => {
            opening.made = pool;
          },
          // A pool that could not even be made (the pg module) is not kept.
          () => this.kept.drop(connection.guid, opening),
        );
        return opening;
      });
    const db = this.db;
    return {
      connection: connection.name,
      key: connection.guid,
      async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
        const held = entry();
        try {
          const pool = await held.pool;
          const name = options.repeated ? held.names.nameOf(sql) : undefined;
          if (!name) return (await pool.query(sql, params)).rows as T[];
          try {
            return (await runNamed(pool, await loadPg(), name, sql, params)).rows as T[];
          } catch (error) {
            if (!isStalePlan(error)) throw error;
            held.names.unname(sql);
            return (await pool.query(sql, params)).rows as T[];
          }
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

  /** How many pools are open (tests). */
  get size() {
    return this.kept.size;
  }

  close() {
    return this.kept.close();
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
