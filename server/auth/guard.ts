import { can } from '../../src/permissions/entitlements';
import type { OperationSpec } from '../contract/operations';
import type { Services } from '../http/context';
import { forbidden, unauthorized } from '../http/errors';
import { apiUserPrincipal, looksLikeApiToken } from './apiTokens';
import type { Principal } from './principal';
import { verifyToken } from './tokens';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Enforces an operation's `x-permission` exactly as the contract declares it: a missing, invalid,
 * expired or revoked token, or one of the wrong login level, answers 401; a signed-in caller without
 * the area's action answers 403 (admins pass every check, spec part 1 §6). A bearer that is an API
 * token (a guid, not a signed token) authenticates its API user with its roles' permissions; API users
 * have no account, so the account calls (Users.*) refuse them.
 */
export async function authorize(
  services: Services,
  operation: OperationSpec,
  authorization: string | undefined,
  query: Record<string, unknown>,
): Promise<Principal | null> {
  const { permission } = operation;
  if (permission === 'public') return null;
  const token = authorization?.match(BEARER)?.[1];
  if (!token) {
    if (permission === 'enrolment' && typeof query.Key === 'string' && query.Key) return null;
    throw unauthorized();
  }
  if (looksLikeApiToken(token)) {
    const apiUser = await apiUserPrincipal(services.db, token);
    if (
      !apiUser ||
      permission === 'level1' ||
      permission === 'enrolment' ||
      operation.id.startsWith('Users.')
    )
      throw unauthorized();
    if (permission !== 'signedIn' && !can(apiUser, permission.area, permission.action)) throw forbidden();
    return apiUser;
  }
  const verified = await verifyToken(services.keys, token, services.now());
  if (!verified.ok || (await services.sessions.isRevoked(verified.claims.sid))) throw unauthorized();
  const { claims } = verified;
  const principal: Principal = {
    kind: 'user',
    guid: claims.uid,
    name: claims.sub,
    level: claims.acr === '2' ? 2 : 1,
    admin: claims.admin === true,
    entitlements: claims.entitlements ?? {},
    sessionId: claims.sid,
  };
  if (permission === 'level1' || permission === 'enrolment') {
    if (principal.level !== 1) throw unauthorized();
    return principal;
  }
  if (principal.level !== 2) throw unauthorized();
  if (permission !== 'signedIn' && !can(principal, permission.area, permission.action)) throw forbidden();
  return principal;
}
