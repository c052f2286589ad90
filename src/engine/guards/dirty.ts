import { atom } from 'jotai';

/** Keys of the editors and drawers with unsaved changes; the shell reads it before leaving (spec part 1 §2). */
export const dirtyEditorsAtom = atom<ReadonlySet<string>>(new Set<string>());

export const setDirtyAtom = atom(null, (get, set, change: { key: string; dirty: boolean }) => {
  const current = get(dirtyEditorsAtom);
  if (current.has(change.key) === change.dirty) return;
  const next = new Set(current);
  if (change.dirty) next.add(change.key);
  else next.delete(change.key);
  set(dirtyEditorsAtom, next);
});

export const hasUnsavedChangesAtom = atom((get) => get(dirtyEditorsAtom).size > 0);
