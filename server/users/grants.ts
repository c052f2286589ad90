import { grantsBeyond, type RolePermissions } from '../../src/permissions/entitlements';
import type { Principal } from '../auth/principal';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';

/**
 * Who may change whom (issue 29 point 2). A user manager who is not an administrator could otherwise
 * take the administrator's account (change its e-mail, reset its two-factor, request a reset link) or
 * give itself any permission through a role it holds. Administrators pass every check (spec part 1 §6).
 */

/** Only an administrator may create, change, deactivate, delete or reset the two-factor of an administrator. */
export function assertMayChangeUser(principal: Principal | null, target: { is_admin: boolean }): void {
  if (target.is_admin && !principal?.admin) throw new HttpError(403, 'user.adminOnly');
}

/** The role numbers the caller holds: a user's roles, or an API user's. */
export async function heldRoles(db: Db, principal: Principal | null): Promise<Set<number>> {
  if (!principal) return new Set();
  const rows =
    principal.kind === 'apiUser'
      ? await db.query<{ role: number }>(
          'select role_guid as role from api_user_roles where api_user_guid = $1',
          [principal.guid],
        )
      : await db.query<{ role: number }>('select role_guid as role from user_roles where user_guid = $1', [
          principal.guid,
        ]);
  return new Set(rows.map((row) => row.role));
}

/** A role the caller holds is not the caller's to change or delete, unless it is an administrator. */
export async function assertMayChangeRole(db: Db, principal: Principal | null, role: number): Promise<void> {
  if (principal?.admin) return;
  if ((await heldRoles(db, principal)).has(role)) throw new HttpError(403, 'role.heldRole');
}

/** Permissions may be handed on only by someone who holds them (403 naming what is beyond). */
export function assertMayGrant(principal: Principal | null, permissions: readonly RolePermissions[]): void {
  if (principal?.admin) return;
  const beyond = grantsBeyond(principal ?? { admin: false, entitlements: {} }, permissions);
  if (beyond.length > 0) throw new HttpError(403, 'role.beyondOwn', { permissions: beyond.join(', ') });
}

/** Roles given to an account (the ones it did not have before) must hold only what the caller holds. */
export async function assertMayGrantRoles(
  db: Db,
  principal: Principal | null,
  added: readonly number[],
): Promise<void> {
  if (principal?.admin || added.length === 0) return;
  const rows = await db.query<{ permissions: RolePermissions }>(
    'select permissions from roles where guid = any($1::int[])',
    [[...added]],
  );
  assertMayGrant(
    principal,
    rows.map((row) => row.permissions),
  );
}
