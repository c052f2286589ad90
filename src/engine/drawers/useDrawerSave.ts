import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { t } from '../../messages/t';
import { useNotify, useNotifyError } from '../../shell/notifications/useNotify';
import { capitalise } from '../detail/useLifecycle';
import { isStaleSave } from '../merge/useConflictMerge';
import { useMergeDrawer } from '../merge/useMergeDrawer';

/**
 * The save of a drawer form (DrawerForm's onSave): says it is done, refreshes what it touched, and treats
 * a stale save (409) as the life cycle does: the field-level merge of `base` (the value the drawer
 * opened with), theirs and mine (issue 10 point 3), saved against their revision. Resolves true when the
 * drawer may close; a cancelled merge keeps the drawer and its content.
 * @example const save = useDrawerSave({ item: 'role', name: (role) => role.Name, base: role, isNew, save: postRole, invalidate: [['roles']] });
 */
export function useDrawerSave<T extends object, S = unknown>(options: {
  item: string;
  name(value: T): string;
  /** The value the drawer opened with: the base of a merge. */
  base: T;
  isNew: boolean;
  save(value: T): Promise<S>;
  invalidate: readonly QueryKey[];
  /**
   * The notice after a save, when the item says more than '{item} saved'; a function reads it from the
   * save's answer (undefined: the usual notice).
   */
  notice?: string | ((saved: S) => string | undefined);
}) {
  const { item, name, base, isNew, save, invalidate, notice } = options;
  const notify = useNotify();
  const notifyError = useNotifyError();
  const merge = useMergeDrawer();
  const queryClient = useQueryClient();

  const refresh = useCallback(
    () => Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    [invalidate, queryClient],
  );

  const run = useCallback(
    async (value: T, from: T = base): Promise<boolean> => {
      try {
        const saved = await save(value);
        notify(
          'success',
          (typeof notice === 'function' ? notice(saved) : notice) ??
            t(isNew ? 'lifecycle.created' : 'lifecycle.saved', { item: capitalise(item) }),
        );
        await refresh();
        return true;
      } catch (error) {
        if (isStaleSave(error) && error.current) {
          const theirs = error.current as T;
          const merged = await merge({
            item,
            name: name(value),
            base: isNew ? null : from,
            theirs,
            mine: value,
          });
          // A third save in between is again a 409, merged on top of theirs.
          return merged ? run(merged, theirs) : false;
        }
        notifyError(error);
        return false;
      }
    },
    [save, notify, notice, isNew, item, refresh, merge, name, base, notifyError],
  );
  return run;
}
