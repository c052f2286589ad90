import { hashSecret, newSecret } from '../auth/sessions';
import type { Services } from '../http/context';
import type { UserRow } from './repository';

/** Issues a single-use reset key for a user and mails the link (spec part 1 §2 /reset-password). */
export async function sendResetLink(
  services: Services,
  user: Pick<UserRow, 'guid' | 'email'>,
  origin: string,
  purpose: 'reset' | 'welcome',
): Promise<void> {
  const key = newSecret();
  await services.db.query(
    'insert into reset_keys (key_hash, user_guid, expires_at) values ($1, $2, to_timestamp($3))',
    [hashSecret(key), user.guid, services.now() + services.config.resetKeySeconds],
  );
  const link = `${services.config.publicUrl ?? origin}/reset-password?key=${encodeURIComponent(key)}`;
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

export interface ResetKeyRow {
  key_hash: string;
  user_guid: string;
  usable: boolean;
}

/** The key's row if it exists, with whether it is still usable (not used, not expired). */
export async function findResetKey(services: Services, key: string): Promise<ResetKeyRow | undefined> {
  const [row] = await services.db.query<ResetKeyRow>(
    'select key_hash, user_guid, (used_at is null and expires_at > to_timestamp($2)) as usable from reset_keys where key_hash = $1',
    [hashSecret(key), services.now()],
  );
  return row;
}
