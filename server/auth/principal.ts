import type { Principal as PermissionPrincipal } from '../../src/permissions/entitlements';

/**
 * Who is calling: a signed-in user (level 1 or 2) or an API user; or a REST API itself, for what it runs
 * on its own behalf (its error flow, issue 32 point 5), which no token can carry.
 */
export interface Principal extends PermissionPrincipal {
  kind: 'user' | 'apiUser' | 'restApi';
  guid: string;
  /** E-mail of a user, username of an API user; stamped into created_by / modified_by. */
  name: string;
  level: 1 | 2;
  sessionId?: string;
}
