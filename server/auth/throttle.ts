import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { UserRow } from '../users/repository';

/**
 * Wrong passwords and codes slow an account down, then block it for a while: after `slowAfter`
 * failures each further try waits 2^(n - slowAfter) seconds (at most a minute); after `blockAfter`
 * failures the account is blocked for `blockSeconds`.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly config: ServerConfig['throttle'],
    private readonly now: () => number,
  ) {}

  assertOpen(user: Pick<UserRow, 'locked_until'>): void {
    if (!user.locked_until) return;
    const wait = Math.ceil(user.locked_until.getTime() / 1000 - this.now());
    if (wait > 0) throw new HttpError(429, 'login.locked', { seconds: wait });
  }

  /**
   * Counts a failure in the database itself (failed_attempts + 1), so failures made at the same moment,
   * on one process or several, all count (issue 18 point 2).
   */
  async failed(user: Pick<UserRow, 'guid'>): Promise<void> {
    const { slowAfter, blockAfter, blockSeconds } = this.config;
    await this.db.query(
      `update users set failed_attempts = failed_attempts + 1,
          locked_until = case
            when failed_attempts + 1 >= $2 then to_timestamp($5::double precision + $3)
            when failed_attempts + 1 >= $4 then to_timestamp($5::double precision + least(60, 2 ^ (failed_attempts + 1 - $4)))
            else null end
        where guid = $1`,
      [user.guid, blockAfter, blockSeconds, slowAfter, this.now()],
    );
  }

  async succeeded(user: Pick<UserRow, 'guid'>): Promise<void> {
    await this.db.query('update users set failed_attempts = 0, locked_until = null where guid = $1', [
      user.guid,
    ]);
  }
}
