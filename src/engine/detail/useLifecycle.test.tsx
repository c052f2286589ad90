import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { builder } from '../../builders/metadatabuilder/builder';
import type { AnyBuilder } from '../builder/BuilderDefinition';
import { useLifecycle } from './useLifecycle';

const queries = vi.hoisted(() => ({ saveItem: vi.fn(), loadItem: vi.fn() }));
vi.mock('../builder/builderQueries', async (actual) => ({
  ...(await actual<typeof import('../builder/builderQueries')>()),
  ...queries,
}));
vi.mock('./draftStore', () => ({
  draftStore: { load: vi.fn(async () => undefined), save: vi.fn(), remove: vi.fn(async () => {}) },
}));
vi.mock('../../shell/dialogs/confirm', async (actual) => ({
  ...(await actual<typeof import('../../shell/dialogs/confirm')>()),
  useConfirm: () => vi.fn(async () => true),
}));
vi.mock('../../shell/notifications/useNotify', () => ({
  useNotify: () => vi.fn(),
  useNotifyError: () => vi.fn(),
}));

const stored = {
  Guid: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
  Name: 'Customers',
  Description: null as string | null,
  Elements: [{ Name: 'Id', Type: 'String', Order: 0 }],
  IsPublished: false,
  Revision: 1,
};

function renderLifecycle(declared: AnyBuilder = builder as unknown as AnyBuilder) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () =>
      useLifecycle<typeof stored>({
        builder: declared,
        original: stored,
        initial: stored,
        scope: {},
        context: {},
        canEdit: true,
        canPublish: true,
        onDone: () => {},
      }),
    { wrapper },
  );
}

/**
 * Typing reaches the editor in a transition (issue 9: keystroke in a 500-field form), so the editor may
 * render a keystroke after a shortcut already acted; spec part 1 §4 'Item life cycle': save stores what
 * the user typed, so save must read the latest draft, not the last rendered one.
 */
describe('item life cycle while a keystroke is still in transition (spec part 1 §4)', () => {
  beforeEach(() => {
    queries.saveItem.mockReset().mockResolvedValue({ Revision: 2 });
  });

  it('save right after a keystroke sends that keystroke, though the editor has not rendered it yet', async () => {
    const { result } = renderLifecycle();
    expect(result.current.canSave).toBe(false);
    const typed = { ...stored, Name: 'Customers2' };
    let saved: Promise<boolean> | undefined;
    await act(async () => {
      result.current.setDraft(typed);
      // The same render's save, as a Ctrl+S handler bound before the transition rendered would call it.
      saved = result.current.save();
      await saved;
    });
    expect(await saved).toBe(true);
    expect(queries.saveItem).toHaveBeenCalledTimes(1);
    expect(queries.saveItem.mock.calls[0]![1]).toMatchObject({ Name: 'Customers2', IsPublished: false });
  });

  it('save right after a keystroke that made the draft invalid sends nothing (part 1 §4: only valid items save)', async () => {
    const { result } = renderLifecycle();
    await act(async () => {
      result.current.setDraft({ ...stored, Name: 'Customers' });
      result.current.setDraft({ ...stored, Name: '' });
      expect(await result.current.save()).toBe(false);
    });
    expect(queries.saveItem).not.toHaveBeenCalled();
  });

  it('a change that repeats the draft (a form reporting its data again) keeps a validation run (part 1 §4)', async () => {
    const { result } = renderLifecycle();
    await act(async () => {
      await result.current.validation.run();
    });
    expect(result.current.validation.status).toBe('valid');
    await act(async () => result.current.setDraft({ ...stored }));
    expect(result.current.validation.status).toBe('valid');
    await act(async () => result.current.setDraft({ ...stored, Description: 'edited' }));
    expect(result.current.validation.status).toBe('required');
  });

  it('once rendered, the draft and its modified state follow the keystroke', async () => {
    const { result } = renderLifecycle();
    await act(async () => result.current.setDraft({ ...stored, Name: 'Orders' }));
    await waitFor(() => expect(result.current.draft.Name).toBe('Orders'));
    expect(result.current.modified).toBe(true);
    expect(result.current.validation.status).toBe('required');
  });

  it('the editor renders a keystroke after its frame is painted, keys typed before it together (issue 20 point 3)', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    try {
      const { result } = renderLifecycle();
      act(() => {
        result.current.setDraft({ ...stored, Name: 'O' });
        result.current.setDraft({ ...stored, Name: 'Or' });
      });
      // No frame yet: the editor still shows the stored item, and one frame is asked for both keys.
      expect(result.current.draft.Name).toBe('Customers');
      expect(frames).toHaveLength(1);
      await act(async () => {
        for (const frame of frames.splice(0)) frame(0);
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
      expect(result.current.draft.Name).toBe('Or');
      expect(result.current.modified).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('an item opened unmodified is not checked, and is checked once edited (Save stays off until valid)', async () => {
    const rules = vi.fn(() => []);
    const { result } = renderLifecycle({ ...(builder as unknown as AnyBuilder), rules });
    expect(rules).not.toHaveBeenCalled();
    expect(result.current.canSave).toBe(false);
    await act(async () => result.current.setDraft({ ...stored, Name: 'Orders' }));
    await waitFor(() => expect(result.current.canSave).toBe(true));
    expect(rules).toHaveBeenCalled();
    await act(async () => result.current.setDraft({ ...stored, Name: '' }));
    await waitFor(() => expect(result.current.draft.Name).toBe(''));
    expect(result.current.canSave).toBe(false);
  });
});
