import { render, screen } from '@testing-library/react';
import { createStore, Provider, useAtomValue } from 'jotai';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationsAtom } from '../notifications/notifications';
import { ConfirmEmailScreen } from './ConfirmEmailScreen';

function Notices() {
  const notices = useAtomValue(notificationsAtom);
  return (
    <p data-testid="notices">{notices.map((notice) => `${notice.severity}: ${notice.text}`).join('|')}</p>
  );
}

/** A fetch answering ConfirmEmail with `status` and `body`, recording the keys it was sent. */
function confirmAnswers(status: number, body: unknown) {
  const keys: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      expect(new URL(request.url).pathname).toBe('/api/UIServices/Users/ConfirmEmail');
      keys.push((await request.json()).Key);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return keys;
}

function open(address: string) {
  window.history.replaceState(null, '', address);
  render(
    <StrictMode>
      <Provider store={createStore()}>
        <ConfirmEmailScreen />
        <Notices />
      </Provider>
    </StrictMode>,
  );
}

const notices = () => screen.getByTestId('notices').textContent;

describe('/confirm-email (issue 29 point 2: a new address confirmed by the link mailed to it)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the key once (strict mode runs the effect twice), then says so and goes to /login', async () => {
    const keys = confirmAnswers(200, true);
    open('/confirm-email?key=the-key');
    expect(screen.getByRole('status').textContent).toBe('Confirming your new e-mail address…');
    await vi.waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(keys).toEqual(['the-key']);
    expect(notices()).toBe('success: Your e-mail address is changed. Sign in with the new address.');
  });

  it("a refused key shows the server's message as a notice and on the screen, with the way back", async () => {
    const message = 'This confirmation link has expired, was already used or was replaced by a newer change.';
    confirmAnswers(498, { Message: message, MessageKey: 'confirmEmail.keyExpired' });
    open('/confirm-email?key=used-key');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(notices()).toBe(`danger: ${message}`);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(window.location.pathname).toBe('/confirm-email');
  });

  it("an address taken meanwhile (400) shows the server's message", async () => {
    confirmAnswers(400, {
      Message: 'Please enter a valid, unique email address',
      MessageKey: 'user.emailError',
    });
    open('/confirm-email?key=late-key');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid, unique email address');
    expect(notices()).toBe('danger: Please enter a valid, unique email address');
  });

  it('without a key goes to /login and calls nothing', async () => {
    const keys = confirmAnswers(200, true);
    open('/confirm-email');
    await vi.waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(keys).toEqual([]);
  });
});
