import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { UserRow } from '../users/repository';

/** What a passed check does to the count: a finished sign-in clears it, a first step only gives its try back. */
export type OnSuccess = 'clear' | 'uncount';

/**
 * Wrong passwords and codes slow an account down, then block it for a while: after `slowAfter`
 * failures each further try waits 2^(n - slowAfter) seconds (at most a minute); after `blockAfter`
 * failures the account is blocked for `blockSeconds`.
 *
 * Each try is counted in the database before its check runs (issue 29 point 4), by one statement that
 * passes only while the account is open and that, for the try reaching `blockAfter`, already writes the
 * block. Tries sent at the same moment, to one process or several, queue on the row, so at most
 * `blockAfter` are ever checked before the block, however many arrive at once (reading the count before
 * the slow argon2 check and writing it afterwards let 30 of 30 through). The shorter waits of the slow
 * phase follow a failed check, as before.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly config: ServerConfig['throttle'],
    private readonly now: () => number,
  ) {}

  private async refusal(user: Pick<UserRow, 'guid'>): Promise<HttpError> {
    const [row] = await this.db.query<{ locked_until: Date | null }>(
      'select locked_until from users where guid = $1',
      [user.guid],
    );
    const wait = row?.locked_until ? Math.ceil(row.locked_until.getTime() / 1000 - this.now()) : 1;
    return new HttpError(429, 'login.locked', { seconds: Math.max(1, wait) });
  }

  /**
   * Counts one try, or answers 429 while the account is slowed down or blocked. Answers whether this
   * try wrote the block (it was the `blockAfter`th).
   */
  private async reserve(user: Pick<UserRow, 'guid'>): Promise<boolean> {
    const { blockAfter, blockSeconds } = this.config;
    const [taken] = await this.db.query<{ blocked: boolean }>(
      `update users set failed_attempts = failed_attempts + 1,
          locked_until = case when failed_attempts + 1 >= $2
            then to_timestamp($4::double precision + $3) else locked_until end
        where guid = $1 and (locked_until is null or locked_until <= to_timestamp($4::double precision))
        returning failed_attempts >= $2 as blocked`,
      [user.guid, blockAfter, blockSeconds, this.now()],
    );
    if (!taken) throw await this.refusal(user);
    return taken.blocked;
  }

  /** After a failed check: the wait its count earns (the block itself was written with the try). */
  private async failed(user: Pick<UserRow, 'guid'>): Promise<void> {
    const { slowAfter, blockAfter } = this.config;
    await this.db.query(
      `update users set locked_until = to_timestamp($4::double precision + least(60, 2 ^ (failed_attempts - $3)))
        where guid = $1 and failed_attempts >= $3 and failed_attempts < $2`,
      [user.guid, blockAfter, slowAfter, this.now()],
    );
  }

  /**
   * Runs a password or code check as one counted try: answers its result, or 429 without running it
   * while the account is slowed down or blocked. A passed check clears the count (`clear`: the sign-in,
   * reset or change is complete) or only takes its own try back (`uncount`: the password was right, the
   * second factor is still to come, so the wrong codes before it keep counting).
   */
  async attempt(
    user: Pick<UserRow, 'guid'>,
    onSuccess: OnSuccess,
    check: () => Promise<boolean>,
  ): Promise<boolean> {
    const wroteBlock = await this.reserve(user);
    const ok = await check();
    if (!ok) await this.failed(user);
    else if (onSuccess === 'clear') await this.succeeded(user);
    else
      await this.db.query(
        `update users set failed_attempts = greatest(failed_attempts - 1, 0),
            locked_until = case when $2 then null else locked_until end
          where guid = $1`,
        [user.guid, wroteBlock],
      );
    return ok;
  }

  async succeeded(user: Pick<UserRow, 'guid'>): Promise<void> {
    await this.db.query('update users set failed_attempts = 0, locked_until = null where guid = $1', [
      user.guid,
    ]);
  }
}
