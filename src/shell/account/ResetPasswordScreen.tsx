import { type FormEvent, useEffect, useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { api, unwrap } from '../../api/client';
import { t } from '../../messages/t';
import { PASSWORD_CHECK_DELAY_MS } from '../../ui/debounce';
import { TextField } from '../../ui/TextField';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useNotify } from '../notifications/useNotify';
import { goTo, usePublicSearchParam } from '../routing/publicLocation';
import { EnrolAuthenticator } from './EnrolAuthenticator';
import { newPasswordError, type PasswordField } from './newPasswordError';
import { PublicScreen } from './PublicScreen';
import { passwordMeetsRule } from './passwordMeetsRule';
import { twoFACodeError } from './twoFACodeError';
import { useSecretKeyCheck } from './useSecretKeyCheck';

/**
 * /reset-password?key=…: the key is checked on entry (CheckSecretKey); no key, or one not accepted, goes
 * to /request-password. Asks new password, confirmation and two-factor code; a user without two-factor
 * first enrols an authenticator from the QR code (spec part 1 §2). The rule is checked 500 ms after
 * typing stops (§5). Success goes to /login; 498 to /request-password with the server's message; 400
 * shows the server's message; anything else the generic reset error (§4 'Other account flows').
 */
export function ResetPasswordScreen() {
  const notify = useNotify();
  const key = usePublicSearchParam('key') ?? '';
  const check = useSecretKeyCheck(key);
  const answer = check.state === 'answered' ? check.data : undefined;
  const accepted = answer?.Valid === true;
  const refused = key === '' || check.state === 'failed' || answer?.Valid === false;

  useEffect(() => {
    if (!refused) return;
    if (key !== '') notify('warning', t('resetPassword.keyExpired'));
    goTo('/request-password', { replace: true });
  }, [refused, key, notify]);

  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<PasswordField | 'code', string>>>({});
  const [busy, setBusy] = useState(false);
  const settled = useDebouncedValue(newPassword, PASSWORD_CHECK_DELAY_MS);
  // Shown only once typing has stopped, and never for an empty field (that is noNewPassword on submit).
  const ruleError =
    settled === newPassword && newPassword !== '' && !passwordMeetsRule(newPassword)
      ? t('passwordNoMatchRequirements')
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const passwordError = newPasswordError({ newPassword, confirm });
    const codeError = twoFACodeError(code);
    setErrors({
      ...(passwordError ? { [passwordError.field]: t(passwordError.key) } : {}),
      ...(codeError ? { code: codeError } : {}),
    });
    if (passwordError || codeError) return;
    setBusy(true);
    try {
      await unwrap(
        api.POST('/UIServices/Users/ResetPassword', {
          body: { Password: newPassword, Key: key, TwoFA: code },
        }),
      );
      notify('success', t('resetPassword.success'));
      goTo('/login', { replace: true });
    } catch (error) {
      setCode('');
      if (isApiError(error) && error.status === 498) {
        notify('danger', error.message);
        goTo('/request-password', { replace: true });
      } else if (isApiError(error) && error.status === 400) {
        notify('danger', error.message);
      } else {
        notify('danger', t('resetPassword.notification'));
      }
    } finally {
      setBusy(false);
    }
  };

  if (!accepted) {
    return (
      <PublicScreen title={t('resetPassword.title')}>
        <div className="public-screen__pending">
          <span className="spinner" role="status" aria-label={t('resetPassword.checking')} />
        </div>
      </PublicScreen>
    );
  }

  return (
    <PublicScreen title={t('resetPassword.title')}>
      {answer?.TwoFactorEnabled === false && <EnrolAuthenticator resetKey={key} />}
      <form className="form" onSubmit={submit} noValidate>
        {answer?.Email && (
          <p className="public-screen__intro">{t('resetPassword.forAccount', { email: answer.Email })}</p>
        )}
        {/* A hidden user name lets password managers file the new password under the right account. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={answer?.Email ?? ''}
          readOnly
          hidden
        />
        <TextField
          label={t('resetPassword.newPasswordLabel')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          autoFocus
          value={newPassword}
          help={t('passwordRequirements')}
          error={errors.newPassword ?? ruleError}
          onChange={(event) => {
            setNewPassword(event.target.value);
            setErrors(({ newPassword: _, ...rest }) => rest);
          }}
        />
        <TextField
          label={t('resetPassword.confirmLabel')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(event) => {
            setConfirm(event.target.value);
            setErrors(({ confirm: _, ...rest }) => rest);
          }}
        />
        <TextField
          label={t('login.codeLabel')}
          name="twoFA"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          error={errors.code}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
            setErrors(({ code: _, ...rest }) => rest);
          }}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('resetPassword.saving') : t('resetPassword.save')}
        </button>
      </form>
    </PublicScreen>
  );
}
