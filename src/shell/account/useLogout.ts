import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { unsavedChangesAtom } from '../../state/unsavedChanges';
import { useConfirmLeave } from '../routing/useConfirmLeave';
import { endSession } from '../session/endSession';

/**
 * The log-out button's action: with unsaved changes it first asks Leave / Stay, then ends the session;
 * App resets all state, a message shows and the user goes to /login (spec part 1 §4 'Logout').
 */
export function useLogout(): () => Promise<void> {
  const unsaved = useAtomValue(unsavedChangesAtom) > 0;
  const confirmLeave = useConfirmLeave();
  return useCallback(async () => {
    if (unsaved && !(await confirmLeave())) return;
    endSession('user');
  }, [unsaved, confirmLeave]);
}
