import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { failureNotice } from './failureNotice';
import { pushNotificationAtom, type Severity } from './notifications';

/**
 * Shows notices in the notification bar.
 * @example const notify = useNotify(); notify('success', t('changePassword.success'));
 */
export function useNotify() {
  const push = useSetAtom(pushNotificationAtom);
  return useCallback((severity: Severity, text: string) => push({ severity, text }), [push]);
}

/**
 * Shows a failed call in the client's words (failureNotice): an ApiError's text and severity, anything
 * else as the generic error. Answers the notice's id.
 */
export function useNotifyError() {
  const push = useSetAtom(pushNotificationAtom);
  return useCallback((error: unknown) => push(failureNotice(error)), [push]);
}
