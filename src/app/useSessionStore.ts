import { createStore } from 'jotai';
import { useEffect, useState } from 'react';
import { isSignedIn, readClaims } from '../api/claims';
import { readTokens, subscribeTokens } from '../api/tokenStore';
import { t } from '../messages/t';
import { pushNotificationAtom } from '../shell/notifications/notifications';
import { endSession } from '../shell/session/endSession';
import { logoutNotice } from '../shell/session/logoutNotice';

const signedIn = () => isSignedIn(readClaims(readTokens().token));

/**
 * The jotai store of the console, replaced by a fresh one whenever the session goes from signed in to
 * signed out: "after the login state changes to logged out, all application state resets" (spec part 1
 * §2), whoever ended it — the log-out button, inactivity, a failed refresh, a 401 after the retry, or
 * another tab. Drawers, unsaved-change marks and dialogs live there; the query cache belongs to the
 * signed-in app, which is unmounted then and makes a new one at the next sign-in (SignedInRoot). The new
 * store starts with the logout notice; the signed-out routes then send the user to /login.
 */
export function useSessionStore() {
  const [store, setStore] = useState(createStore);
  useEffect(() => {
    let wasSignedIn = signedIn();
    return subscribeTokens(() => {
      const now = signedIn();
      if (wasSignedIn && !now) {
        const fresh = createStore();
        const notice = logoutNotice[endSession.takeReason()];
        fresh.set(pushNotificationAtom, { severity: notice.severity, text: t(notice.key) });
        setStore(fresh);
      }
      wasSignedIn = now;
    });
  }, []);
  return store;
}
