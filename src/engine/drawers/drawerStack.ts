import { atom } from 'jotai';
import type { ReactNode } from 'react';

/** A drawer on the stack (spec part 2 §2 'Drawers': each has a key and closes by key). */
export interface DrawerEntry {
  key: string;
  title: string;
  content: ReactNode;
  /** Wider drawers for tables and previews. */
  size?: 'medium' | 'wide';
}

export const drawersAtom = atom<DrawerEntry[]>([]);

/** Open a drawer; opening a key that is open replaces its content and brings it to the top. */
export const openDrawerAtom = atom(null, (get, set, entry: DrawerEntry) => {
  set(drawersAtom, [...get(drawersAtom).filter((drawer) => drawer.key !== entry.key), entry]);
});

export const removeDrawerAtom = atom(null, (get, set, key: string | 'all') => {
  set(drawersAtom, key === 'all' ? [] : get(drawersAtom).filter((drawer) => drawer.key !== key));
});
