import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/ApiError';
import { DrawerStack } from '../drawers/DrawerStack';
import { useConflictMerge } from './useConflictMerge';

interface Script {
  Guid: string;
  Name: string;
  Description: string;
  Revision: number;
}

const original: Script = { Guid: 'g', Name: 'orders', Description: 'loaded', Revision: 3 };
const theirs: Script = { ...original, Description: 'theirs', Revision: 4 };

function setup(load = vi.fn(async () => theirs)) {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter>
        {children}
        <DrawerStack />
      </MemoryRouter>
    </Provider>
  );
  const hook = renderHook(
    () => useConflictMerge<Script>({ original, item: 'script', name: (script) => script.Name, load }),
    { wrapper },
  );
  return { conflicts: hook.result, load };
}

const ask = (
  conflicts: { current: ReturnType<typeof useConflictMerge<Script>> },
  mine: Script,
  error: ApiError,
) => {
  let answer: Promise<Script | null> = Promise.resolve(null);
  act(() => {
    answer = conflicts.current.resolve(mine, error);
  });
  return answer;
};
const descriptionRow = () => within(screen.getByRole('dialog')).getByRole('row', { name: /^Description / });

describe('useConflictMerge (issue 10 point 3: the base is what the editor loaded, kept by the life cycle)', () => {
  it('a 409 without Current loads theirs; only their change is theirs, the merge carries their revision', async () => {
    const { conflicts, load } = setup();
    const answer = ask(conflicts, { ...original, Name: 'orders2' }, new ApiError(409, { Message: 'stale' }));
    await screen.findByRole('dialog');
    expect(load).toHaveBeenCalledTimes(1);
    expect(descriptionRow().textContent).toContain('Changed by them');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Save merge' })));
    expect(await answer).toEqual({ ...theirs, Name: 'orders2' });
  });

  it('a restored draft of an older revision has no known base: every difference is a conflict', async () => {
    const { conflicts } = setup();
    const kept = { ...original, Description: 'kept in the browser', Revision: 2 };
    act(() => conflicts.current.restored(kept));
    const answer = ask(conflicts, kept, new ApiError(409, { Message: 'stale', Current: theirs }));
    await screen.findByRole('dialog');
    expect(screen.getByText(/the version you started from is not known/)).toBeTruthy();
    expect(descriptionRow().textContent).toContain('Changed on both sides');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(await answer).toBeNull();
  });

  it('a restored draft of the loaded revision keeps the base (control)', async () => {
    const { conflicts } = setup();
    const kept = { ...original, Name: 'renamed' };
    act(() => conflicts.current.restored(kept));
    void ask(conflicts, kept, new ApiError(409, { Message: 'stale', Current: theirs }));
    await screen.findByRole('dialog');
    expect(screen.queryByText(/the version you started from is not known/)).toBeNull();
    expect(descriptionRow().textContent).toContain('Changed by them');
  });

  it('after a save the saved item is the base', async () => {
    const { conflicts } = setup();
    const saved = { ...original, Description: 'saved here', Revision: 4 };
    act(() => conflicts.current.rebase(saved));
    const newer = { ...saved, Name: 'theirs', Revision: 5 };
    void ask(
      conflicts,
      { ...saved, Description: 'mine again' },
      new ApiError(409, { Message: 'stale', Current: newer }),
    );
    await screen.findByRole('dialog');
    expect(descriptionRow().textContent).toContain('Changed by you');
  });
});
