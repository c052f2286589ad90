import { isSignedIn, readClaims } from '../../api/claims';
import { api } from '../../api/client';
import { refreshTokens } from '../../api/refresh';
import { clearTokens, readTokens } from '../../api/tokenStore';

/**
 * Why a session ended: the log-out button, inactivity, a confirmed e-mail change (the server ended the
 * account's sessions), or anything else (failed refresh, 401, another tab).
 */
export type LogoutReason = 'user' | 'inactivity' | 'emailConfirmed' | 'expired';

let pending: LogoutReason | null = null;

/**
 * Tells the server the session is over (Users/Logout, issue 29 point 5), so its tokens are refused from
 * the next call even where a copy of them survives. Fired and forgotten: the tokens are cleared at once
 * whatever the answer, and a failed call changes nothing the user can act on.
 */
function revokeOnServer(refreshToken: string | null): void {
  if (!refreshToken) return;
  api.POST('/UIServices/Users/Logout', { body: { RefreshToken: refreshToken } }).catch(() => undefined);
}

/**
 * Ends the session: tells the server, clears the tokens, which every tab notices; App then resets all
 * state and the user lands on /login with the notice for `reason` (spec part 1 §4 'Logout', 'Inactivity').
 */
export function endSession(reason: LogoutReason): void {
  pending = reason;
  // Read before clearing: the call needs the refresh token the session is known by.
  revokeOnServer(readTokens().refreshToken);
  clearTokens();
}

/** The reason of the session that just ended, once; tokens cleared elsewhere count as 'expired'. */
endSession.takeReason = (): LogoutReason => {
  const reason = pending ?? 'expired';
  pending = null;
  return reason;
};

/**
 * Ends the session with `reason` if the server has ended it already (a confirmed e-mail change ends the
 * account's sessions): a refresh the server refuses clears the tokens, and the logout shows `reason`'s
 * notice; a refresh it accepts keeps the session (someone else is signed in here). Answers whether a
 * session ended; false when none was signed in.
 */
endSession.ifEndedByServer = async (reason: LogoutReason): Promise<boolean> => {
  if (!isSignedIn(readClaims(readTokens().token)) || !readTokens().refreshToken) return false;
  pending = reason;
  const kept = await refreshTokens();
  // Not answered (the network): end it here, as a failed refresh would.
  if (!kept && readTokens().refreshToken) endSession(reason);
  // The logout took the reason when it happened; it must not be left for a later one.
  pending = null;
  return !kept;
};
