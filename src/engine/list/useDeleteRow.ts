import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '../../api/ApiError';
import type { MessageKey } from '../../messages/en';
import { t } from '../../messages/t';
import { useConfirm } from '../../shell/dialogs/confirm';
import { useNotify, useNotifyError } from '../../shell/notifications/useNotify';
import { capitalise } from '../detail/useLifecycle';
import { useImpactRefusal } from '../usage/useImpactRefusal';

/** Refusals whose server message says why (bad request, not allowed, changed meanwhile). */
const REASONED = new Set([400, 401, 403, 409]);

/**
 * Deleting a row: asks first, calls, says it is done and refreshes the lists under `invalidate`. A refusal
 * the server explains shows its reason; any other failure reads the area's delete-failure text (spec part 1
 * §8: 'Something went wrong while deleting X. Please try again.').
 * @example const remove = useDeleteRow({ item: 'role', name: (role) => role.Name, remove: (role) => deleteRole(role.Guid), errorKey: 'user.roleDelete.error', invalidate: [['roles']] });
 */
export function useDeleteRow<T>(options: {
  item: string;
  name(row: T): string;
  remove(row: T): Promise<unknown>;
  errorKey?: MessageKey | undefined;
  /** A failure is only logged, not shown (spec part 1 §8: methods; part 2 §8: composed and action documents). */
  logFailure?: boolean | undefined;
  invalidate: readonly QueryKey[];
}) {
  const { item, name, remove, errorKey, logFailure, invalidate } = options;
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const impactRefused = useImpactRefusal();
  return useCallback(
    async (row: T) => {
      const yes = await confirm({
        title: t('lifecycle.deleteTitle', { item }),
        body: t('lifecycle.deleteBody', { name: name(row) }),
        confirmText: 'Delete',
        tone: 'danger',
      });
      if (!yes) return false;
      try {
        await remove(row);
        notify('success', t('lifecycle.deleted', { item: capitalise(item) }));
        return true;
      } catch (error) {
        // Published items use it: the dialog lists them (issue 10 point 1).
        if (impactRefused(error, item)) return false;
        if (logFailure) console.warn(`delete ${item} failed`, error);
        else if (!errorKey || (isApiError(error) && REASONED.has(error.status))) notifyError(error);
        else notify('danger', t(errorKey));
        return false;
      } finally {
        await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      }
    },
    [
      confirm,
      item,
      name,
      remove,
      errorKey,
      logFailure,
      invalidate,
      notify,
      notifyError,
      queryClient,
      impactRefused,
    ],
  );
}
