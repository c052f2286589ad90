import { errors, jwtVerify, SignJWT } from 'jose';
import type { Entitlements } from '../../src/permissions/entitlements';
import type { ServerKeys } from './keys';

/** Claims of the console's token (spec part 1 §3 'Session token'). */
export interface TokenClaims {
  /** Login level: '1' after the password, '2' after the two-factor step. */
  acr: '1' | '2';
  /** The user name (e-mail). */
  sub: string;
  /** User guid. */
  uid: string;
  /** Session id; a revoked session's tokens stop working. */
  sid: string;
  amr: string[];
  admin: boolean;
  entitlements: Entitlements;
  env: string;
  name?: string;
  exp: number;
  iat: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'uiservices';

export async function signToken(
  keys: ServerKeys,
  claims: Omit<TokenClaims, 'exp' | 'iat'>,
  seconds: number,
  at = Date.now() / 1000,
): Promise<string> {
  const now = Math.floor(at);
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(keys.signing);
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Verifies signature, issuer and expiry; only HS256 is accepted, so `alg: none` or a swapped algorithm fails. */
export async function verifyToken(keys: ServerKeys, token: string, now?: number): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, keys.signing, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      ...(now !== undefined ? { currentDate: new Date(now * 1000) } : {}),
    });
    if (
      (payload.acr !== '1' && payload.acr !== '2') ||
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: payload as unknown as TokenClaims };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
