import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { unsavedChangesAtom } from '../../state/unsavedChanges';
import { isLeaveConfirmed } from './leaveConfirmed';
import { useConfirmLeave } from './useConfirmLeave';

/**
 * Mounted while unsaved changes exist: leaving the page asks Leave / Stay, and closing or reloading the
 * tab shows the browser's own warning (spec part 1 §2 'Navigation rules'). Mounted only then, since a
 * router supports one blocker at a time and an editor may want its own.
 */
export function LeaveGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && !isLeaveConfirmed(nextLocation.state),
  );
  const confirmLeave = useConfirmLeave();
  const setUnsaved = useSetAtom(unsavedChangesAtom);
  // The blocker object is new on every render; the effect reacts to its state only.
  const latest = useRef(blocker);
  latest.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmLeave().then((leave) => {
      const current = latest.current;
      if (current.state !== 'blocked') return;
      if (!leave) {
        current.reset();
        return;
      }
      // Leaving discards the changes, whether or not the editor lowers its mark on unmount.
      setUnsaved(0);
      current.proceed();
    });
  }, [blocker.state, confirmLeave, setUnsaved]);

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
