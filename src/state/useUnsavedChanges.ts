import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { unsavedChangesAtom } from './unsavedChanges';

/**
 * Reports an editor's unsaved changes to the shell while `dirty` is true and the editor is mounted, so
 * leaving the page asks Leave / Stay and the browser warns (spec part 1 §2 'Navigation rules').
 * @example useUnsavedChanges(form.isModified);
 */
export function useUnsavedChanges(dirty: boolean): void {
  const set = useSetAtom(unsavedChangesAtom);
  useEffect(() => {
    if (!dirty) return;
    set((count) => count + 1);
    return () => set((count) => Math.max(0, count - 1));
  }, [dirty, set]);
}
