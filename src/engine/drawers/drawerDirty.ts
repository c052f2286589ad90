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

type DiscardListener = () => void;
const discardListeners = new Map<string, Set<DiscardListener>>();

/**
 * Runs `listener` when the user closes the drawer `key` and confirms losing its unsaved changes (not
 * when it goes for another reason, such as a forced logout, whose edits draft recovery keeps).
 * Answers the unsubscribe.
 */
export function onDrawerDiscarded(key: string, listener: DiscardListener): () => void {
  const listeners = discardListeners.get(key) ?? new Set<DiscardListener>();
  listeners.add(listener);
  discardListeners.set(key, listeners);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) discardListeners.delete(key);
  };
}

/** Tells the drawer `key` that the user chose to lose its unsaved changes. */
export function drawerDiscarded(key: string): void {
  for (const listener of discardListeners.get(key) ?? []) listener();
}
