import { can } from '../../src/permissions/entitlements';
import type { OperationSpec } from '../contract/operations';
import type { Services } from '../http/context';
import { forbidden, unauthorized } from '../http/errors';
import { apiUserPrincipal, looksLikeApiToken } from './apiTokens';
import type { Principal } from './principal';
import { knownToken, type TokenClaims, verifyToken } from './tokens';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Enforces an operation's `x-permission` exactly as the contract declares it: a missing, invalid,
 * expired or revoked token, or one of the wrong login level, answers 401; a signed-in caller without
 * the area's action answers 403 (admins pass every check, spec part 1 §6). A bearer that is an API
 * token (a guid, not a signed token) authenticates its API user with its roles' permissions; API users
 * have no account, so the account calls (Users.*) refuse them.
 *
 * Answers without a promise when the token was verified before and its session's state is cached (the
 * hot path of every signed-in call: issue 20 point 5); otherwise the same decision after the awaits.
 */
export function authorize(
  services: Services,
  operation: OperationSpec,
  authorization: string | undefined,
  query: Record<string, unknown>,
): Principal | null | Promise<Principal | null> {
  const { permission } = operation;
  if (permission === 'public') return null;
  const token = authorization?.match(BEARER)?.[1];
  if (!token) {
    if (permission === 'enrolment' && typeof query.Key === 'string' && query.Key) return null;
    throw unauthorized();
  }
  if (looksLikeApiToken(token)) return authorizeApiUser(services, operation, token);
  const known = knownToken(services.keys, token, services.now());
  if (known && !known.ok) throw unauthorized();
  const revoked = known?.ok ? services.sessions.knownRevoked(known.claims.sid) : undefined;
  if (known?.ok && revoked !== undefined) return decide(operation, known.claims, revoked);
  return (async () => {
    const verified = known ?? (await verifyToken(services.keys, token, services.now()));
    if (!verified.ok) throw unauthorized();
    return decide(operation, verified.claims, await services.sessions.isRevoked(verified.claims.sid));
  })();
}

async function authorizeApiUser(
  services: Services,
  operation: OperationSpec,
  token: string,
): Promise<Principal> {
  const { permission } = operation;
  const apiUser = await apiUserPrincipal(services.db, token);
  if (!apiUser || permission === 'level1' || permission === 'enrolment' || operation.id.startsWith('Users.'))
    throw unauthorized();
  // 'public' never reaches here (authorize answers it without a token).
  if (typeof permission === 'object' && !can(apiUser, permission.area, permission.action)) throw forbidden();
  return apiUser;
}

/** The decision on a verified user token, once whether its session is revoked is known. */
function decide(operation: OperationSpec, claims: TokenClaims, revoked: boolean): Principal {
  const { permission } = operation;
  if (revoked) throw unauthorized();
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
  // 'public' never reaches here (authorize answers it without a token).
  if (typeof permission === 'object' && !can(principal, permission.area, permission.action))
    throw forbidden();
  return principal;
}
