import { InactivityWarning } from './InactivityWarning';
import { useInactivity } from './useInactivity';
import { useTokenRefresh } from './useTokenRefresh';

/**
 * Keeps a signed-in session going: refreshes the token before it expires and ends the session after
 * inactivity, both on the one clock (spec part 1 §4 'Token refresh', 'Inactivity'). Mounted only while
 * signed in; it renders nothing but the inactivity warning.
 */
export function SessionKeeper() {
  useTokenRefresh();
  const { phase, stay } = useInactivity();
  return phase.kind === 'warning' ? (
    <InactivityWarning secondsLeft={phase.secondsLeft} onContinue={stay} />
  ) : null;
}
