import type { Entitlements } from '../../src/permissions/entitlements';
import { TableCache } from '../db/cache';
import type { Db } from '../db/database';
import { entitlementsOfUser } from '../users/repository';
import type { TokenClaims } from './tokens';

/**
 * What a user may do now, as the guard compares it with what a token says: the account's state in the
 * database, not the claims an access token froze up to ACCESS_TOKEN_SECONDS ago (issue 29 point 5).
 */
export interface AccountState {
  active: boolean;
  admin: boolean;
  /** The entitlements the user's roles give now, in the one canonical text `entitlementsKey` writes. */
  entitlements: string;
}

/** Entitlements as one comparable text: modules and actions sorted, so equal rights give equal texts. */
export function entitlementsKey(entitlements: Entitlements | undefined): string {
  const modules = Object.keys(entitlements ?? {})
    .filter((module) => (entitlements?.[module]?.length ?? 0) > 0)
    .sort();
  return JSON.stringify(modules.map((module) => [module, [...(entitlements?.[module] ?? [])].sort()]));
}

/** Each verified token's claims are compared many times; their text is made once (claims objects are kept by tokens.ts). */
const claimKeys = new WeakMap<TokenClaims, string>();
const keyOfClaims = (claims: TokenClaims) => {
  let key = claimKeys.get(claims);
  if (key === undefined) {
    key = entitlementsKey(claims.entitlements);
    claimKeys.set(claims, key);
  }
  return key;
};

/**
 * Whether a token may still speak for its user: the account exists and is active and, for a level-2
 * token, the admin flag and the entitlements it carries are the ones the user has now. A token issued
 * before a role lost a permission, the user lost a role or the admin flag, answers 401; the console then
 * refreshes once (the refresh signs the current rights) and the retry is judged by the new state.
 */
export function tokenMatches(claims: TokenClaims, state: AccountState | null): boolean {
  if (!state?.active) return false;
  if (claims.acr !== '2') return true;
  return state.admin === (claims.admin === true) && state.entitlements === keyOfClaims(claims);
}

/**
 * Account states by user guid, kept until users, their roles or roles are written: on this process at
 * once, on the others when the write's notice arrives (server/db/writeNotices.ts), so a permission change
 * holds from the next call everywhere. A sign-in writes the users table too, which only costs the
 * signed-in users one read each on their next call.
 */
export class AccountStates {
  private readonly cache: TableCache<AccountState | null>;

  constructor(private readonly db: Db) {
    this.cache = new TableCache<AccountState | null>(db, ['users', 'user_roles', 'roles']);
  }

  /** The state when it is known without the database; else undefined. */
  peek(userGuid: string): AccountState | null | undefined {
    return this.cache.peek(userGuid);
  }

  get(userGuid: string): Promise<AccountState | null> {
    return this.cache.get(userGuid, async () => {
      const [row] = await this.db.query<{ is_active: boolean; is_admin: boolean }>(
        'select is_active, is_admin from users where guid = $1 and not is_deleted',
        [userGuid],
      );
      if (!row) return null;
      return {
        active: row.is_active,
        admin: row.is_admin,
        entitlements: entitlementsKey(await entitlementsOfUser(this.db, userGuid)),
      };
    });
  }
}
