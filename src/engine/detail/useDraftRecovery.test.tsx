import { act, renderHook, waitFor } from '@testing-library/react';
import { atom } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_DEBOUNCE_MS, useDraftRecovery } from './useDraftRecovery';

const store = vi.hoisted(() => ({ load: vi.fn(), save: vi.fn(), remove: vi.fn() }));
const confirm = vi.hoisted(() => vi.fn());
vi.mock('./draftStore', () => ({ draftStore: store }));
vi.mock('../../shell/dialogs/confirm', () => ({ useConfirm: () => confirm }));
vi.mock('../../shell/notifications/useNotify', () => ({ useNotify: () => vi.fn() }));
vi.mock('../../state/session', () => ({ signedInClaimsAtom: atom({ sub: 'admin@example.com', acr: '2' }) }));

const original = { Guid: 'g', Name: 'a', Description: 'stored', Revision: 3 };
const render = (options: Partial<Parameters<typeof useDraftRecovery<typeof original>>[0]> = {}) => {
  const restore = vi.fn();
  const hook = renderHook(
    (props: Parameters<typeof useDraftRecovery<typeof original>>[0]) => useDraftRecovery(props),
    {
      initialProps: {
        key: '/scriptbuilder\n\ng',
        draft: original,
        original,
        modified: false,
        restore,
        item: 'script',
        ...options,
      },
    },
  );
  return { ...hook, restore };
};

describe('draft recovery (issue 10 point 6)', () => {
  beforeEach(() => {
    for (const fn of [store.load, store.save, store.remove, confirm]) fn.mockReset();
  });

  it('offers a kept draft that differs from the stored item; Restore puts it in the editor', async () => {
    const kept = { ...original, Description: 'unsaved' };
    store.load.mockResolvedValue({ key: 'k', draft: kept, savedAt: 0 });
    confirm.mockResolvedValue(true);
    const { restore } = render();
    await waitFor(() => expect(restore).toHaveBeenCalledWith(kept));
    expect(store.load).toHaveBeenCalledWith('admin@example.com\n/scriptbuilder\n\ng');
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({ confirmText: 'Restore', cancelText: 'Discard' }),
    );
  });

  it('Discard forgets the kept draft', async () => {
    store.load.mockResolvedValue({ key: 'k', draft: { ...original, Description: 'unsaved' }, savedAt: 0 });
    confirm.mockResolvedValue(false);
    const { restore } = render();
    await waitFor(() => expect(store.remove).toHaveBeenCalledWith('admin@example.com\n/scriptbuilder\n\ng'));
    expect(restore).not.toHaveBeenCalled();
  });

  it('a kept draft differing only in bookkeeping (revision) is no question, and is dropped', async () => {
    store.load.mockResolvedValue({ key: 'k', draft: { ...original, Revision: 2 }, savedAt: 0 });
    render();
    await waitFor(() => expect(store.remove).toHaveBeenCalled());
    expect(confirm).not.toHaveBeenCalled();
  });

  it('keeps a modified draft once typing pauses, and forgets it when edits are undone', async () => {
    store.load.mockResolvedValue(undefined);
    const { rerender, restore } = render();
    await waitFor(() => expect(store.load).toHaveBeenCalled());
    const edited = { ...original, Description: 'typing' };
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    rerender({
      key: '/scriptbuilder\n\ng',
      draft: edited,
      original,
      modified: true,
      restore,
      item: 'script',
    });
    await waitFor(
      () => expect(store.save).toHaveBeenCalledWith('admin@example.com\n/scriptbuilder\n\ng', edited),
      {
        timeout: DRAFT_DEBOUNCE_MS * 4,
      },
    );
    rerender({
      key: '/scriptbuilder\n\ng',
      draft: original,
      original,
      modified: false,
      restore,
      item: 'script',
    });
    await waitFor(() => expect(store.remove).toHaveBeenCalled(), { timeout: DRAFT_DEBOUNCE_MS * 4 });
  });

  it('keeps nothing without a key (a new item)', async () => {
    render({ key: null, modified: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_DEBOUNCE_MS * 2)));
    expect(store.load).not.toHaveBeenCalled();
    expect(store.save).not.toHaveBeenCalled();
  });
});
