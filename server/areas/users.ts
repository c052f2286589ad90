import type { FastifyRequest } from 'fastify';
import { decrypt, encrypt } from '../auth/keys';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords';
import { checkTotp, newTotpSecret, totpUri } from '../auth/totp';
import type { Handlers, Services } from '../http/context';
import { HttpError, unauthorized } from '../http/errors';
import { type UserRow, userByEmail, userByGuid } from '../users/repository';
import { findResetKey, sendResetLink } from '../users/resetKeys';

export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Checks a two-factor code for a user: against the enrolled secret, or, for a user still enrolling,
 * against the pending secret from CreateSharedKey, which it then makes the enrolled one.
 */
async function confirmCode(services: Services, user: UserRow, code: string): Promise<boolean> {
  const sealed = user.two_factor ? user.two_factor_key : user.pending_two_factor_key;
  if (!sealed) return false;
  const step = await checkTotp(decrypt(services.keys, sealed), code, user.last_totp_step, services.now());
  // The step is taken only if no call took it or a later one since this one read the user, so a code
  // used at the same moment on two processes works once (issue 18 point 2).
  const taken =
    step !== null &&
    (
      await services.db.query(
        `update users set last_totp_step = $2,
            two_factor = true,
            two_factor_key = coalesce(case when two_factor then two_factor_key end, pending_two_factor_key),
            pending_two_factor_key = null
          where guid = $1 and (last_totp_step is null or last_totp_step < $2)
          returning guid`,
        [user.guid, step],
      )
    ).length === 1;
  if (!taken) await services.throttle.failed(user);
  return taken;
}

async function enrolmentSecret(services: Services, user: UserRow) {
  if (user.two_factor) throw new HttpError(400, 'api.badRequest');
  const secret = newTotpSecret();
  await services.db.query('update users set pending_two_factor_key = $2 where guid = $1', [
    user.guid,
    encrypt(services.keys, secret),
  ]);
  return { Secret: secret, Uri: totpUri(secret, user.email) };
}

/** Account calls (spec part 1 §4 'Sign-in', 'Other account flows', §7 Account). */
const handlers: Handlers = {
  'Users.Authenticate': async ({ body, sessions, throttle, db }) => {
    const user = await userByEmail(db, body.Email);
    if (!user?.is_active || !user.password_hash) {
      await burnPasswordCheck(body.Password);
      throw new HttpError(400, 'login.notification');
    }
    throttle.assertOpen(user);
    if (!(await verifyPassword(user.password_hash, body.Password))) {
      await throttle.failed(user);
      throw new HttpError(400, 'login.notification');
    }
    return { ...(await sessions.start(user, 1)), TwoFactorEnabled: user.two_factor };
  },

  'Users.Authenticate2FA': async (context) => {
    const { principal, body, db, sessions, throttle } = context;
    const user = principal && (await userByGuid(db, principal.guid));
    if (!user?.is_active) throw unauthorized();
    throttle.assertOpen(user);
    if (!(await confirmCode(context, user, body.TwoFA))) throw new HttpError(400, 'login.twoFANotification');
    await throttle.succeeded(user);
    await db.query('update users set logins = logins + 1, last_login = to_timestamp($2) where guid = $1', [
      user.guid,
      context.now(),
    ]);
    if (principal?.sessionId) await sessions.revoke(principal.sessionId);
    return sessions.start(user, 2);
  },

  'Users.RefreshToken': async ({ body, sessions }) => sessions.refresh(body.RefreshToken),

  'Users.RequestNewPassword': async (context) => {
    const user = await userByEmail(context.db, context.body.Email);
    if (!user?.is_active) throw new HttpError(400, 'requestNewPassword.notification');
    await sendResetLink(context, user, originOf(context.request), 'reset');
    return true;
  },

  'Users.CheckSecretKey': async (context) => {
    const key = await findResetKey(context, context.body.Key);
    if (!key?.usable) return { Valid: false };
    const user = await userByGuid(context.db, key.user_guid);
    if (!user) return { Valid: false };
    return { Valid: true, TwoFactorEnabled: user.two_factor, Email: user.email };
  },

  'Users.CreateSharedKey': async (context) => {
    const { principal, query, db } = context;
    if (principal) {
      const user = await userByGuid(db, principal.guid);
      if (!user) throw unauthorized();
      return enrolmentSecret(context, user);
    }
    const key = query.Key ? await findResetKey(context, query.Key) : undefined;
    if (!key?.usable) throw new HttpError(498, 'resetPassword.keyExpired');
    const user = await userByGuid(db, key.user_guid);
    if (!user) throw new HttpError(498, 'resetPassword.keyExpired');
    return enrolmentSecret(context, user);
  },

  'Users.ResetPassword': async (context) => {
    const { body, db, sessions, throttle } = context;
    const key = await findResetKey(context, body.Key);
    if (!key?.usable) throw new HttpError(498, 'resetPassword.keyExpired');
    const user = await userByGuid(db, key.user_guid);
    if (!user?.is_active) throw new HttpError(498, 'resetPassword.keyExpired');
    throttle.assertOpen(user);
    if (!(await confirmCode(context, user, body.TwoFA))) throw new HttpError(400, 'login.twoFANotification');
    const hash = await hashPassword(body.Password);
    await db.transaction(async (tx) => {
      await tx.query('update reset_keys set used_at = to_timestamp($2) where key_hash = $1', [
        key.key_hash,
        context.now(),
      ]);
      await tx.query(
        'update users set password_hash = $2, failed_attempts = 0, locked_until = null, modified = to_timestamp($3) where guid = $1',
        [user.guid, hash, context.now()],
      );
    });
    await sessions.revokeUser(user.guid);
    return true;
  },

  'Users.ChangePassword': async (context) => {
    const { principal, body, db, sessions, throttle } = context;
    const user = principal && (await userByGuid(db, principal.guid));
    if (!user) throw unauthorized();
    throttle.assertOpen(user);
    if (!(await verifyPassword(user.password_hash, body.CurrentPassword))) {
      await throttle.failed(user);
      throw new HttpError(400, 'changePassword.wrongCurrent');
    }
    await db.query('update users set password_hash = $2, modified = to_timestamp($3) where guid = $1', [
      user.guid,
      await hashPassword(body.NewPassword),
      context.now(),
    ]);
    await throttle.succeeded(user);
    // Other sessions end with the old password; this one continues with new tokens.
    await sessions.revokeUser(user.guid);
    return sessions.start(user, 2);
  },
};
export default handlers;
