import { entitlementsOf, type RolePermissions } from '../../src/permissions/entitlements';
import { TableCache } from '../db/cache';
import type { Db } from '../db/database';
import type { Principal } from './principal';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a bearer value has the shape of an API token (a guid) rather than a signed token. */
export const looksLikeApiToken = (bearer: string) => GUID.test(bearer);

/** Per database: principals by token, kept until API users, their roles or roles change. */
const principals = new WeakMap<Db, TableCache<Principal | null>>();

/**
 * The principal of an API token: the active, not deleted API user holding it, with its roles'
 * permissions (spec part 1 §3 'API user'). Kept in memory until a write to api_users, api_user_roles
 * or roles (server/db/cache.ts), so a role change, a renewed token or a deactivation takes effect on
 * the next call. API users are never administrators and have no login levels to climb.
 */
export function apiUserPrincipal(db: Db, token: string): Promise<Principal | null> {
  let cache = principals.get(db);
  if (!cache) {
    cache = new TableCache<Principal | null>(db, ['api_users', 'api_user_roles', 'roles']);
    principals.set(db, cache);
  }
  return cache.get(token.toLowerCase(), () => readApiUserPrincipal(db, token));
}

async function readApiUserPrincipal(db: Db, token: string): Promise<Principal | null> {
  const [user] = await db.query<{ guid: string; username: string }>(
    'select guid, username from api_users where api_token = $1 and is_active and not is_deleted',
    [token.toLowerCase()],
  );
  if (!user) return null;
  const roles = await db.query<{ permissions: RolePermissions }>(
    `select r.permissions from roles r join api_user_roles ar on ar.role_guid = r.guid
      where ar.api_user_guid = $1`,
    [user.guid],
  );
  return {
    kind: 'apiUser',
    guid: user.guid,
    name: user.username,
    level: 2,
    admin: false,
    entitlements: entitlementsOf(roles.map((role) => role.permissions)),
  };
}
