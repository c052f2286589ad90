import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { t } from '../../messages/t';
import { useConfirm } from '../../shell/dialogs/confirm';
import { dirtyDrawersAtom, drawerDiscarded, setDrawerDirtyAtom } from './drawerDirty';
import { type DrawerEntry, openDrawerAtom, removeDrawerAtom } from './drawerStack';

/**
 * Opens and closes drawers. Closing one with unsaved changes asks first (spec part 2 §2 'Drawers').
 * @example const drawers = useDrawers(); drawers.open({ key: 'api-user', title: 'API user', content: <ApiUserDrawer /> });
 */
export function useDrawers() {
  const open = useSetAtom(openDrawerAtom);
  const remove = useSetAtom(removeDrawerAtom);
  const setDirty = useSetAtom(setDrawerDirtyAtom);
  const dirty = useAtomValue(dirtyDrawersAtom);
  const confirm = useConfirm();

  const close = useCallback(
    async (key: string, options: { force?: boolean } = {}) => {
      if (!options.force && dirty.has(key)) {
        const leave = await confirm({
          title: t('unsaved.closeTitle'),
          body: t('unsaved.closeBody'),
          confirmText: t('unsaved.close'),
          cancelText: t('unsaved.stay'),
          tone: 'danger',
        });
        if (!leave) return false;
        drawerDiscarded(key);
      }
      setDirty({ key, dirty: false });
      remove(key);
      return true;
    },
    [dirty, confirm, remove, setDirty],
  );

  return {
    open: useCallback((entry: DrawerEntry) => open(entry), [open]),
    close,
    closeAll: useCallback(() => remove('all'), [remove]),
  };
}
