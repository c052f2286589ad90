import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { refreshTokens } from '../../api/refresh';
import { clockAtom } from '../../state/clock';
import { signedInClaimsAtom } from '../../state/session';
import { endSession } from './endSession';
import { refreshDue } from './refreshDue';

/**
 * Refreshes the token on the clock's tick from 2 seconds before it expires, or at once when it already
 * expired; a failed refresh ends the session (spec part 1 §4 'Token refresh'). The refresh itself is the
 * one the 401 retry uses, so both share one request (and one request across tabs).
 */
export function useTokenRefresh(): void {
  const now = useAtomValue(clockAtom);
  const exp = useAtomValue(signedInClaimsAtom)?.exp;
  const due = exp !== undefined && refreshDue(exp, now);
  useEffect(() => {
    if (!due) return;
    // New tokens carry a new exp, which ends `due`; a failure clears the session.
    void refreshTokens().then((ok) => {
      if (!ok) endSession('expired');
    });
  }, [due]);
}
