import { useMemo, useState } from 'react';
import { useShortcuts } from '../guards/shortcuts';
import { useDrawerIsTop } from './DrawerStack';
import { useDrawerDirty } from './useDrawerDirty';
import { useDrawerDraft } from './useDrawerDraft';
import { useDrawers } from './useDrawers';

/**
 * What every editing drawer shares (spec part 2 §2 'Drawers'), for DrawerForm and DrawerEditor: the
 * value being edited, modified against the value it opened with, the unsaved-changes mark (closing asks
 * first), draft recovery, and a save that closes the drawer when `onSave` resolves true; Ctrl/Cmd+S
 * saves the topmost drawer. `canSave` may refuse (and show why) before anything is sent.
 */
export function useDrawerEditing<T>(options: {
  drawerKey: string;
  initial: T;
  readOnly: boolean;
  onSave(value: T): Promise<boolean> | boolean;
  canSave?(value: T): boolean;
}) {
  const { drawerKey, initial, readOnly, onSave, canSave } = options;
  const [value, setValue] = useState<T>(initial);
  const [busy, setBusy] = useState(false);
  const { close } = useDrawers();
  const modified = useMemo(() => JSON.stringify(value) !== JSON.stringify(initial), [value, initial]);

  useDrawerDirty(drawerKey, !readOnly && modified);
  const drafts = useDrawerDraft({
    drawerKey,
    value,
    original: initial,
    modified,
    readOnly,
    restore: setValue,
  });

  const save = async () => {
    if (readOnly || busy || !modified || (canSave && !canSave(value))) return;
    setBusy(true);
    try {
      if (await onSave(value)) {
        // Not awaited: a save may navigate right after the drawer closes (create flow), and the drawer
        // must be closed, and so no longer hold unsaved changes, by then.
        void drafts.clear();
        await close(drawerKey, { force: true });
      }
    } finally {
      setBusy(false);
    }
  };
  useShortcuts(useDrawerIsTop(drawerKey), { save: () => void save() });

  return { value, setValue, modified, busy, save, close: () => void close(drawerKey) };
}
