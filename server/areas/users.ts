import { t } from '../../src/messages/t';
import { accountEntries, recordEntries } from '../audit/accountAudit';
import { decrypt, encrypt } from '../auth/keys';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords';
import { checkTotp, newTotpSecret, totpUri } from '../auth/totp';
import type { Handlers, Services } from '../http/context';
import { badRequest, HttpError, unauthorized } from '../http/errors';
import { type UserRow, userByEmail, userByGuid } from '../users/repository';
import { endOpenKeys, findResetKey, sendResetLink } from '../users/resetKeys';

/**
 * Checks a two-factor code for a user, as one counted try of the throttle: against the enrolled
 * secret, or, for a user still enrolling, against the pending secret from CreateSharedKey, which it then
 * makes the enrolled one. A passed code completes what it confirms, so it clears the count.
 */
function confirmCode(services: Services, user: UserRow, code: string): Promise<boolean> {
  return services.throttle.attempt(user, 'clear', async () => {
    const sealed = user.two_factor ? user.two_factor_key : user.pending_two_factor_key;
    if (!sealed) return false;
    const step = await checkTotp(decrypt(services.keys, sealed), code, user.last_totp_step, services.now());
    // The step is taken only if no call took it or a later one since this one read the user, so a code
    // used at the same moment on two processes works once (issue 18 point 2).
    return (
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
      ).length === 1
    );
  });
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
    const hash = user?.is_active ? user.password_hash : null;
    if (!user || !hash) {
      await burnPasswordCheck(body.Password);
      throw new HttpError(400, 'login.notification');
    }
    // The right password only gives its try back: the count clears once the second factor passes too.
    if (!(await throttle.attempt(user, 'uncount', () => verifyPassword(hash, body.Password))))
      throw new HttpError(400, 'login.notification');
    return { ...(await sessions.start(user, 1)), TwoFactorEnabled: user.two_factor };
  },

  'Users.Authenticate2FA': async (context) => {
    const { principal, body, db, sessions } = context;
    const user = principal && (await userByGuid(db, principal.guid));
    if (!user?.is_active) throw unauthorized();
    if (!(await confirmCode(context, user, body.TwoFA))) throw new HttpError(400, 'login.twoFANotification');
    await db.query('update users set logins = logins + 1, last_login = to_timestamp($2) where guid = $1', [
      user.guid,
      context.now(),
    ]);
    if (principal?.sessionId) await sessions.revoke(principal.sessionId);
    return sessions.start(user, 2);
  },

  'Users.RefreshToken': async ({ body, sessions }) => sessions.refresh(body.RefreshToken),

  'Users.Logout': async ({ body, sessions }) => {
    await sessions.revokeByRefreshToken(body.RefreshToken);
    return true;
  },

  // The same answer for a known and an unknown address (issue 29 point 6): the screen says to check the
  // mailbox either way, so the call cannot be used to find out who has an account.
  'Users.RequestNewPassword': async (context) => {
    const user = await userByEmail(context.db, context.body.Email);
    if (user?.is_active) await sendResetLink(context, user, 'reset');
    return true;
  },

  'Users.ConfirmEmail': async (context) => {
    const { body, db, sessions, now } = context;
    const key = await findResetKey(context, body.Key, 'email');
    if (!key?.usable || !key.email) throw new HttpError(498, 'confirmEmail.keyExpired');
    const email = key.email;
    const user = await db.transaction(async (tx) => {
      const [row] = await tx.query<{
        email: string;
        pending_email: string | null;
        is_active: boolean;
        roles: number[];
      }>(
        `select email, pending_email, is_active,
           coalesce((select array_agg(role_guid) from user_roles where user_guid = users.guid), '{}') as roles
         from users where guid = $1 and not is_deleted for update`,
        [key.user_guid],
      );
      // Only the change still waiting: a later edit of the address by an administrator replaced it.
      if (!row || row.pending_email?.toLowerCase() !== email.toLowerCase())
        throw new HttpError(498, 'confirmEmail.keyExpired');
      const [clash] = await tx.query(
        'select 1 from users where lower(email) = lower($1) and guid <> $2 and not is_deleted',
        [email, key.user_guid],
      );
      if (clash)
        throw badRequest([{ path: '/Email', messageKey: 'user.emailError', message: t('user.emailError') }]);
      await tx.query(
        `update users set email = $2, pending_email = null, modified = to_timestamp($3), revision = revision + 1
          where guid = $1`,
        [key.user_guid, email, now()],
      );
      await endOpenKeys(tx, key.user_guid, 'email', now());
      const state = { active: row.is_active, roles: row.roles };
      await recordEntries(
        tx,
        accountEntries(
          { kind: 'user', guid: key.user_guid, name: email },
          { ...state, fields: { Email: row.email } },
          { ...state, fields: { Email: email } },
        ),
      );
      return row;
    });
    // The user's tokens name the old address; the next sign-in is with the new one.
    await sessions.revokeUser(key.user_guid);
    context.log.info(`user ${user.email} confirmed the new e-mail address ${email}`);
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
    const { body, db, sessions } = context;
    const key = await findResetKey(context, body.Key);
    if (!key?.usable) throw new HttpError(498, 'resetPassword.keyExpired');
    const user = await userByGuid(db, key.user_guid);
    if (!user?.is_active) throw new HttpError(498, 'resetPassword.keyExpired');
    if (!(await confirmCode(context, user, body.TwoFA))) throw new HttpError(400, 'login.twoFANotification');
    const hash = await hashPassword(body.Password);
    await db.transaction(async (tx) => {
      // This key and every other open one of the user: a used key ends the older links (issue 29 point 6).
      await endOpenKeys(tx, user.guid, 'password', context.now());
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
    const hash = user.password_hash;
    if (!hash || !(await throttle.attempt(user, 'clear', () => verifyPassword(hash, body.CurrentPassword))))
      throw new HttpError(400, 'changePassword.wrongCurrent');
    await db.query('update users set password_hash = $2, modified = to_timestamp($3) where guid = $1', [
      user.guid,
      await hashPassword(body.NewPassword),
      context.now(),
    ]);
    // Other sessions end with the old password; this one continues with new tokens.
    await sessions.revokeUser(user.guid);
    return sessions.start(user, 2);
  },
};
export default handlers;
