import type { Principal as PermissionPrincipal } from '../../src/permissions/entitlements';

/** Who is calling: a signed-in user (level 1 or 2) or an API user. */
export interface Principal extends PermissionPrincipal {
  kind: 'user' | 'apiUser';
  guid: string;
  /** E-mail of a user, username of an API user; stamped into created_by / modified_by. */
  name: string;
  level: 1 | 2;
  sessionId?: string;
}
