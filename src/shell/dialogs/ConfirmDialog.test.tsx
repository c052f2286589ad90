import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { type ConfirmRequest, confirmQueueAtom } from './confirm';

function setup() {
  const store = createStore();
  render(
    <Provider store={store}>
      <button type="button">page button</button>
      <ConfirmDialog />
    </Provider>,
  );
  screen.getByText('page button').focus();
  const ask = (request: ConfirmRequest) => {
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = new Promise<boolean>((resolve) =>
        store.set(confirmQueueAtom, (queue) => [...queue, { ...request, resolve }]),
      );
    });
    return answer;
  };
  return { ask };
}

const pressEscape = () =>
  act(() => void fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }));

describe('the confirmation popup (spec part 1 §4 "Confirmation dialog", §2 "Shell layers")', () => {
  it('shows title, body and button texts; focus on confirm, trapped, and back on close', async () => {
    const { ask } = setup();
    const answer = ask({
      title: 'Delete role',
      body: 'Delete this role?',
      confirmText: 'Delete',
      cancelText: 'Keep',
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Delete role' });
    expect(dialog.textContent).toContain('Delete this role?');
    expect(document.activeElement?.textContent).toBe('Delete');
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement?.textContent).toBe('Keep');
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement?.textContent).toBe('Delete');
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement?.textContent).toBe('Keep');
    act(() => fireEvent.click(screen.getByText('Delete')));
    expect(await answer).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement?.textContent).toBe('page button');
  });

  it('Escape cancels only the topmost of stacked dialogs', async () => {
    const { ask } = setup();
    const lower = ask({ title: 'Lower', body: 'first' });
    const upper = ask({ title: 'Upper', body: 'second' });
    expect(screen.getByRole('alertdialog').getAttribute('aria-labelledby')).toBe('confirm-title');
    expect(screen.getByText('Upper')).toBeTruthy();
    pressEscape();
    expect(await upper).toBe(false);
    expect(screen.getByText('Lower')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('OK');
    pressEscape();
    expect(await lower).toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('an information-only dialog (no cancel) is acknowledged by Escape', async () => {
    const { ask } = setup();
    const answer = ask({ title: 'Not possible to duplicate', body: 'x', cancelText: null });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    pressEscape();
    expect(await answer).toBe(true);
  });
});
