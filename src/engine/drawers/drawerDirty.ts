import { atom } from 'jotai';

/** Keys of the open drawers whose form holds unsaved changes; closing one of them asks first. */
export const dirtyDrawersAtom = atom<ReadonlySet<string>>(new Set<string>());

export const setDrawerDirtyAtom = atom(null, (get, set, change: { key: string; dirty: boolean }) => {
  const current = get(dirtyDrawersAtom);
  if (current.has(change.key) === change.dirty) return;
  const next = new Set(current);
  if (change.dirty) next.add(change.key);
  else next.delete(change.key);
  set(dirtyDrawersAtom, next);
});
