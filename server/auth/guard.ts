import { can } from '../../src/permissions/entitlements';
import type { OperationSpec } from '../contract/operations';
import type { Services } from '../http/context';
import { forbidden, unauthorized } from '../http/errors';
import { type AccountState, tokenMatches } from './accountStates';
import { apiUserPrincipal, looksLikeApiToken } from './apiTokens';
import type { Principal } from './principal';
import { knownToken, type TokenClaims, verifyToken } from './tokens';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Enforces an operation's `x-permission` exactly as the contract declares it: a missing, invalid,
 * expired or revoked token, or one of the wrong login level, answers 401; a signed-in caller without
 * the area's action (or, for `admin`, who is no administrator) answers 403 (admins pass every check, spec part 1 §6). A bearer that is an API
 * token (a guid, not a signed token) authenticates its API user with its roles' permissions; API users
 * have no account, so the account calls (Users.*) refuse them, and they may not manage users, roles or
 * API users. A user token is judged by the account's current state, not only by its claims.
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
  if (known?.ok) {
    const revoked = services.sessions.knownRevoked(known.claims.sid);
    const state = services.accounts.peek(known.claims.uid);
    if (revoked !== undefined && state !== undefined) return decide(operation, known.claims, revoked, state);
  }
  return (async () => {
    const verified = known ?? (await verifyToken(services.keys, token, services.now()));
    if (!verified.ok) throw unauthorized();
    const [revoked, state] = await Promise.all([
      services.sessions.isRevoked(verified.claims.sid),
      services.accounts.get(verified.claims.uid),
    ]);
    return decide(operation, verified.claims, revoked, state);
  })();
}

/**
 * Calls that change who may do what: users and roles, and API users with their roles. API tokens are
 * for flows; with such a call they could raise their own rights or take over an account, so they may
 * not make them unless API_TOKENS_MANAGE_USERS says so (issue 29 point 2).
 */
const managesAccounts = (operation: OperationSpec) =>
  operation.id.startsWith('UserManagement.') ||
  operation.id === 'RestApi.GetApiUsers' ||
  operation.id === 'RestApi.PostApiUser' ||
  operation.id === 'RestApi.DeleteApiUser';

async function authorizeApiUser(
  services: Services,
  operation: OperationSpec,
  token: string,
): Promise<Principal> {
  const { permission } = operation;
  const apiUser = await apiUserPrincipal(services.db, token);
  if (!apiUser || permission === 'level1' || permission === 'enrolment' || operation.id.startsWith('Users.'))
    throw unauthorized();
  if (managesAccounts(operation) && !services.config.apiTokensManageUsers) throw forbidden();
  // API users are never administrators (spec part 1 §3 'API user': roles only).
  if (permission === 'admin') throw forbidden();
  // 'public' never reaches here (authorize answers it without a token).
  if (typeof permission === 'object' && !can(apiUser, permission.area, permission.action)) throw forbidden();
  return apiUser;
}

/**
 * The decision on a verified user token, once whether its session is revoked and what its account may
 * do now are known: a token whose rights are no longer the account's answers 401 (accountStates.ts).
 */
function decide(
  operation: OperationSpec,
  claims: TokenClaims,
  revoked: boolean,
  state: AccountState | null,
): Principal {
  const { permission } = operation;
  if (revoked || !tokenMatches(claims, state)) throw unauthorized();
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
  if (permission === 'admin' && !principal.admin) throw forbidden();
  return principal;
}
