import { type FormEvent, useState } from 'react';
import validateEmail from '../../../generated/validators/Email';
import { api, unwrap } from '../../api/client';
import { t } from '../../messages/t';
import { TextField } from '../../ui/TextField';
import { validateWith } from '../../validation/validateWith';
import { useNotify, useNotifyError } from '../notifications/useNotify';
import { PublicLink } from '../routing/PublicLink';
import { goTo } from '../routing/publicLocation';
import { PublicScreen } from './PublicScreen';

/**
 * /request-password: asks for a reset e-mail. An empty address gives noEmail and an invalid one
 * noValidEmail, and the button stays disabled while the field is empty (spec part 1 §5 'Account');
 * success shows 'Check your email to reset your password' and goes to /login (§4 'Other account flows').
 */
export function RequestPasswordScreen() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const found = validateWith(validateEmail, address)[''];
    setError(found?.message);
    if (found) return;
    setBusy(true);
    try {
      await unwrap(api.POST('/UIServices/Users/RequestNewPassword', { body: { Email: address } }));
      notify('success', t('requestNewPassword.success'));
      goTo('/login', { replace: true });
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicScreen title={t('requestPassword.title')}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="public-screen__intro">{t('requestPassword.intro')}</p>
        <TextField
          label={t('login.emailLabel')}
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
          // The button is disabled while empty, so leaving the field empty is where noEmail shows.
          onBlur={() => setError(validateWith(validateEmail, email.trim())['']?.message)}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy || email.trim() === ''}
        >
          {busy ? t('requestPassword.sending') : t('requestPassword.send')}
        </button>
        <PublicLink className="public-screen__link" to="/login">
          {t('requestPassword.backToLogin')}
        </PublicLink>
      </form>
    </PublicScreen>
  );
}
