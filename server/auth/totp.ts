import { generate, generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 TOTP: 6 digits, 30 s step, one step either side accepted. */
const PERIOD = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, account: string, issuer = 'UIServices Console'): string {
  return generateURI({ issuer, label: account, secret });
}

export function totpCode(secret: string, epoch = Date.now() / 1000): Promise<string> {
  return generate({ secret, epoch: Math.floor(epoch) });
}

/**
 * Checks a code and answers the time step it belongs to, or null. A code of a step at or before
 * `afterStep` is refused, so a code already used in its window cannot be replayed.
 */
export async function checkTotp(
  secret: string,
  code: string,
  afterStep?: number | null,
  epoch = Date.now() / 1000,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(epoch),
    epochTolerance: PERIOD,
    ...(afterStep != null ? { afterTimeStep: afterStep } : {}),
  });
  // The TOTP strategy's valid result carries the step; the shared result type does not say so.
  return result.valid ? (result as { timeStep: number }).timeStep : null;
}
