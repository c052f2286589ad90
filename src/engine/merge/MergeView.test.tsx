import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DrawerStack } from '../drawers/DrawerStack';
import { MergeView } from './MergeView';
import { useMergeDrawer } from './useMergeDrawer';

const request = {
  item: 'metadata document',
  name: 'CustomerMessage',
  base: {
    Name: 'CustomerMessage',
    Description: 'base',
    Elements: [{ Name: 'Id', Type: 'Guid' }],
    Revision: 1,
  },
  theirs: {
    Name: 'CustomerMessage',
    Description: 'theirs',
    Elements: [{ Name: 'Id', Type: 'Guid' }],
    Revision: 2,
  },
  mine: {
    Name: 'CustomerMessage',
    Description: 'mine',
    Elements: [
      { Name: 'Id', Type: 'Guid' },
      { Name: 'Zip', Type: 'String' },
    ],
    Revision: 1,
  },
};

const row = (path: string) =>
  screen.getByRole('row', { name: new RegExp(`^${path.replace(/[[\]]/g, '\\$&')} `) });

describe('the merge view (issue 10 point 3: base / theirs / mine per changed path, a choice per conflict)', () => {
  it('shows every changed path, waits for each conflict, and saves the chosen values against their revision', () => {
    const onSave = vi.fn();
    render(<MergeView request={request} onSave={onSave} onCancel={() => {}} />);
    const description = row('Description');
    expect(within(description).getByText('Changed on both sides')).toBeTruthy();
    expect(within(description).getByText('base')).toBeTruthy();
    const zip = row('Elements[Zip]');
    expect(within(zip).getByText('Changed by you')).toBeTruthy();
    expect((within(zip).getByLabelText('Keep mine') as HTMLInputElement).checked).toBe(true);

    const save = screen.getByRole('button', { name: 'Save merge' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Conflicts left to choose: 1')).toBeTruthy();
    // The first open conflict has focus first.
    expect(within(description).getByLabelText('Keep theirs').hasAttribute('data-autofocus')).toBe(true);

    fireEvent.click(within(description).getByLabelText('Keep theirs'));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith({
      Name: 'CustomerMessage',
      Description: 'theirs',
      Elements: [
        { Name: 'Id', Type: 'Guid' },
        { Name: 'Zip', Type: 'String' },
      ],
      Revision: 2,
    });
  });

  it('an automatic side can be switched: keeping theirs for a field only I added drops it', () => {
    const onSave = vi.fn();
    render(<MergeView request={request} onSave={onSave} onCancel={() => {}} />);
    fireEvent.click(within(row('Description')).getByLabelText('Keep mine'));
    fireEvent.click(within(row('Elements[Zip]')).getByLabelText('Keep theirs'));
    fireEvent.click(screen.getByRole('button', { name: 'Save merge' }));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ Description: 'mine', Elements: [{ Name: 'Id' }] });
  });

  it('says so when the base is unknown', () => {
    render(<MergeView request={{ ...request, base: null }} onSave={() => {}} onCancel={() => {}} />);
    expect(screen.getByText(/the version you started from is not known/)).toBeTruthy();
    expect(within(row('Elements[Zip]')).getByText('Changed on both sides')).toBeTruthy();
  });
});

describe('the merge drawer (issue 10 point 3, spec part 2 §2 drawers: labelled, focus kept, Escape closes)', () => {
  function setup() {
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>
        <MemoryRouter>
          {children}
          <DrawerStack />
        </MemoryRouter>
      </Provider>
    );
    return renderHook(() => useMergeDrawer(), { wrapper }).result;
  }

  it('resolves with the merge on Save merge', async () => {
    const merge = setup();
    let answer: Promise<object | null> = Promise.resolve(null);
    act(() => {
      answer = merge.current(request);
    });
    const drawer = screen.getByRole('dialog', { name: 'Someone else saved this metadata document' });
    expect(drawer.contains(document.activeElement)).toBe(true);
    act(() =>
      fireEvent.click(within(drawer).getByLabelText('Keep mine', { selector: '[name="merge-choice-0"]' })),
    );
    act(() => fireEvent.click(within(drawer).getByRole('button', { name: 'Save merge' })));
    expect(await answer).toMatchObject({ Description: 'mine', Revision: 2 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['Escape', () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })],
    ['Cancel', () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['the close button', () => fireEvent.click(screen.getByRole('button', { name: /^Close / }))],
  ])('resolves null (nothing changes) on %s', async (_name, leave) => {
    const merge = setup();
    let answer: Promise<object | null> = Promise.resolve({});
    act(() => {
      answer = merge.current(request);
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => leave());
    expect(await answer).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
