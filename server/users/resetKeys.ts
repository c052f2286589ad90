import { hashSecret, newSecret } from '../auth/sessions';
import { linkBase } from '../config';
import type { Db } from '../db/database';
import type { Services } from '../http/context';
import type { UserRow } from './repository';

/** What a key is for: setting a password (a reset or a new account's welcome), or confirming a new e-mail address. */
export type KeyPurpose = 'password' | 'email';

/**
 * Ends a user's keys of one purpose that are still open: a newer key, a used one or an account change
 * makes the older links worthless (issue 29 point 6).
 */
export async function endOpenKeys(db: Db, userGuid: string, purpose: KeyPurpose, now: number): Promise<void> {
  await db.query(
    'update reset_keys set used_at = to_timestamp($3) where user_guid = $1 and purpose = $2 and used_at is null',
    [userGuid, purpose, now],
  );
}

/** A new single-use key of a purpose, the user's older open ones of that purpose ended. */
async function newKey(
  services: Services,
  db: Db,
  userGuid: string,
  purpose: KeyPurpose,
  email: string | null = null,
): Promise<string> {
  const key = newSecret();
  await endOpenKeys(db, userGuid, purpose, services.now());
  await db.query(
    'insert into reset_keys (key_hash, user_guid, expires_at, purpose, email) values ($1, $2, to_timestamp($3), $4, $5)',
    [hashSecret(key), userGuid, services.now() + services.config.resetKeySeconds, purpose, email],
  );
  return key;
}

/**
 * Issues a single-use reset key for a user and mails the link (spec part 1 §2 /reset-password). The link
 * is built from configuration alone (PUBLIC_URL, else the address the server printed at start), never
 * from the request's Host, which a caller could point at a server of its own (issue 29 point 6).
 */
export async function sendResetLink(
  services: Services,
  user: Pick<UserRow, 'guid' | 'email'>,
  purpose: 'reset' | 'welcome',
  db: Db = services.db,
): Promise<void> {
  const key = await newKey(services, db, user.guid, 'password');
  const link = `${linkBase(services.config)}/reset-password?key=${encodeURIComponent(key)}`;
  const hours = Math.round(services.config.resetKeySeconds / 3600);
  await services.mailer.send({
    to: user.email,
    subject: purpose === 'welcome' ? 'Your console account' : 'Reset your password',
    body:
      purpose === 'welcome'
        ? `An account was created for you. Set your password and enrol your authenticator app here (valid for ${hours} hours):\n${link}`
        : `Reset your password here (valid for ${hours} hours):\n${link}\nIf you did not ask for this, ignore this mail.`,
    link,
  });
}

/**
 * Asks a new e-mail address to confirm itself (issue 29 point 2): the link goes to the new address, and
 * the current address hears of the request, so a change made behind the owner's back does not go unseen.
 */
export async function sendEmailConfirmation(
  services: Services,
  db: Db,
  user: Pick<UserRow, 'guid' | 'email'>,
  newEmail: string,
): Promise<void> {
  const key = await newKey(services, db, user.guid, 'email', newEmail);
  const link = `${linkBase(services.config)}/confirm-email?key=${encodeURIComponent(key)}`;
  const hours = Math.round(services.config.resetKeySeconds / 3600);
  await services.mailer.send({
    to: newEmail,
    subject: 'Confirm your new e-mail address',
    body: `Your console account's e-mail address is to change from ${user.email} to this one. Confirm it here (valid for ${hours} hours):\n${link}\nUntil then you sign in with ${user.email}.`,
    link,
  });
  await services.mailer.send({
    to: user.email,
    subject: 'Your e-mail address is about to change',
    body: `Your console account's e-mail address is to change to ${newEmail} once that address confirms it. If you did not expect this, tell your administrator.`,
  });
}

export interface ResetKeyRow {
  key_hash: string;
  user_guid: string;
  purpose: KeyPurpose;
  email: string | null;
  usable: boolean;
}

/** The key's row if it exists for the purpose, with whether it is still usable (not used, not expired). */
export async function findResetKey(
  services: Services,
  key: string,
  purpose: KeyPurpose = 'password',
): Promise<ResetKeyRow | undefined> {
  const [row] = await services.db.query<ResetKeyRow>(
    `select key_hash, user_guid, purpose, email, (used_at is null and expires_at > to_timestamp($2)) as usable
       from reset_keys where key_hash = $1 and purpose = $3`,
    [hashSecret(key), services.now(), purpose],
  );
  return row;
}
