import { act, render } from '@testing-library/react';
import { type createStore, Provider, useAtomValue } from 'jotai';
import { describe, expect, it } from 'vitest';
import { clearTokens, writeTokens } from '../api/tokenStore';
import { notificationsAtom } from '../shell/notifications/notifications';
import { endSession } from '../shell/session/endSession';
import { unsavedChangesAtom } from '../state/unsavedChanges';
import { useSessionStore } from './useSessionStore';

const encode = (part: object) => btoa(JSON.stringify(part)).replace(/=+$/, '');
const levelTwo = () =>
  `${encode({ alg: 'HS256' })}.${encode({ acr: '2', sub: 'anna@example.com', exp: 4_000_000_000 })}.sig`;

type Store = ReturnType<typeof createStore>;

function Notices() {
  const notices = useAtomValue(notificationsAtom);
  return (
    <p data-testid="notices">{notices.map((notice) => `${notice.severity}: ${notice.text}`).join('|')}</p>
  );
}

/** Renders with the session store and records each store it is given. */
function Harness({ stores }: { stores: Store[] }) {
  const store = useSessionStore();
  if (stores.at(-1) !== store) stores.push(store);
  return (
    <Provider store={store}>
      <Notices />
    </Provider>
  );
}

function setup() {
  const stores: Store[] = [];
  writeTokens(levelTwo(), 'refresh');
  const view = render(<Harness stores={stores} />);
  stores[0]!.set(unsavedChangesAtom, 2);
  return { stores, notices: () => view.getByTestId('notices').textContent };
}

describe('state reset after logout (spec part 1 §2 "Navigation rules", §4 "Logout", "Inactivity")', () => {
  it.each<['user' | 'inactivity' | 'expired', string, string]>([
    ['user', 'success: You are signed out', 'spec part 1 §4 Logout: a message shows'],
    [
      'inactivity',
      'warning: You were signed out after a period of inactivity',
      'spec part 1 §4 Inactivity: a warning notice',
    ],
    [
      'expired',
      'warning: Your session has ended. Please sign in again.',
      'spec part 1 §4 Token refresh: refresh failed',
    ],
  ])('after %s: a fresh store and the notice (%s)', (reason, notice) => {
    const { stores, notices } = setup();
    act(() => endSession(reason));
    expect(stores).toHaveLength(2);
    expect(stores[1]!.get(unsavedChangesAtom)).toBe(0);
    expect(notices()).toBe(notice);
  });

  it('tokens cleared by anyone else (the 401 middleware, another tab) count as an ended session', () => {
    const { stores, notices } = setup();
    act(() => clearTokens());
    expect(stores).toHaveLength(2);
    expect(notices()).toBe('warning: Your session has ended. Please sign in again.');
  });

  it('a token change that keeps the user signed in resets nothing (refresh, password change)', () => {
    const { stores } = setup();
    act(() => writeTokens(levelTwo(), 'rotated'));
    expect(stores).toHaveLength(1);
  });
});
