import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { api, unwrap } from '../../api/client';
import { t } from '../../messages/t';
import { useNotify } from '../notifications/useNotify';
import { PublicLink } from '../routing/PublicLink';
import { goTo, usePublicSearchParam } from '../routing/publicLocation';
import { endSession } from '../session/endSession';
import { PublicScreen } from './PublicScreen';

/**
 * One call per key at a time: a key works once, so the effect run twice (React's strict mode) must not
 * send it a second time and report its own first use as a used key. Opening the link again later asks
 * the server again.
 */
const confirmations = new Map<string, Promise<unknown>>();
function confirmOnce(key: string): Promise<unknown> {
  let confirmation = confirmations.get(key);
  if (!confirmation) {
    confirmation = unwrap(api.POST('/UIServices/Users/ConfirmEmail', { body: { Key: key } })).finally(() =>
      confirmations.delete(key),
    );
    confirmations.set(key, confirmation);
  }
  return confirmation;
}

/**
 * /confirm-email?key=…: the link mailed to a new address when an administrator changes an enrolled
 * user's e-mail (issue 29 point 2). The key is sent on entry (ConfirmEmail); meanwhile 'Confirming…'
 * shows. Success says so and goes to /login: the server ended the account's sessions, so one signed in
 * here ends too (the notice comes with the logout). A refused key (498) or an address taken meanwhile
 * (400) shows the server's message, as a notice and on the screen, with the way back to sign in. No key
 * goes to /login. It opens signed in as well as signed out (Shell).
 */
export function ConfirmEmailScreen() {
  // The latest: a logout in the middle replaces the session's store, and with it this function.
  const notifyNow = useNotify();
  const notify = useRef(notifyNow);
  notify.current = notifyNow;
  const key = usePublicSearchParam('key') ?? '';
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (key === '') {
      goTo('/login', { replace: true });
      return;
    }
    let current = true;
    confirmOnce(key).then(
      async () => {
        if (!current) return;
        // The logout shows the success itself: this screen's notices go with the session's state.
        if (!(await endSession.ifEndedByServer('emailConfirmed')))
          notify.current('success', t('confirmEmail.success'));
        goTo('/login', { replace: true });
      },
      (error: unknown) => {
        if (!current) return;
        const text = isApiError(error) ? error.message : t('generic.error');
        notify.current('danger', text);
        setFailure(text);
      },
    );
    return () => {
      current = false;
    };
  }, [key]);

  return (
    <PublicScreen title={t('confirmEmail.title')}>
      {failure === undefined ? (
        <div className="public-screen__pending">
          <span className="spinner" aria-hidden="true" />
          <p className="public-screen__intro" role="status">
            {t('confirmEmail.checking')}
          </p>
        </div>
      ) : (
        <div className="form">
          <p className="public-screen__failure" role="alert">
            {failure}
          </p>
          <PublicLink className="public-screen__link" to="/login">
            {t('requestPassword.backToLogin')}
          </PublicLink>
        </div>
      )}
    </PublicScreen>
  );
}
