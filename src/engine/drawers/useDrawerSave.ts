import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '../../api/ApiError';
import { t } from '../../messages/t';
import { useConfirm } from '../../shell/dialogs/confirm';
import { useNotify, useNotifyError } from '../../shell/notifications/useNotify';
import { capitalise } from '../detail/useLifecycle';

/**
 * The save of a drawer form (DrawerForm's onSave): says it is done, refreshes what it touched, and treats
 * a stale save (409) as the life cycle does: overwrite with mine, or take theirs (the drawer closes and
 * the list shows their version). Resolves true when the drawer may close.
 * @example const save = useDrawerSave({ item: 'role', name: (role) => role.Name, isNew, save: postRole, invalidate: [['roles']] });
 */
export function useDrawerSave<T extends object>(options: {
  item: string;
  name(value: T): string;
  isNew: boolean;
  save(value: T): Promise<unknown>;
  invalidate: readonly QueryKey[];
  /** The notice after a save, when the item says more than '{item} saved'. */
  notice?: string;
}) {
  const { item, name, isNew, save, invalidate, notice } = options;
  const notify = useNotify();
  const notifyError = useNotifyError();
  const confirm = useConfirm();
  const queryClient = useQueryClient();

  const refresh = useCallback(
    () => Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    [invalidate, queryClient],
  );

  const run = useCallback(
    async (value: T): Promise<boolean> => {
      try {
        await save(value);
        notify(
          'success',
          notice ?? t(isNew ? 'lifecycle.created' : 'lifecycle.saved', { item: capitalise(item) }),
        );
        await refresh();
        return true;
      } catch (error) {
        if (isApiError(error) && error.status === 409 && error.current) {
          const overwrite = await confirm({
            title: t('lifecycle.conflictTitle', { item }),
            body: t('lifecycle.conflictBody', { name: name(value) }),
            confirmText: t('lifecycle.overwrite'),
            cancelText: t('lifecycle.reload'),
          });
          const current = error.current as { Revision?: number };
          if (overwrite) return run({ ...value, Revision: current.Revision });
          await refresh();
          return true;
        }
        notifyError(error);
        return false;
      }
    },
    [save, notify, notice, isNew, item, refresh, confirm, name, notifyError],
  );
  return run;
}
