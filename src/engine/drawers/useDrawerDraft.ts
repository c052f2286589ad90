import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useDraftRecovery } from '../detail/useDraftRecovery';
import { onDrawerDiscarded } from './drawerDirty';
import { drawersAtom } from './drawerStack';

/** A short, stable fingerprint of a value (FNV-1a over its JSON). */
function fingerprint(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * Draft recovery for a drawer (issue 10 point 6): its unsaved edits are kept in IndexedDB as the user
 * types and offered back when the same drawer opens on the same value again (after a reload, a crash or
 * a forced logout). Drawer keys name a kind of drawer ('user', 'document-field'), so the key adds the
 * page and a fingerprint of the value the drawer opened with: another user's drawer, or the same one
 * after someone saved it, is not offered edits made on something else. Closing the drawer and
 * confirming the loss forgets them; so does a save (`clear`).
 */
export function useDrawerDraft<T>(options: {
  drawerKey: string;
  value: T;
  original: T;
  modified: boolean;
  readOnly: boolean;
  restore(value: T): void;
}) {
  const { pathname } = useLocation();
  const { drawerKey, value, original, modified, readOnly, restore } = options;
  const title = useAtomValue(drawersAtom).find((drawer) => drawer.key === drawerKey)?.title;
  // Drawer values may be plain values as well as objects; they are kept wrapped.
  const draft = useMemo(() => ({ value }), [value]);
  const opened = useMemo(() => ({ value: original }), [original]);
  const drafts = useDraftRecovery<object>({
    key: readOnly ? null : `${pathname}\ndrawer:${drawerKey}\n${fingerprint(original)}`,
    draft,
    original: opened,
    modified,
    restore: (kept) => restore((kept as { value: T }).value),
    item: title ? `“${title}”` : 'drawer',
  });
  const { clear } = drafts;
  useEffect(() => onDrawerDiscarded(drawerKey, () => void clear()), [drawerKey, clear]);
  return drafts;
}
