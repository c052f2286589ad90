import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider, useAtomValue } from 'jotai';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  Link,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { unsavedChangesAtom } from '../../state/unsavedChanges';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { BlockingRouter } from './BlockingRouter';
import { blockingHistory } from './blockingHistory';
import { LeaveGuard } from './LeaveGuard';
import { LEAVE_CONFIRMED } from './leaveConfirmed';

function Page() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const unsaved = useAtomValue(unsavedChangesAtom) > 0;
  return (
    <>
      <p data-testid="where">{pathname + search}</p>
      <Link to="/other">other page</Link>
      <Link to="/editor?tab=2">same page</Link>
      <button type="button" onClick={() => navigate('/menu-item', { state: LEAVE_CONFIRMED })}>
        confirmed elsewhere
      </button>
      {unsaved && <LeaveGuard />}
      <ConfirmDialog />
    </>
  );
}

function setup(unsaved: number) {
  const store = createStore();
  store.set(unsavedChangesAtom, unsaved);
  // The console's own setup (SignedInRoot): a plain router over a blocking history.
  const history = blockingHistory(
    createMemoryHistory({ initialEntries: ['/list', '/editor'], initialIndex: 1, v5Compat: true }),
  );
  render(
    <Provider store={store}>
      <BlockingRouter history={history}>
        <Page />
      </BlockingRouter>
    </Provider>,
  );
  return { store, history, where: () => screen.getByTestId('where').textContent };
}

const dialog = () => screen.queryByRole('alertdialog', { name: 'Unsaved changes' });

describe('leaving a page with unsaved changes (spec part 1 §2 "Navigation rules": Leave / Stay)', () => {
  it('asks; Stay keeps the page and its changes', async () => {
    const { store, where } = setup(1);
    await act(async () => fireEvent.click(screen.getByText('other page')));
    expect(dialog()).not.toBeNull();
    expect(where()).toBe('/editor');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect(dialog()).toBeNull();
    expect(where()).toBe('/editor');
    expect(store.get(unsavedChangesAtom)).toBe(1);
  });

  it('asks; Leave goes on and drops the unsaved mark', async () => {
    const { store, where } = setup(2);
    await act(async () => fireEvent.click(screen.getByText('other page')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })));
    expect(where()).toBe('/other');
    expect(store.get(unsavedChangesAtom)).toBe(0);
  });

  it('the back button asks too: Stay puts the address back, Leave goes back', async () => {
    const { store, history, where } = setup(1);
    await act(async () => history.go(-1));
    expect(dialog()).not.toBeNull();
    expect(where()).toBe('/editor');
    expect(history.location.pathname).toBe('/editor');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect(where()).toBe('/editor');
    await act(async () => history.go(-1));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })));
    expect(where()).toBe('/list');
    expect(history.location.pathname).toBe('/list');
    expect(store.get(unsavedChangesAtom)).toBe(0);
  });

  it('asks once: another move while the question is open is refused', async () => {
    const { where } = setup(1);
    await act(async () => fireEvent.click(screen.getByText('other page')));
    await act(async () => fireEvent.click(screen.getByText('other page')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })));
    expect(where()).toBe('/other');
    // No second question queued behind the first.
    expect(dialog()).toBeNull();
  });

  it('Escape is Stay (the dialog is the topmost overlay)', async () => {
    const { where } = setup(1);
    await act(async () => fireEvent.click(screen.getByText('other page')));
    await act(async () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }));
    expect(dialog()).toBeNull();
    expect(where()).toBe('/editor');
  });

  it.each<[string, number, string, string]>([
    ['nothing unsaved', 0, 'other page', '/other'],
    ['same page, other query', 1, 'same page', '/editor?tab=2'],
    ['already confirmed in the menu', 1, 'confirmed elsewhere', '/menu-item'],
  ])('does not ask: %s', async (_, unsaved, action, to) => {
    const { where } = setup(unsaved);
    await act(async () => fireEvent.click(screen.getByText(action)));
    expect(dialog()).toBeNull();
    expect(where()).toBe(to);
  });

  it('warns on closing the tab while changes are unsaved', () => {
    setup(1);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
