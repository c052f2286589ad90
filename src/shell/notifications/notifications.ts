import { atom } from 'jotai';

export type Severity = 'info' | 'success' | 'warning' | 'danger';

export interface Notification {
  id: number;
  severity: Severity;
  text: string;
}

/** Success and info notices go after 5000 ms; the others stay until closed (spec part 1 §4 'Notifications'). */
export const AUTO_DISMISS_MS = 5000;

export const notificationsAtom = atom<Notification[]>([]);

let nextId = 1;

/**
 * Shows a notice and answers its id. A warning or danger notice already showing the same text is not
 * shown twice (the same failure of several loads at once, a load failing again on a later visit): the
 * one showing stays until closed, and its id is answered.
 */
export const pushNotificationAtom = atom(null, (get, set, notice: { severity: Severity; text: string }) => {
  const showing = get(notificationsAtom);
  if (notice.severity === 'warning' || notice.severity === 'danger') {
    const same = showing.find((shown) => shown.severity === notice.severity && shown.text === notice.text);
    if (same) return same.id;
  }
  const id = nextId++;
  set(notificationsAtom, [...showing, { id, ...notice }]);
  return id;
});

export const dismissNotificationAtom = atom(null, (get, set, id: number | 'all') => {
  set(notificationsAtom, id === 'all' ? [] : get(notificationsAtom).filter((notice) => notice.id !== id));
});
