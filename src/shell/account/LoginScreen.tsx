import { useSetAtom } from 'jotai';
import { type FormEvent, useRef, useState } from 'react';
import validateAuthenticate from '../../../generated/validators/AuthenticateRequest';
import { api, unwrap } from '../../api/client';
import { writeTokens } from '../../api/tokenStore';
import { t } from '../../messages/t';
import { TextField } from '../../ui/TextField';
import { validateWith } from '../../validation/validateWith';
import { dismissNotificationAtom } from '../notifications/notifications';
import { useNotify, useNotifyError } from '../notifications/useNotify';
import { PublicLink } from '../routing/PublicLink';
import { goTo } from '../routing/publicLocation';
import { usePageTitle } from '../title/usePageTitle';
import { EnrolAuthenticator } from './EnrolAuthenticator';
import { PublicScreen } from './PublicScreen';
import { twoFACodeError } from './twoFACodeError';

type Step = { kind: 'password' } | { kind: 'code'; levelOneToken: string; enrolled: boolean };

const messagesByPath = (found: ReturnType<typeof validateWith>) =>
  Object.fromEntries(Object.entries(found).map(([path, error]) => [path, error.message]));

/**
 * /login: step 1 e-mail and password gives a level-1 token; step 2 the 6-digit code gives the session
 * (spec part 1 §4 'Sign-in'). A user without two-factor enrols an authenticator on step 2. Each missing
 * or invalid field has its own prompt (§5 'Account'); refusals show the server's catalogue text (§8).
 */
export function LoginScreen() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dismiss = useSetAtom(dismissNotificationAtom);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // This screen's refusals; once signed in they are answered, so they go rather than linger on home.
  const refusals = useRef<number[]>([]);
  usePageTitle(step.kind === 'code' ? t('login.twoFATitle') : t('login.title'));

  const refuse = (error: unknown) => {
    refusals.current.push(notifyError(error));
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    const body = { Email: email.trim(), Password: password };
    const found = validateWith(validateAuthenticate, body);
    setErrors(messagesByPath(found));
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const tokens = await unwrap(api.POST('/UIServices/Users/Authenticate', { body }));
      setStep({ kind: 'code', levelOneToken: tokens.Token, enrolled: tokens.TwoFactorEnabled !== false });
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    const codeError = twoFACodeError(code);
    setErrors(codeError ? { '/TwoFA': codeError } : {});
    if (codeError) return;
    setBusy(true);
    try {
      const tokens = await unwrap(
        api.POST('/UIServices/Users/Authenticate2FA', {
          body: { TwoFA: code },
          headers: { authorization: `Bearer ${step.levelOneToken}` },
        }),
      );
      for (const id of refusals.current) dismiss(id);
      writeTokens(tokens.Token, tokens.RefreshToken);
      notify('success', t('login.success'));
      goTo('/', { replace: true });
    } catch (error) {
      setCode('');
      refuse(error);
    } finally {
      setBusy(false);
    }
  };

  if (step.kind === 'code') {
    return (
      <PublicScreen title={t('login.twoFATitle')}>
        {!step.enrolled && <EnrolAuthenticator authorization={`Bearer ${step.levelOneToken}`} />}
        <form className="form" onSubmit={submitCode} noValidate>
          <TextField
            label={t('login.codeLabel')}
            name="twoFA"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            autoFocus
            value={code}
            error={errors['/TwoFA']}
            help={step.enrolled ? t('login.codeHelp') : undefined}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t('login.verifying') : t('login.verify')}
          </button>
          <button
            type="button"
            className="button button--link public-screen__link"
            onClick={() => {
              setStep({ kind: 'password' });
              setCode('');
              setErrors({});
            }}
          >
            {t('login.otherAccount')}
          </button>
        </form>
      </PublicScreen>
    );
  }

  return (
    <PublicScreen title={t('login.title')}>
      <form className="form" onSubmit={submitPassword} noValidate>
        <TextField
          label={t('login.emailLabel')}
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          error={errors['/Email']}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label={t('login.passwordLabel')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors['/Password']}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('login.signingIn') : t('login.signIn')}
        </button>
        <PublicLink className="public-screen__link" to="/request-password">
          {t('login.forgotPassword')}
        </PublicLink>
      </form>
    </PublicScreen>
  );
}
