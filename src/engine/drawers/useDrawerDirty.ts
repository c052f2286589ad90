import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useUnsavedChanges } from '../../state/useUnsavedChanges';
import { setDrawerDirtyAtom } from './drawerDirty';

/**
 * Marks an open drawer as holding unsaved changes while `dirty`: closing it then asks first, and leaving
 * the page asks Leave / Stay like any editor. Cleared when the drawer goes.
 */
export function useDrawerDirty(drawerKey: string, dirty: boolean): void {
  const setDirty = useSetAtom(setDrawerDirtyAtom);
  useEffect(() => {
    setDirty({ key: drawerKey, dirty });
    return () => setDirty({ key: drawerKey, dirty: false });
  }, [drawerKey, dirty, setDirty]);
  useUnsavedChanges(dirty);
}
