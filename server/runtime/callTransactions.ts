import { RemoteFailure, remoteText } from '../connectors/remoteFailure';
import type { CallParticipant, FlowDatabase, QueryOptions, RemoteTransaction } from '../connectors/types';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { RunLog } from './run';

/**
 * A writing call's transactions on other connections' databases (issue 30 point 2). The first writing
 * statement on a connection begins its transaction on a client of its own; the call's later statements
 * on that connection, reads too, run there. At the end of the call everything commits or nothing does,
 * together with the call's own transaction on the server's database (server/runtime/run.ts):
 *
 * 1. With two participants or more (the server's own database counts when the plan writes there), the
 *    transactions whose server allows it are prepared (PREPARE TRANSACTION), in connection-name order.
 * 2. Those that cannot be prepared commit one by one in the same order. A failure in 1 or 2 rolls back
 *    everything not yet committed and answers 502 `runtime.external.commitFailed` naming the connection;
 *    a connection committed one by one before it keeps its writes (README, "Integrate your own systems").
 * 3. The server's own transaction commits, with the gids it decided to commit (flow_prepared_commits):
 *    this commit is the decision.
 * 4. The prepared ones commit (COMMIT PREPARED), each retried once on another client. One that still
 *    fails is logged with its gid for an operator and answers 502 naming its connection; a later start
 *    of a pool commits it (server/connectors/postgresql/transactions.ts).
 *
 * Reads of a call that writes nowhere else never come here: they stay on the pool, without a transaction.
 * A participant other than a database (an SFTP server's files, written under a name of their own until
 * the commit renames them) joins by join() and cannot be prepared: it commits in step 2.
 */
interface Participant {
  /** The connection's name, as failures name it, and its guid. */
  connection: string;
  key: string;
  tx: Promise<CallParticipant>;
  /** A participant that joined (join()), as it was made: its caller needs it at once. */
  joined?: CallParticipant;
  state: 'open' | 'prepared' | 'ended';
  gid?: string;
}

const commitFailed = (connection: string, error: unknown) =>
  new RemoteFailure(502, 'runtime.external.commitFailed', connection, error);

export class CallTransactions {
  private readonly open = new Map<string, Participant>();

  constructor(private readonly log: RunLog | undefined) {}

  /**
   * A statement on another connection's database: a write begins its transaction, which later reads use.
   * `options` go with a statement run on the pool (a transaction's statements run unnamed: a stale
   * prepared plan there would end the transaction, not ask again).
   */
  query<T>(
    database: FlowDatabase,
    sql: string,
    params: unknown[],
    writes: boolean,
    options?: QueryOptions,
  ): Promise<T[]> {
    let held = this.open.get(database.key);
    if (!held) {
      if (!writes || !database.begin) return database.query<T>(sql, params, options);
      held = { connection: database.connection, key: database.key, tx: database.begin(), state: 'open' };
      // A begin that failed fails the statement that asked; there is nothing to roll back.
      held.tx.catch(() => {
        if (held) held.state = 'ended';
      });
      this.open.set(database.key, held);
    }
    return held.tx.then((tx) => (tx as RemoteTransaction).query<T>(sql, params));
  }

  /** The call's participant for a connection that is no database, made by `begin` on its first write. */
  join<P extends CallParticipant>(key: string, connection: string, begin: () => P): P {
    const held = this.open.get(key)?.joined;
    if (held) return held as P;
    const made = begin();
    this.open.set(key, { connection, key, tx: Promise.resolve(made), joined: made, state: 'open' });
    return made;
  }

  /** In a fixed order, so two calls writing the same connections take their locks in the same order. */
  private participants() {
    return [...this.open.values()].sort(
      (a, b) => a.connection.localeCompare(b.connection) || a.key.localeCompare(b.key),
    );
  }

  /**
   * Steps 1 and 2, inside the server's own transaction `own` just before it commits, and the decision's
   * record. Throws a RemoteFailure once everything not committed is rolled back; the caller's throw then
   * rolls back its own transaction.
   */
  async beforeCommit(own: Db, writesOwn: boolean): Promise<void> {
    const all = this.participants().filter((entry) => entry.state === 'open');
    if (all.length === 0) return;
    const txs = await Promise.all(all.map((entry) => entry.tx));
    const twoPhase = all.length + (writesOwn ? 1 : 0) >= 2;
    const prepared: Participant[] = [];
    for (const [index, entry] of all.entries())
      if (twoPhase && txs[index]!.canPrepare) {
        let gid: string;
        try {
          gid = await txs[index]!.prepare();
        } catch (error) {
          entry.state = 'ended';
          await this.rollback();
          throw commitFailed(entry.connection, (error as RemoteFailure).remote ?? error);
        }
        entry.state = 'prepared';
        entry.gid = gid;
        prepared.push(entry);
      }
    for (const [index, entry] of all.entries()) {
      if (entry.state !== 'open') continue;
      try {
        await txs[index]!.commit();
      } catch (error) {
        entry.state = 'ended';
        await this.rollback();
        // A participant's own refusal in the catalogue's words (a file an exclusive create meets) stands.
        if (error instanceof HttpError && !(error instanceof RemoteFailure)) throw error;
        throw commitFailed(entry.connection, (error as RemoteFailure).remote ?? error);
      }
      entry.state = 'ended';
    }
    if (prepared.length > 0)
      await own.query(
        'insert into flow_prepared_commits (gid, connection) select * from unnest($1::text[], $2::text[])',
        [prepared.map((entry) => entry.gid), prepared.map((entry) => entry.connection)],
      );
  }

  /** Step 4, once the server's own transaction committed: the first connection that failed, if one did. */
  async afterCommit(own: Db): Promise<RemoteFailure | undefined> {
    let failed: RemoteFailure | undefined;
    const done: string[] = [];
    for (const entry of this.participants()) {
      if (entry.state !== 'prepared') continue;
      const tx = await entry.tx;
      const gid = entry.gid!;
      entry.state = 'ended';
      try {
        // A lost client does not lose a prepared transaction: another client can still commit it.
        await tx.finishPrepared(gid, true).catch(() => tx.finishPrepared(gid, true));
        done.push(gid);
      } catch (error) {
        this.log?.error(
          { gid, connection: entry.connection, remote: remoteText((error as RemoteFailure).remote) },
          'a prepared transaction could not be committed; an operator must COMMIT PREPARED or ROLLBACK PREPARED it',
        );
        failed ??= commitFailed(entry.connection, (error as RemoteFailure).remote ?? error);
      }
    }
    if (done.length > 0)
      await own
        .query('delete from flow_prepared_commits where gid = any($1::text[])', [done])
        .catch((error: unknown) =>
          this.log?.warn({ err: error }, 'flow_prepared_commits could not be cleared'),
        );
    return failed;
  }

  /** Rolls back every transaction not committed: the call failed, or the server's own did not commit. */
  async rollback(): Promise<void> {
    for (const entry of this.participants()) {
      if (entry.state === 'ended') continue;
      const state = entry.state;
      entry.state = 'ended';
      const tx = await entry.tx.catch(() => undefined);
      if (!tx) continue;
      if (state === 'open') {
        await tx.rollback();
        continue;
      }
      const gid = entry.gid!;
      await tx.finishPrepared(gid, false).catch((error: unknown) =>
        this.log?.error(
          {
            gid,
            connection: entry.connection,
            remote: remoteText((error as RemoteFailure).remote),
          },
          'a prepared transaction could not be rolled back; an operator must ROLLBACK PREPARED it',
        ),
      );
    }
  }
}
