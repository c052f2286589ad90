import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import validateTwoFA from '../../../generated/validators/Authenticate2FARequest';
import validateAuthenticate from '../../../generated/validators/AuthenticateRequest';
import { api, unwrap } from '../../api/client';
import { writeTokens } from '../../api/tokenStore';
import { t } from '../../messages/t';
import { TextField } from '../../ui/TextField';
import { validateWith } from '../../validation/validateWith';
import { useNotify, useNotifyError } from '../notifications/useNotify';
import { usePageTitle } from '../usePageTitle';
import { EnrolAuthenticator } from './EnrolAuthenticator';
import { PublicScreen } from './PublicScreen';

type Step = { kind: 'password' } | { kind: 'code'; levelOneToken: string; enrolled: boolean };

/**
 * /login: step 1 e-mail and password gives a level-1 token; step 2 the 6-digit code gives the session
 * (spec part 1 §4 'Sign-in'). A user without two-factor enrols an authenticator on step 2.
 */
export function LoginScreen() {
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateWith(validateAuthenticate, { Email: email.trim(), Password: password });
    setErrors(Object.fromEntries(Object.entries(found).map(([path, error]) => [path, error.message])));
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const tokens = await unwrap(
        api.POST('/UIServices/Users/Authenticate', { body: { Email: email.trim(), Password: password } }),
      );
      setStep({ kind: 'code', levelOneToken: tokens.Token, enrolled: tokens.TwoFactorEnabled !== false });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    const found = validateWith(validateTwoFA, { TwoFA: code });
    setErrors(Object.fromEntries(Object.entries(found).map(([path, error]) => [path, error.message])));
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const tokens = await unwrap(
        api.POST('/UIServices/Users/Authenticate2FA', {
          body: { TwoFA: code },
          headers: { authorization: `Bearer ${step.levelOneToken}` },
        }),
      );
      writeTokens(tokens.Token, tokens.RefreshToken);
      notify('success', t('login.success'));
      navigate('/', { replace: true });
    } catch (error) {
      setCode('');
      notifyError(error);
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
            label="Authentication code"
            name="twoFA"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            autoFocus
            value={code}
            error={errors['/TwoFA']}
            help={step.enrolled ? 'The 6-digit code from your authenticator app.' : undefined}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? 'Checking…' : 'Verify'}
          </button>
          <button
            type="button"
            className="button button--link"
            onClick={() => {
              setStep({ kind: 'password' });
              setCode('');
              setErrors({});
            }}
          >
            Use another account
          </button>
        </form>
      </PublicScreen>
    );
  }

  return (
    <PublicScreen title={t('login.title')}>
      <form className="form" onSubmit={submitPassword} noValidate>
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          error={errors['/Email']}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors['/Password']}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <Link className="public-screen__link" to="/request-password">
          Forgot your password?
        </Link>
      </form>
    </PublicScreen>
  );
}
