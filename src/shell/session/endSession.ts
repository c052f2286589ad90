import { clearTokens } from '../../api/tokenStore';

/** Why a session ended: the log-out button, inactivity, or anything else (failed refresh, 401, another tab). */
export type LogoutReason = 'user' | 'inactivity' | 'expired';

let pending: LogoutReason | null = null;

/**
 * Ends the session: clears the tokens, which every tab notices; App then resets all state and the user
 * lands on /login with the notice for `reason` (spec part 1 §4 'Logout', 'Inactivity').
 */
export function endSession(reason: LogoutReason): void {
  pending = reason;
  clearTokens();
}

/** The reason of the session that just ended, once; tokens cleared elsewhere count as 'expired'. */
endSession.takeReason = (): LogoutReason => {
  const reason = pending ?? 'expired';
  pending = null;
  return reason;
};
