import { useCallback, useMemo, useRef } from 'react';
import { type ApiError, isApiError } from '../../api/ApiError';
import { useNotifyError } from '../../shell/notifications/useNotify';
import { useMergeDrawer } from './useMergeDrawer';

/** A save refused because someone else saved since this editor loaded the item. */
export const isStaleSave = (error: unknown): error is ApiError => isApiError(error) && error.status === 409;

const revisionOf = (item: object | null) => (item as { Revision?: unknown } | null)?.Revision;

/**
 * The life cycle's answer to a stale save (issue 10 point 3): keeps the version the draft started from
 * (the base: the loaded item, then each saved one), and on a 409 opens the merge of base, theirs (the
 * 409's Current, else `load()`) and mine. `resolve` answers the merged item, whose Revision is theirs,
 * so a third save in between is again a 409 and again a merge; null when the admin cancels.
 * @example const conflicts = useConflictMerge({ original, item: 'script', name, load }); … if (isStaleSave(error)) merged = await conflicts.resolve(item, error);
 */
export function useConflictMerge<T extends object>(options: {
  original: T | null;
  item: string;
  name(item: T): string;
  load(): Promise<T>;
}) {
  const { item, name, load } = options;
  const ask = useMergeDrawer();
  const notifyError = useNotifyError();
  const base = useRef<T | null>(options.original);

  const resolve = useCallback(
    async (mine: T, error: ApiError): Promise<T | null> => {
      let theirs: T;
      try {
        theirs = (error.current as T | undefined) ?? (await load());
      } catch (failure) {
        notifyError(failure);
        return null;
      }
      const merged = await ask({ item, name: name(mine), base: base.current, theirs, mine });
      // The editor now holds the merge, made on top of theirs.
      if (merged) base.current = theirs;
      return merged;
    },
    [ask, item, name, load, notifyError],
  );

  /** After a save: the saved item is the new base. */
  const rebase = useCallback((saved: T) => {
    base.current = saved;
  }, []);

  /** A draft restored from the browser started from an unknown version unless its revision is the base's. */
  const restored = useCallback((draft: T) => {
    if (revisionOf(draft) !== revisionOf(base.current)) base.current = null;
  }, []);

  return useMemo(() => ({ resolve, rebase, restored }), [resolve, rebase, restored]);
}
