import { useCallback } from 'react';
import { t } from '../../messages/t';
import { useConfirm } from '../dialogs/confirm';

/** Asks Leave / Stay about unsaved changes; resolves true for Leave (spec part 1 §2 'Navigation rules'). */
export function useConfirmLeave(): () => Promise<boolean> {
  const confirm = useConfirm();
  return useCallback(
    () =>
      confirm({
        title: t('unsaved.title'),
        body: t('unsaved.body'),
        confirmText: t('unsaved.leave'),
        cancelText: t('unsaved.stay'),
      }),
    [confirm],
  );
}
