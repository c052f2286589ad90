import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeTokens } from '../../../src/api/tokenStore';
import type { BuilderDefinition } from '../../../src/engine/builder/BuilderDefinition';
import { BuilderPage } from '../../../src/engine/builder/BuilderPage';
import type { FormDefinition } from '../../../src/engine/form/formDefinition';
import { ConfirmDialog } from '../../../src/shell/dialogs/ConfirmDialog';
import { createAjv } from '../../../src/validation/createAjv';

/**
 * "Adding a builder" (README): a throwaway entity declared from a fixture schema and UI schema, run
 * through the generic list, detail, validation and life cycle, against an in-memory server.
 */
const gadgetSchema = {
  title: 'Gadget',
  type: 'object',
  required: ['Guid', 'Name'],
  properties: {
    Guid: { type: 'string' },
    Name: {
      type: 'string',
      'x-name': {
        empty: 'sb.validation.nameEmpty',
        short: 'sb.validation.nameIsShort',
        space: 'sb.validation.nameContainsSpace',
      },
      'x-unique-among': { peers: 'gadgets', id: 'Guid', message: 'sb.validation.nameNotUnique' },
    },
    Size: { type: 'integer', minimum: 1, 'x-messages': { minimum: 'enterIntegerWithMin' } },
    IsPublished: { type: 'boolean' },
    Revision: { type: 'integer' },
  },
};

const form: FormDefinition = {
  name: 'Gadget',
  schema: gadgetSchema as FormDefinition['schema'],
  uiSchema: {
    Guid: { 'ui:widget': 'hidden' },
    IsPublished: { 'ui:widget': 'hidden' },
    Revision: { 'ui:widget': 'hidden' },
    Name: { 'ui:title': 'Name' },
    Size: { 'ui:title': 'Size' },
  },
  // Tests may compile at run time; the browser gets precompiled validators from codegen.
  validate: createAjv().compile(gadgetSchema),
};

type Gadget = { Guid: string; Name: string; Size?: number; IsPublished?: boolean; Revision?: number };

const builder: BuilderDefinition<Gadget> = {
  route: '/gadgets',
  title: 'Gadget Builder',
  item: 'gadget',
  area: 'ScriptBuilder',
  form,
  operations: {
    list: 'Script.GetScripts',
    get: 'Script.GetScriptByGuid',
    save: 'Script.PostScript',
    remove: 'Script.DeleteScript',
  },
  columns: [
    { id: 'name', header: 'Name', value: (gadget) => gadget.Name },
    {
      id: 'status',
      header: 'Status',
      kind: 'status',
      value: (gadget) => (gadget.IsPublished ? 'published' : 'draft'),
    },
  ],
  id: (gadget) => gadget.Guid,
  name: (gadget) => gadget.Name,
  create: () => ({ Guid: crypto.randomUUID(), Name: '' }),
  peersList: 'gadgets',
  publishable: true,
};

/** An in-memory server for the four operations the declaration names. */
function fakeServer(initial: Gadget[]) {
  const store = new Map(initial.map((gadget) => [gadget.Guid, { ...gadget, Revision: 1 }]));
  return vi.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname.endsWith('/GetScripts')) return json([...store.values()]);
    if (url.pathname.includes('/GetScriptByGuid/')) return json(store.get(url.pathname.split('/').pop()!));
    if (url.pathname.endsWith('/PostScript')) {
      const body = (await request.json()) as Gadget;
      const revision = (store.get(body.Guid)?.Revision ?? 0) + 1;
      store.set(body.Guid, { ...body, Revision: revision });
      return json({ Guid: body.Guid, Revision: revision });
    }
    return json({ Message: 'no' }, 404);
  });
}

function mount(path: string) {
  const router = createMemoryRouter([{ path: '/gadgets/*', element: <BuilderPage builder={builder} /> }], {
    initialEntries: [path],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <JotaiProvider store={createStore()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ConfirmDialog />
      </QueryClientProvider>
    </JotaiProvider>,
  );
  return router;
}

describe('a builder declared from a fixture schema, through the generic renderers', () => {
  beforeEach(() => {
    // An admin token, so every permission check passes.
    const payload = btoa(
      JSON.stringify({ acr: '2', sub: 'admin@example.com', admin: true, entitlements: {}, exp: 4102444800 }),
    );
    writeTokens(`x.${payload}.y`, 'refresh');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists, creates with validation, saves and shows the new item', { timeout: 20_000 }, async () => {
    const server = fakeServer([{ Guid: 'a1', Name: 'Existing', IsPublished: true }]);
    vi.stubGlobal('fetch', server);
    const router = mount('/gadgets');
    expect(await screen.findByRole('button', { name: 'Existing' })).toBeTruthy();
    expect(screen.getByText('Published')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New gadget' }));
    await screen.findByRole('heading', { name: /New gadget/ });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'requires validation' }));
    const panel = await screen.findByRole('region', { name: 'Validation' });
    await within(panel).findByText('Please enter a script name');

    const name = screen.getByLabelText(/Name/);
    fireEvent.change(name, { target: { value: 'existing' } });
    fireEvent.change(screen.getByLabelText(/Size/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'requires validation' }));
    await within(panel).findByText('Please enter a whole number of at least 1');
    expect(within(panel).getByText('A script with this name already exists')).toBeTruthy();

    fireEvent.change(name, { target: { value: 'Fresh' } });
    fireEvent.change(screen.getByLabelText(/Size/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'requires validation' }));
    await screen.findByRole('button', { name: 'validated' });

    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Fresh' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/gadgets');
    const saved = server.mock.calls
      .map(([request]) => request as Request)
      .find((request) => request.url.endsWith('/PostScript'));
    expect(saved?.method).toBe('POST');
  });
});
