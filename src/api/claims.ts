import type { Entitlements } from '../permissions/entitlements';

/** The claims the console reads from its token (spec part 1 §3 'Session token'). */
export interface Claims {
  acr: '1' | '2';
  sub: string;
  amr: string[];
  admin: boolean;
  entitlements: Entitlements;
  exp: number;
  env?: string;
  name?: string;
  uid?: string;
}

function base64UrlDecode(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of a token without verifying it (the server verifies); null when unreadable. */
export function readClaims(token: string | null | undefined): Claims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const raw = JSON.parse(base64UrlDecode(payload)) as Record<string, unknown>;
    const entitlements =
      typeof raw.entitlements === 'string' ? JSON.parse(raw.entitlements) : raw.entitlements;
    const amr = Array.isArray(raw.amr) ? raw.amr.map(String) : typeof raw.amr === 'string' ? [raw.amr] : [];
    if (typeof raw.exp !== 'number' || typeof raw.sub !== 'string') return null;
    return {
      acr: String(raw.acr) === '2' ? '2' : '1',
      sub: raw.sub,
      amr,
      admin: raw.admin === true || raw.admin === 'true',
      entitlements: (entitlements ?? {}) as Entitlements,
      exp: raw.exp,
      ...(typeof raw.env === 'string' ? { env: raw.env } : {}),
      ...(typeof raw.name === 'string' ? { name: raw.name } : {}),
      ...(typeof raw.uid === 'string' ? { uid: raw.uid } : {}),
    };
  } catch {
    return null;
  }
}

/** Only a level-2 token counts as logged in (spec part 1 §4 'Sign-in'). */
export function isSignedIn(claims: Claims | null): claims is Claims {
  return claims !== null && claims.acr === '2';
}
