import { atom } from 'jotai';

/**
 * How many editors and drawers hold unsaved changes right now (spec part 1 §2 'Navigation rules'). The
 * Leave / Stay route guard, the browser-leave warning and the side menu's external items read it; editors
 * raise it while dirty, best through `useUnsavedChanges(dirty)`, which lowers it again on unmount. A
 * counter rather than a flag, so two dirty editors do not clear each other.
 */
export const unsavedChangesAtom = atom(0);
