import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider, useAtomValue } from 'jotai';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { writeTokens } from '../../api/tokenStore';
import { unsavedChangesAtom } from '../../state/unsavedChanges';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { moduleRoutes } from '../modules/moduleRoutes';
import { LeaveGuard } from '../routing/LeaveGuard';
import { SideMenu } from './SideMenu';

const encode = (part: object) => btoa(JSON.stringify(part)).replace(/=+$/, '');
const token = (claims: object) =>
  `${encode({ alg: 'HS256' })}.${encode({ acr: '2', sub: 'anna@example.com', exp: 4_000_000_000, ...claims })}.sig`;
const routes = moduleRoutes.filter((route) =>
  ['/connectionbuilder', '/dashboard', '/queue'].includes(route.path),
);

function Page() {
  const { pathname } = useLocation();
  const unsaved = useAtomValue(unsavedChangesAtom) > 0;
  return (
    <>
      <p data-testid="where">{pathname}</p>
      <SideMenu id="menu" routes={routes} />
      {unsaved && <LeaveGuard />}
      <ConfirmDialog />
    </>
  );
}

function setup({ unsaved = 0, env = 'test', name = 'Anna Admin' as string | null } = {}) {
  writeTokens(token({ env, ...(name ? { name } : {}) }), 'refresh');
  const store = createStore();
  store.set(unsavedChangesAtom, unsaved);
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], {
    initialEntries: ['/connectionbuilder'],
  });
  render(
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
  return { store, where: () => screen.getByTestId('where').textContent };
}

const dialogs = () => screen.queryAllByRole('alertdialog');
const openClientModules = () => fireEvent.click(screen.getByRole('button', { name: 'Client Module' }));

describe('the side menu (spec part 1 §2 "Side navigation")', () => {
  it('labels the profile link with the user name, else the e-mail, and shows a non-production environment', () => {
    setup({ env: 'staging' });
    expect(screen.getByRole('link', { name: 'Anna Admin' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByText('staging')).toBeTruthy();
  });

  it.each([
    ['production', false, 'spec part 1 §2: the label shows only outside production'],
    ['demo', true, 'spec part 1 §2: non-production environment label'],
  ])('environment %s shown: %s (%s)', (env, shown) => {
    setup({ env, name: null });
    expect(screen.getByRole('link', { name: 'anna@example.com' })).toBeTruthy();
    expect(screen.queryByText(env) !== null).toBe(shown);
  });

  it('opens the active group and lets the others be opened', () => {
    setup();
    expect(screen.getByRole('button', { name: 'Admin Builder' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Client Module' }).getAttribute('aria-expanded')).toBe('false');
    openClientModules();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });

  it('a client module asks once before leaving unsaved changes; Stay stays', async () => {
    const { where } = setup({ unsaved: 1 });
    openClientModules();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Dashboard' })));
    expect(dialogs()).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect(where()).toBe('/connectionbuilder');
    expect(dialogs()).toHaveLength(0);
  });

  it('Leave goes to the client module without the route guard asking again', async () => {
    const { where, store } = setup({ unsaved: 1 });
    openClientModules();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Queue' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })));
    expect(where()).toBe('/queue');
    expect(dialogs()).toHaveLength(0);
    expect(store.get(unsavedChangesAtom)).toBe(0);
  });

  it('without unsaved changes a client module opens at once', async () => {
    const { where } = setup();
    openClientModules();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Dashboard' })));
    expect(dialogs()).toHaveLength(0);
    expect(where()).toBe('/dashboard');
  });

  it('log out with unsaved changes asks first; Stay keeps the session', async () => {
    setup({ unsaved: 1 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log out' })));
    expect(dialogs()).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect(localStorage.getItem('token')).not.toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log out' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
