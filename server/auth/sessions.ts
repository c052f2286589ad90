import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ServerConfig } from '../config';
import { TableCache } from '../db/cache';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import { displayName, entitlementsOfUser, type UserRow, userByGuid } from '../users/repository';
import type { ServerKeys } from './keys';
import { signToken } from './tokens';

export interface Tokens {
  Token: string;
  RefreshToken: string;
}

export const hashSecret = (value: string) => createHash('sha256').update(value).digest('base64url');
export const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Sign-in sessions. Each refresh token works once; using a spent one revokes the whole session, so a
 * stolen token is good for at most one use before the real owner's next refresh exposes it.
 */
export class SessionStore {
  /**
   * sid → revoked, read once and kept until the sessions table is written (a revocation, a sign-in, a
   * user deleted with its sessions), so the guard's check stays off the database on hot calls and a
   * revocation still takes effect on the very next call (on the other processes of a cluster, once the
   * write's notice arrives, a moment after its commit: server/db/writeNotices.ts).
   */
  private readonly revoked: TableCache<boolean>;

  constructor(
    private readonly db: Db,
    private readonly keys: ServerKeys,
    private readonly config: ServerConfig,
    private readonly now: () => number,
  ) {
    this.revoked = new TableCache<boolean>(db, ['sessions']);
  }

  /** `db` is the caller's executor: inside a transaction on PGlite, the root connection would wait forever. */
  private async accessToken(db: Db, user: UserRow, level: 1 | 2, sessionId: string): Promise<string> {
    const base = {
      acr: String(level) as '1' | '2',
      sub: user.email,
      uid: user.guid,
      sid: sessionId,
      admin: level === 2 && user.is_admin,
      env: this.config.env,
      name: displayName(user),
    };
    const claims =
      level === 2
        ? { ...base, amr: ['pwd', 'otp', 'mfa'], entitlements: await entitlementsOfUser(db, user.guid) }
        : { ...base, amr: ['pwd'], entitlements: {} };
    const seconds = level === 2 ? this.config.accessTokenSeconds : this.config.levelOneTokenSeconds;
    return signToken(this.keys, claims, seconds, this.now());
  }

  /** A refresh token of the session, good until its lifetime or the session's absolute end, whichever comes first. */
  private async newRefreshToken(db: Db, sessionId: string, sessionEnd: number): Promise<string> {
    const token = newSecret();
    await db.query(
      'insert into refresh_tokens (token_hash, session_id, expires_at) values ($1, $2, to_timestamp($3))',
      [hashSecret(token), sessionId, Math.min(this.now() + this.config.refreshTokenSeconds, sessionEnd)],
    );
    return token;
  }

  /** Starts a session at the given level and answers its first tokens. */
  async start(user: UserRow, level: 1 | 2): Promise<Tokens> {
    const sessionId = randomUUID();
    const now = this.now();
    return this.db.transaction(async (tx) => {
      // `created` on the server's clock: the absolute lifetime (SESSION_MAX_SECONDS) counts from it.
      await tx.query(
        'insert into sessions (id, user_guid, level, created, expires_at) values ($1, $2, $3, to_timestamp($5), to_timestamp($4))',
        [sessionId, user.guid, level, now + this.config.refreshTokenSeconds, now],
      );
      return {
        Token: await this.accessToken(tx, user, level, sessionId),
        RefreshToken: await this.newRefreshToken(tx, sessionId, now + this.config.sessionMaxSeconds),
      };
    });
  }

  /** Rotates a refresh token (spec part 1 §4 'Token refresh'). */
  async refresh(refreshToken: string): Promise<Tokens> {
    const hash = hashSecret(refreshToken);
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{
        session_id: string;
        used_at: Date | null;
        expired: boolean;
        revoked_at: Date | null;
        level: number;
        user_guid: string;
        session_end: number;
      }>(
        `select t.session_id, t.used_at, t.expires_at < to_timestamp($2) as expired, s.revoked_at, s.level, s.user_guid,
                extract(epoch from s.created)::double precision + $3 as session_end
           from refresh_tokens t join sessions s on s.id = t.session_id
          where t.token_hash = $1 for update of t`,
        [hash, this.now(), this.config.sessionMaxSeconds],
      );
      // A session ends SESSION_MAX_SECONDS after its sign-in however often it is refreshed (issue 29
      // point 5), so a stolen refresh token cannot keep one alive for ever.
      if (!row || row.revoked_at || row.expired || row.session_end <= this.now())
        return { kind: 'refused' as const };
      if (row.used_at) {
        await tx.query('update sessions set revoked_at = to_timestamp($2) where id = $1', [
          row.session_id,
          this.now(),
        ]);
        return { kind: 'reused' as const, sessionId: row.session_id };
      }
      const user = await userByGuid(tx, row.user_guid);
      if (!user?.is_active) return { kind: 'refused' as const };
      await tx.query('update refresh_tokens set used_at = to_timestamp($2) where token_hash = $1', [
        hash,
        this.now(),
      ]);
      return {
        kind: 'ok' as const,
        tokens: {
          Token: await this.accessToken(tx, user, row.level as 1 | 2, row.session_id),
          RefreshToken: await this.newRefreshToken(tx, row.session_id, row.session_end),
        },
      };
    });
    if (outcome.kind !== 'ok') throw new HttpError(401, 'api.unauthorized');
    return outcome.tokens;
  }

  /**
   * Logout (issue 29 point 5): ends the session a refresh token belongs to, so its access and refresh
   * tokens answer 401 from the next call, on every process. A token that names no session ends nothing,
   * and the caller hears the same either way.
   */
  async revokeByRefreshToken(refreshToken: string): Promise<void> {
    await this.db.query(
      `update sessions set revoked_at = coalesce(revoked_at, to_timestamp($2))
        where id = (select session_id from refresh_tokens where token_hash = $1)`,
      [hashSecret(refreshToken), this.now()],
    );
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.query(
      'update sessions set revoked_at = coalesce(revoked_at, to_timestamp($2)) where id = $1',
      [sessionId, this.now()],
    );
  }

  /** Revokes every session of a user, e.g. when the account is deactivated or the password changes. */
  async revokeUser(userGuid: string, except?: string): Promise<void> {
    await this.db.query(
      'update sessions set revoked_at = to_timestamp($2) where user_guid = $1 and revoked_at is null and id is distinct from $3',
      [userGuid, this.now(), except ?? null],
    );
  }

  /** Whether the session is revoked, when that is known without the database; else undefined. */
  knownRevoked(sessionId: string): boolean | undefined {
    return this.revoked.peek(sessionId);
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    return this.revoked.get(sessionId, async () => {
      const [row] = await this.db.query<{ revoked: boolean }>(
        'select revoked_at is not null as revoked from sessions where id = $1',
        [sessionId],
      );
      return row ? row.revoked : true;
    });
  }
}
