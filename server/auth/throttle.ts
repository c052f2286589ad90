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

  async failed(user: Pick<UserRow, 'guid' | 'failed_attempts'>): Promise<void> {
    const attempts = user.failed_attempts + 1;
    let wait = 0;
    if (attempts >= this.config.blockAfter) wait = this.config.blockSeconds;
    else if (attempts >= this.config.slowAfter) wait = Math.min(60, 2 ** (attempts - this.config.slowAfter));
    await this.db.query(
      'update users set failed_attempts = $2, locked_until = case when $3::int > 0 then to_timestamp($4::double precision + $3::int) else null end where guid = $1',
      [user.guid, attempts, wait, this.now()],
    );
  }

  async succeeded(user: Pick<UserRow, 'guid'>): Promise<void> {
    await this.db.query('update users set failed_attempts = 0, locked_until = null where guid = $1', [
      user.guid,
    ]);
  }
}
