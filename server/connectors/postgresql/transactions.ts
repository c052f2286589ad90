import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Db } from '../../db/database';
import { remoteFailure } from '../remoteFailure';
import type { RemoteTransaction } from '../types';

/**
 * One call's transaction on an external PostgreSQL (issue 30 point 2: a call's writes on one connection
 * are one transaction; server/runtime/callTransactions.ts decides when it commits). Two-phase commit
 * needs `max_prepared_transactions > 0` on that server, asked once per pool; the prepared transactions'
 * gids start with GID_PREFIX so the sweep below touches only this server's own.
 */
export const GID_PREFIX = 'uiservices-flow:';

/**
 * Older than this, a prepared transaction of ours is no call's any more: a call ends within its timeout
 * (FLOW_TIMEOUT_SECONDS, 10 s by default) and finishes its prepared transactions right after.
 */
const STALE_AFTER_SECONDS = 600;

export function remoteTransaction(
  client: pg.PoolClient,
  pool: pg.Pool,
  connection: string,
  canPrepare: boolean,
): RemoteTransaction {
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  // What ends the transaction gives the client back; a failure drops it, since its state is unknown.
  const ending = async (sql: string) => {
    try {
      await client.query(sql);
      release();
    } catch (error) {
      release(error as Error);
      throw remoteFailure(error, connection);
    }
  };
  return {
    canPrepare,
    async query<T>(sql: string, params: unknown[] = []) {
      try {
        return (await client.query(sql, params)).rows as T[];
      } catch (error) {
        throw remoteFailure(error, connection);
      }
    },
    // A gid is ours (a uuid after GID_PREFIX), never the caller's text: no quoting to get wrong.
    async prepare() {
      const gid = `${GID_PREFIX}${randomUUID()}`;
      await ending(`prepare transaction '${gid}'`);
      return gid;
    },
    commit: () => ending('commit'),
    async rollback() {
      if (released) return;
      await ending('rollback').catch(() => {});
    },
    async finishPrepared(gid, commit) {
      try {
        await pool.query(`${commit ? 'commit' : 'rollback'} prepared '${gid}'`);
      } catch (error) {
        throw remoteFailure(error, connection);
      }
    },
  };
}

/** BEGIN on a client of its own. */
export async function beginOn(pool: pg.Pool, connection: string, canPrepare: boolean) {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw remoteFailure(error, connection);
  }
  try {
    await client.query('begin');
  } catch (error) {
    client.release(error as Error);
    throw remoteFailure(error, connection);
  }
  return remoteTransaction(client, pool, connection, canPrepare);
}

/**
 * Whether the server allows two-phase commit; asked when a pool's first transaction begins. The same
 * round trip finishes this server's own prepared transactions left stale by a process that stopped
 * between PREPARE and COMMIT PREPARED: committed when the server's own database recorded the decision
 * (flow_prepared_commits, written in the call's own transaction), rolled back otherwise.
 */
export async function preparesOn(
  pool: pg.Pool,
  db: Db,
  connection: string,
  staleAfterSeconds = STALE_AFTER_SECONDS,
): Promise<boolean> {
  const rows = (
    await pool.query<{ prepares: boolean; stale: string[] | null }>(
      `select current_setting('max_prepared_transactions')::int > 0 as prepares,
              (select array_agg(gid) from pg_prepared_xacts
                where gid like '${GID_PREFIX}%' and database = current_database()
                  and prepared < now() - make_interval(secs => $1)) as stale`,
      [staleAfterSeconds],
    )
  ).rows;
  const { prepares = false, stale } = rows[0] ?? {};
  if (stale?.length) void finishStale(pool, db, connection, stale);
  return prepares;
}

async function finishStale(pool: pg.Pool, db: Db, connection: string, gids: string[]) {
  try {
    const decided = new Set(
      (
        await db.query<{ gid: string }>('select gid from flow_prepared_commits where gid = any($1::text[])', [
          gids,
        ])
      ).map((row) => row.gid),
    );
    for (const gid of gids) {
      const commit = decided.has(gid);
      await pool.query(`${commit ? 'commit' : 'rollback'} prepared '${gid}'`);
      if (commit) await db.query('delete from flow_prepared_commits where gid = $1', [gid]);
      console.warn(
        `flows: a stale prepared transaction ${gid} on ${connection} was ${commit ? 'committed' : 'rolled back'}`,
      );
    }
  } catch (error) {
    console.warn(
      `flows: stale prepared transactions on ${connection} could not be finished (${(error as Error).message}): ${gids.join(', ')}`,
    );
  }
}
