import { entitlementsOf, type RolePermissions } from '../../src/permissions/entitlements';
import type { Db } from '../db/database';

/** A users row as the sign-in code reads it. */
export interface UserRow {
  guid: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  gender_code: 'M' | 'F' | 'U';
  is_active: boolean;
  is_admin: boolean;
  password_hash: string | null;
  two_factor: boolean;
  two_factor_key: string | null;
  pending_two_factor_key: string | null;
  last_totp_step: number | null;
  logins: number;
  last_login: Date | null;
  failed_attempts: number;
  locked_until: Date | null;
  revision: number;
  created: Date;
  created_by: string | null;
  modified: Date;
  modified_by: string | null;
  is_deleted: boolean;
  deleted: Date | null;
}

export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    'select * from users where lower(email) = lower($1) and not is_deleted',
    [email],
  );
  return row;
}

export async function userByGuid(db: Db, guid: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select * from users where guid = $1 and not is_deleted', [guid]);
  return row;
}

/** The entitlements claim of a user: the union of their roles' permissions with implications. */
export async function entitlementsOfUser(db: Db, userGuid: string) {
  const rows = await db.query<{ permissions: RolePermissions }>(
    'select r.permissions from roles r join user_roles ur on ur.role_guid = r.guid where ur.user_guid = $1',
    [userGuid],
  );
  return entitlementsOf(rows.map((row) => row.permissions));
}

export function displayName(user: Pick<UserRow, 'first_name' | 'last_name' | 'email'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.email;
}
