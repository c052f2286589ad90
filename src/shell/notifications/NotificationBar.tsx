import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { t } from '../../messages/t';
import {
  AUTO_DISMISS_MS,
  dismissNotificationAtom,
  type Notification,
  notificationsAtom,
} from './notifications';

function Notice({ notice }: { notice: Notification }) {
  const dismiss = useSetAtom(dismissNotificationAtom);
  useEffect(() => {
    if (notice.severity !== 'success' && notice.severity !== 'info') return;
    const timer = setTimeout(() => dismiss(notice.id), AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  return (
    <div
      className={`notice notice--${notice.severity}`}
      role={notice.severity === 'danger' ? 'alert' : 'status'}
    >
      <span className="notice__text">{notice.text}</span>
      <button
        type="button"
        className="notice__close"
        aria-label={t('notifications.close')}
        onClick={() => dismiss(notice.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * The notification bar (spec part 1 §4 'Notifications'): success and info notices go after 5000 ms,
 * warning and danger stay until closed; a close-all button shows with more than one notice.
 */
export function NotificationBar() {
  const notices = useAtomValue(notificationsAtom);
  const dismiss = useSetAtom(dismissNotificationAtom);
  if (notices.length === 0) return null;
  return (
    <section className="notification-bar" aria-label="Notifications" aria-live="polite">
      {notices.length > 1 && (
        <button type="button" className="notification-bar__close-all" onClick={() => dismiss('all')}>
          {t('notifications.closeAll')}
        </button>
      )}
      {notices.map((notice) => (
        <Notice key={notice.id} notice={notice} />
      ))}
    </section>
  );
}
