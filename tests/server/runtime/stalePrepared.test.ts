import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GID_PREFIX, preparesOn } from '../../../server/connectors/postgresql/transactions';
import { eventually } from '../../support/eventually';
import { throwawayDatabase } from '../../support/externalDatabase';
import { databaseTargets, startTestServer, type TestServer } from '../../support/testServer';

const url = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : undefined;

/**
 * A process that stopped between PREPARE and COMMIT PREPARED leaves prepared transactions on the other
 * connection's server (issue 30 point 2). The first transaction of a pool finishes this server's own
 * stale ones: committed where the server's database recorded the decision (flow_prepared_commits),
 * rolled back otherwise; another application's prepared transactions are not touched. Needs the test
 * PostgreSQL's max_prepared_transactions > 0 (scripts/test-postgres.sh).
 */
describe.skipIf(!url).each(databaseTargets)(
  'stale prepared transactions ($name; issue 30 point 2)',
  (target) => {
    let server: TestServer;
    let remote: Awaited<ReturnType<typeof throwawayDatabase>>;
    let pool: pg.Pool;
    const connection = `Stale_${randomUUID().slice(0, 8)}`;

    beforeAll(async () => {
      server = await startTestServer(target);
      remote = await throwawayDatabase(url!, 'create table ledger (id integer primary key)');
      pool = new pg.Pool({ connectionString: remote.url.toString(), max: 2 });
    });
    afterAll(async () => {
      await pool?.end();
      await remote?.drop();
      await server?.close();
    });

    /** Inserts `id` in a transaction prepared as `gid` on a client of its own, as a call would. */
    const prepared = async (gid: string, id: number) => {
      const owner = new pg.Client({ connectionString: remote.url.toString() });
      await owner.connect();
      await owner.query('begin');
      await owner.query('insert into ledger values ($1)', [id]);
      await owner.query(`prepare transaction '${gid}'`);
      await owner.end();
    };
    const preparedGids = async () =>
      (
        await remote.remote.query<{ gid: string }>(
          'select gid from pg_prepared_xacts where database = current_database() order by gid',
        )
      ).rows.map((row) => row.gid);

    it('commits the decided, rolls back the undecided, and leaves what is not its own', async () => {
      const decided = `${GID_PREFIX}${randomUUID()}`;
      const undecided = `${GID_PREFIX}${randomUUID()}`;
      const foreign = `someone-else:${randomUUID()}`;
      await prepared(decided, 1);
      await prepared(undecided, 2);
      await prepared(foreign, 3);
      await server.db.query('insert into flow_prepared_commits (gid, connection) values ($1, $2)', [
        decided,
        connection,
      ]);
      try {
        // Younger than the threshold, nothing is stale: a call may still be finishing them.
        expect(await preparesOn(pool, server.db, connection)).toBe(true);
        expect(await preparedGids()).toEqual([decided, undecided, foreign].sort());

        // The threshold at zero makes them stale at once, as ten minutes would.
        expect(await preparesOn(pool, server.db, connection, 0)).toBe(true);
        await eventually(preparedGids).toEqual([foreign]);
        const ids = (await remote.remote.query<{ id: number }>('select id from ledger order by id')).rows;
        expect(ids.map((row) => row.id)).toEqual([1]);
        await eventually(
          async () =>
            (await server.db.query('select gid from flow_prepared_commits where gid = $1', [decided])).length,
        ).toBe(0);
      } finally {
        await remote.remote.query(`rollback prepared '${foreign}'`).catch(() => {});
      }
    });
  },
);
