import { useStore } from 'jotai';
import { useCallback } from 'react';
import { t } from '../../messages/t';
import { drawersAtom, openDrawerAtom, removeDrawerAtom } from '../drawers/drawerStack';
import { type MergeRequest, MergeView } from './MergeView';

export const MERGE_DRAWER = 'merge';

/**
 * Opens the merge of a stale save (issue 10 point 3) as a wide drawer on the drawer stack (focus kept
 * inside, Escape closes, labelled by its title) and resolves with the merged item on Save merge, or null
 * when it closes any other way (Cancel, Escape, ×, leaving the page): then nothing changes.
 * @example const merge = useMergeDrawer(); const merged = await merge({ item: 'script', name, base, theirs, mine });
 */
export function useMergeDrawer() {
  const store = useStore();
  return useCallback(
    <T extends object>(request: MergeRequest<T>) =>
      new Promise<T | null>((resolve) => {
        let settled = false;
        const settle = (merged: T | null) => {
          if (settled) return;
          settled = true;
          stop();
          resolve(merged);
          store.set(removeDrawerAtom, MERGE_DRAWER);
        };
        // However the drawer goes, the promise answers; watching the stack (not an unmount) survives
        // StrictMode's double effects.
        const stop = store.sub(drawersAtom, () => {
          if (!store.get(drawersAtom).some((drawer) => drawer.key === MERGE_DRAWER)) settle(null);
        });
        store.set(openDrawerAtom, {
          key: MERGE_DRAWER,
          title: t('merge.title', { item: request.item }),
          size: 'wide',
          content: <MergeView<T> request={request} onSave={settle} onCancel={() => settle(null)} />,
        });
      }),
    [store],
  );
}
