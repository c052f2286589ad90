import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/ApiError';
import { DrawerStack } from './DrawerStack';
import { useDrawerSave } from './useDrawerSave';

interface Role {
  Guid: number;
  Name: string;
  Permissions: Record<string, Record<string, boolean>>;
  Revision: number;
}

const base: Role = { Guid: 7, Name: 'Editors', Permissions: { ScriptBuilder: { Read: true } }, Revision: 1 };
const theirs: Role = { ...base, Name: 'Script editors', Revision: 2 };
const newer: Role = { ...theirs, Permissions: { ScriptBuilder: { Read: true, Upsert: true } }, Revision: 3 };
const mine: Role = { ...base, Permissions: { ScriptBuilder: { Read: true, Publish: true } } };
const stale = (current: Role) => new ApiError(409, { Message: 'stale', Current: current });

function setup(save: (value: Role) => Promise<unknown>) {
  const store = createStore();
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          {children}
          <DrawerStack />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>
  );
  return renderHook(
    () =>
      useDrawerSave<Role>({
        item: 'role',
        name: (role) => role.Name,
        base,
        isNew: false,
        save,
        invalidate: [],
      }),
    { wrapper },
  ).result;
}

const drawer = () => screen.getByRole('dialog', { name: 'Someone else saved this role' });
const saveMerge = () =>
  act(() => fireEvent.click(within(drawer()).getByRole('button', { name: 'Save merge' })));

describe('a drawer save that meets a newer version (issue 10 point 3: users, roles, API users merge too)', () => {
  it('merges theirs and mine against their revision; a third save in between merges again', async () => {
    const save = vi
      .fn<(value: Role) => Promise<unknown>>()
      .mockRejectedValueOnce(stale(theirs))
      .mockRejectedValueOnce(stale(newer))
      .mockResolvedValueOnce({ Guid: 7, Revision: 4 });
    const run = setup(save);
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = run.current(mine);
    });
    await screen.findByRole('dialog');
    expect(within(drawer()).getByRole('row', { name: /^Name Changed by them/ })).toBeTruthy();
    saveMerge();
    // Their newer save added Upsert: merged again, on top of the first merge.
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1]?.[0]).toEqual({ ...mine, Name: 'Script editors', Revision: 2 });
    await screen.findByRole('dialog');
    saveMerge();
    expect(await done).toBe(true);
    expect(save.mock.calls[2]?.[0]).toEqual({
      ...base,
      Name: 'Script editors',
      Permissions: { ScriptBuilder: { Read: true, Publish: true, Upsert: true } },
      Revision: 3,
    });
  });

  it('a cancelled merge keeps the drawer open (false) and saves nothing more', async () => {
    const save = vi.fn<(value: Role) => Promise<unknown>>().mockRejectedValueOnce(stale(theirs));
    const run = setup(save);
    let done: Promise<boolean> = Promise.resolve(true);
    act(() => {
      done = run.current(mine);
    });
    await screen.findByRole('dialog');
    act(() => fireEvent.click(within(drawer()).getByRole('button', { name: 'Cancel' })));
    expect(await done).toBe(false);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
