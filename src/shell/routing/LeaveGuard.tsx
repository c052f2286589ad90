import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { unsavedChangesAtom } from '../../state/unsavedChanges';
import { useBlockingHistory } from './blockingHistory';
import { isLeaveConfirmed } from './leaveConfirmed';
import { useConfirmLeave } from './useConfirmLeave';

/**
 * Mounted while unsaved changes exist: leaving the page asks Leave / Stay, and closing or reloading the
 * tab shows the browser's own warning (spec part 1 §2 'Navigation rules'). Mounted only then, since the
 * history holds moves for one blocker at a time and an editor may want its own.
 */
export function LeaveGuard() {
  const history = useBlockingHistory();
  const confirmLeave = useConfirmLeave();
  const setUnsaved = useSetAtom(unsavedChangesAtom);

  useEffect(
    () =>
      history?.block({
        holds: ({ currentLocation, nextLocation }) =>
          currentLocation.pathname !== nextLocation.pathname && !isLeaveConfirmed(nextLocation.state),
        held: (move) =>
          void confirmLeave().then((leave) => {
            if (!leave) return move.stay();
            // Leaving discards the changes, whether or not the editor lowers its mark on unmount.
            setUnsaved(0);
            move.proceed();
          }),
      }),
    [history, confirmLeave, setUnsaved],
  );

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return null;
}
