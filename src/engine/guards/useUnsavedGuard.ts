import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { t } from '../../messages/t';
import { useConfirm } from '../../shell/dialogs/confirm';
import { setDirtyAtom } from './dirty';

/**
 * While `dirty`, leaving the page asks Leave/Stay and the browser warns on unload (spec part 1 §2
 * 'Navigation rules'). Changing only the query string (list state) does not count as leaving.
 */
export function useUnsavedGuard(key: string, dirty: boolean) {
  const setDirty = useSetAtom(setDirtyAtom);
  const confirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    setDirty({ key, dirty });
    return () => setDirty({ key, dirty: false });
  }, [key, dirty, setDirty]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    confirm({
      title: t('unsaved.leaveTitle'),
      body: t('unsaved.leaveBody'),
      confirmText: t('unsaved.leave'),
      cancelText: t('unsaved.stay'),
      tone: 'danger',
    }).then((leave) => {
      if (!live) return;
      if (leave) blocker.proceed?.();
      else blocker.reset?.();
    });
    return () => {
      live = false;
    };
  }, [blocker, confirm]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
