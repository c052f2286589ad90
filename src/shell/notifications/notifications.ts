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

export const pushNotificationAtom = atom(null, (get, set, notice: { severity: Severity; text: string }) => {
  const id = nextId++;
  set(notificationsAtom, [...get(notificationsAtom), { id, ...notice }]);
  return id;
});

export const dismissNotificationAtom = atom(null, (get, set, id: number | 'all') => {
  set(notificationsAtom, id === 'all' ? [] : get(notificationsAtom).filter((notice) => notice.id !== id));
});
