import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { isApiError } from '../../api/ApiError';
import { t } from '../../messages/t';
import { pushNotificationAtom, type Severity } from './notifications';

/**
 * Shows notices in the notification bar.
 * @example const notify = useNotify(); notify('success', t('changePassword.success'));
 */
export function useNotify() {
  const push = useSetAtom(pushNotificationAtom);
  return useCallback((severity: Severity, text: string) => push({ severity, text }), [push]);
}

/** Shows a failed call: an ApiError's text and severity, anything else as the generic error. Answers the notice's id. */
export function useNotifyError() {
  const push = useSetAtom(pushNotificationAtom);
  return useCallback(
    (error: unknown) =>
      isApiError(error)
        ? push({ severity: error.severity, text: error.message })
        : push({ severity: 'danger', text: t('generic.error') }),
    [push],
  );
}
