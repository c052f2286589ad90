import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { api, unwrap } from '../../api/client';
import { writeTokens } from '../../api/tokenStore';
import { t } from '../../messages/t';
import { signedInClaimsAtom } from '../../state/session';
import { TextField } from '../../ui/TextField';
import { useLoader } from '../loader/useLoader';
import { useNotify } from '../notifications/useNotify';
import { newPasswordError, type PasswordField } from './newPasswordError';

const empty = { currentPassword: '', newPassword: '', confirm: '' };

/**
 * /profile: change password with current password, new password and confirmation, checked in the order
 * of spec part 1 §5 'Account'. The answer's new tokens replace the session (§4 'Other account flows');
 * the server ends the user's other sessions.
 */
export function ProfileScreen() {
  const claims = useAtomValue(signedInClaimsAtom);
  const notify = useNotify();
  const track = useLoader();
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<{ field: PasswordField; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: PasswordField) => (event: { target: { value: string } }) => {
    setForm({ ...form, [field]: event.target.value });
    if (error?.field === field) setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordError(form);
    setError(found && { field: found.field, text: t(found.key) });
    if (found) return;
    setBusy(true);
    try {
      const tokens = await track(
        unwrap(
          api.POST('/UIServices/Users/ChangePassword', {
            body: { CurrentPassword: form.currentPassword, NewPassword: form.newPassword },
          }),
        ),
      );
      writeTokens(tokens.Token, tokens.RefreshToken);
      setForm(empty);
      notify('success', t('changePassword.success'));
    } catch (failure) {
      // A refused change is the error notification (spec part 1 §8 'Account': changePassword.notification);
      // a wrong current password also marks its field with the server's reason. Another 400 or a 429
      // says its own reason (a password the server refuses, too many attempts). What was typed stays.
      if (
        isApiError(failure) &&
        failure.status === 400 &&
        failure.messageKey === 'changePassword.wrongCurrent'
      ) {
        setError({ field: 'currentPassword', text: failure.message });
        notify('danger', t('changePassword.notification'));
      } else if (isApiError(failure) && (failure.status === 400 || failure.status === 429))
        notify('danger', failure.message);
      else notify('danger', t('changePassword.notification'));
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (field: PasswordField) => (error?.field === field ? error.text : undefined);

  return (
    <div className="page page--narrow">
      <header className="page__header">
        <h1 className="page__title">{t('profile.title')}</h1>
        <p className="page__lead">{t('profile.signedInAs', { email: claims?.sub ?? '' })}</p>
      </header>
      <section className="card" aria-labelledby="change-password-title">
        <h2 id="change-password-title" className="card__title">
          {t('profile.changePassword')}
        </h2>
        <form className="form" onSubmit={submit} noValidate>
          {/* A user name lets password managers file the new password under the right account. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={claims?.sub ?? ''}
            readOnly
            hidden
          />
          <TextField
            label={t('profile.currentPassword')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={form.currentPassword}
            error={errorOf('currentPassword')}
            onChange={change('currentPassword')}
          />
          <TextField
            label={t('profile.newPassword')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            help={t('passwordRequirements')}
            value={form.newPassword}
            error={errorOf('newPassword')}
            onChange={change('newPassword')}
          />
          <TextField
            label={t('profile.confirmPassword')}
            name="confirm"
            type="password"
            autoComplete="new-password"
            value={form.confirm}
            error={errorOf('confirm')}
            onChange={change('confirm')}
          />
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('profile.saving') : t('profile.save')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
