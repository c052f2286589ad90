import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBar } from './NotificationBar';
import { pushNotificationAtom, type Severity } from './notifications';

function setup() {
  const store = createStore();
  render(
    <Provider store={store}>
      <NotificationBar />
    </Provider>,
  );
  const push = (severity: Severity, text: string) =>
    act(() => void store.set(pushNotificationAtom, { severity, text }));
  const texts = () => screen.queryAllByText(/notice/).map((element) => element.textContent);
  return { push, texts };
}

describe('the notification bar (spec part 1 §4 "Notifications", §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each<[Severity, boolean, string]>([
    ['success', true, 'spec part 1 §4: success disappears after 5000 ms'],
    ['info', true, 'spec part 1 §4: info disappears after 5000 ms'],
    ['warning', false, 'spec part 1 §4: others stay until closed'],
    ['danger', false, 'spec part 1 §4: others stay until closed'],
  ])('%s notice goes after 5000 ms: %s (%s)', (severity, goes) => {
    const { push, texts } = setup();
    push(severity, `${severity} notice`);
    act(() => vi.advanceTimersByTime(4999));
    expect(texts()).toEqual([`${severity} notice`]);
    act(() => vi.advanceTimersByTime(1));
    expect(texts()).toEqual(goes ? [] : [`${severity} notice`]);
    act(() => vi.advanceTimersByTime(60_000));
    expect(texts()).toEqual(goes ? [] : [`${severity} notice`]);
  });

  it('shows close-all only with more than one notice; close-all and close work', () => {
    const { push, texts } = setup();
    push('danger', 'first notice');
    expect(screen.queryByRole('button', { name: 'Close all' })).toBeNull();
    push('warning', 'second notice');
    push('danger', 'third notice');
    expect(screen.getByRole('button', { name: 'Close all' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close notification' })[1]!);
    expect(texts()).toEqual(['first notice', 'third notice']);
    fireEvent.click(screen.getByRole('button', { name: 'Close all' }));
    expect(texts()).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('shows a danger or warning notice once while the same one shows (issue 33: one failure of several loads)', () => {
    const { push, texts } = setup();
    push('danger', 'failed notice');
    push('danger', 'failed notice');
    push('warning', 'login notice');
    push('warning', 'login notice');
    push('danger', 'other notice');
    expect(texts()).toEqual(['failed notice', 'login notice', 'other notice']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close notification' })[0]!);
    push('danger', 'failed notice');
    expect(texts()).toEqual(['login notice', 'other notice', 'failed notice']);
  });

  it('announces danger as an alert and the others as status', () => {
    const { push } = setup();
    push('danger', 'danger notice');
    push('success', 'success notice');
    expect(screen.getByRole('alert').textContent).toContain('danger notice');
    expect(screen.getByRole('status').textContent).toContain('success notice');
  });
});
