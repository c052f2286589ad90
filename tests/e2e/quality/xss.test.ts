import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { call, signIn } from '../../support/api';
import { launchBrowser, screenshot, startConsole } from '../../support/browser';
import { signedInPage } from '../../support/consolePages';
import { testAdmin } from '../../support/testServer';
import { injectionProblems, watchForScriptInjection, xssPayloads } from '../../support/xss';

/**
 * Issue 9 point 5: the tokens live in local storage (spec part 1 §3 'Session token'), so the content
 * security policy is the defence against script injection, and no text may ever reach the page as
 * markup. Payloads are stored through the API in the names and descriptions of every builder's items,
 * in role, API user and user names and in document record values; each screen that shows them is opened
 * and must show them literally, with no element made from them and no script run or blocked. Names the
 * server refuses (its name rules, spec part 1 §5, part 2 §5) are rows of their own that show the refusal.
 */

type Admin = { Guid: string; Email: string; Roles: number[]; Revision: number };
type Body = Record<string, unknown>;

/** The demo data the payloads are copied into (server/seed/demo/). */
const demo = {
  connection: '9b8a7c6d-5e4f-4a3b-9c2d-1e0f0a1b2c3d',
  metadata: '7d2e9f10-1a2b-4c3d-8e4f-5a6b7c8d9e02',
  method: '8e3fa021-2b3c-4d4e-9f50-6b7c8d9e0f01',
  restApi: '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02',
  script: '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a10',
  countries: 'c0a80001-0000-4000-8000-000000000001',
  customers: 'c0a80001-0000-4000-8000-000000000002',
  composed: 'c0a80001-0000-4000-8000-000000000010',
  action: 'c0a80001-0000-4000-8000-000000000020',
  flow: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a11',
};

/** The three payloads of a field, each a text that would set window.__xss to the field's name if run. */
const payloads = xssPayloads;
/** All three in one text, for fields that hold free text (descriptions, code, record values). */
const text = (field: string) => payloads(field).join(' ');
/** The payload without spaces: it passes the names that only refuse spaces. */
const spaceless = (field: string) => payloads(field)[2]!;

/** The message keys of a refusal: its own and those of each field error. */
const messageKeys = (body: Body) =>
  [body.MessageKey, ...((body.Errors as Body[] | undefined) ?? []).map((error) => error.MessageKey)].join(
    ' ',
  );

/** A name the server is asked to store, and what it answered. */
interface NameAttempt {
  field: string;
  payload: string;
  status: number;
  messageKey?: string;
}

describe('script injected through text fields is shown as text, never run (issue 9 point 5)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let token = '';
  const errors: string[] = [];
  const attempts: NameAttempt[] = [];
  /** Guids of what was stored, to open it. */
  const stored = {
    restApi: randomUUID(),
    metadata: randomUUID(),
    document: randomUUID(),
    flow: randomUUID(),
    actions: [] as string[],
  };

  const get = async (path: string) => (await call(server, 'GET', path, { token })).body as Body;
  const post = (path: string, body: unknown) => call(server, 'POST', path, { token, body });
  /** Stores an item and expects the server to keep it. */
  const keep = async (path: string, body: unknown) => {
    const answer = await post(path, body);
    if (answer.status !== 200)
      throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  };
  /** Tries each payload as a name; the ones kept stay, the ones refused are recorded with the reason. */
  const tryNames = async (
    field: string,
    names: string[],
    store: (name: string) => Promise<{ status: number; body: Body }>,
  ) => {
    for (const payload of names) {
      const answer = await store(payload);
      attempts.push({
        field,
        payload,
        status: answer.status,
        ...(answer.status === 200 ? {} : { messageKey: messageKeys(answer.body) }),
      });
    }
  };
  /** The copy of a stored item with a new guid, as a draft; the server sets its bookkeeping fields. */
  const copy = (item: Body, changes: Body): Body => {
    const { Revision: _revision, Created: _created, Modified: _modified, Status: _status, ...rest } = item;
    return { ...rest, IsPublished: false, ...changes };
  };

  async function seed() {
    const connection = await get(`Connection/GetConnectionByGuid/${demo.connection}`);
    const metadata = await get(`MetaDocumentBuilder/GetMetadataDocument/${demo.metadata}`);
    const method = await get(`SPActionDocument/GetConnectionMethod/${demo.connection}/${demo.method}`);
    const restApi = await get(`RestApi/GetRestApiByGuid/${demo.restApi}`);
    const script = await get(`Script/GetScriptByGuid/${demo.script}`);
    const countries = await get(`DocumentBuilder/GetConnectionDocument/${demo.connection}/${demo.countries}`);
    const composed = await get(`ComposedDocument/GetComposedDocument/${demo.connection}/${demo.composed}`);
    const action = await get(`ActionDocument/GetActionDocument/${demo.connection}/${demo.action}`);
    const flow = await get(`FlowBuilder/GetRestMethodFlowById/${demo.flow}`);

    // Roles and API users first: the other screens list them by name.
    await tryNames('role name', payloads('role-name'), (Name) =>
      post('UserManagement/PostRole', { Guid: 0, Name, Permissions: {} }),
    );
    const roles = (await call(server, 'GET', 'UserManagement/GetRoles', { token })).body as unknown as Array<{
      Guid: number;
      Name: string;
    }>;
    const payloadRoles = roles.filter((role) => role.Name.includes('__xss')).map((role) => role.Guid);
    const apiUsers: string[] = [];
    await tryNames('API user name', payloads('api-user-name'), async (Username) => {
      const Guid = randomUUID();
      apiUsers.push(Guid);
      return post('RestApi/PostApiUser', { Guid, Username, Roles: payloadRoles });
    });
    for (const [index, [first, last]] of payloads('user-first-name')
      .map((first, at) => [first, payloads('user-last-name')[at]!])
      .entries())
      await keep('UserManagement/PostUser', {
        Guid: randomUUID(),
        Email: `xss.${index}@example.com`,
        FirstName: first,
        LastName: last,
        Roles: payloadRoles,
      });

    await tryNames('connection name', payloads('connection-name'), (Name) =>
      post('Connection/PostConnection', copy(connection, { FlowConnectionGuid: randomUUID(), Name })),
    );
    await keep(
      'Connection/PostConnection',
      copy(connection, {
        FlowConnectionGuid: randomUUID(),
        Name: 'xss_connection',
        IsInternal: false,
        Description: text('connection-description'),
      }),
    );

    await tryNames('metadata document name', payloads('metadata-name').slice(0, 2), (Name) =>
      post('MetaDocumentBuilder/MetaDocument', copy(metadata, { Guid: randomUUID(), Name })),
    );
    await tryNames('metadata field name', payloads('metadata-field-name'), (Name) =>
      post(
        'MetaDocumentBuilder/MetaDocument',
        copy(metadata, { Guid: randomUUID(), Name: 'FieldNames', Elements: [{ Name, Type: 'String' }] }),
      ),
    );
    await keep(
      'MetaDocumentBuilder/MetaDocument',
      copy(metadata, {
        Guid: stored.metadata,
        Name: spaceless('metadata-name'),
        Description: text('metadata-description'),
        Elements: [{ Name: 'Remark', Type: 'String', Description: text('metadata-field-description') }],
      }),
    );

    await tryNames('method name', payloads('method-name'), (Name) => {
      const Guid = randomUUID();
      return post(
        `SPActionDocument/PostConnectionMethod/${demo.connection}/${Guid}`,
        copy(method, { Guid, Name }),
      );
    });
    const methodGuid = randomUUID();
    await keep(
      `SPActionDocument/PostConnectionMethod/${demo.connection}/${methodGuid}`,
      copy(method, { Guid: methodGuid, Name: 'xss_method', Description: text('method-description') }),
    );

    await tryNames('REST API name', payloads('rest-api-name').slice(0, 2), (Name) =>
      post('RestApi/PostRestApi', copy(restApi, { Guid: randomUUID(), Name, ErrorFlow: null })),
    );
    await keep(
      'RestApi/PostRestApi',
      copy(restApi, {
        Guid: stored.restApi,
        // The demo's error flow is a flow of the demo REST API, not of this copy.
        ErrorFlow: null,
        Name: spaceless('rest-api-name'),
        Description: text('rest-api-description'),
        Users: apiUsers,
      }),
    );

    await tryNames('script name', payloads('script-name'), (Name) =>
      post('Script/PostScript', copy(script, { Guid: randomUUID(), Name })),
    );
    await keep(
      'Script/PostScript',
      copy(script, {
        Guid: randomUUID(),
        Name: 'xss.Script',
        Description: text('script-description'),
        Script: `// ${text('script-code')}\npublic class Xss {}\n`,
      }),
    );

    // A published list document, so the Document Editor lists it too.
    await tryNames('document name', payloads('document-name').slice(0, 2), (Name) => {
      const Guid = randomUUID();
      return post(
        `DocumentBuilder/PostConnectionDocument/${demo.connection}/${Guid}`,
        copy(countries, { Guid, Name }),
      );
    });
    await tryNames('document field name', payloads('document-field-name'), (Name) => {
      const Guid = randomUUID();
      return post(
        `DocumentBuilder/PostConnectionDocument/${demo.connection}/${Guid}`,
        copy(countries, { Guid, Name: 'FieldNames', Elements: [{ Name, Type: 'String', IsKey: true }] }),
      );
    });
    const elements = countries.Elements as Body[];
    await keep(
      `DocumentBuilder/PostConnectionDocument/${demo.connection}/${stored.document}`,
      copy(countries, {
        Guid: stored.document,
        Name: spaceless('document-name'),
        Description: text('document-description'),
        Elements: elements.map((element, index) =>
          index === 1 ? { ...element, Description: text('document-field-description') } : element,
        ),
        IsPublished: true,
      }),
    );
    for (const value of payloads('record-value'))
      await keep(`DocumentEditor/PostRecord/${demo.connection}/${demo.customers}?IsNew=true`, {
        Name: value,
        CountryCode: 'NL',
      });

    await tryNames('composed document name', payloads('composed-name').slice(0, 2), (Name) => {
      const Guid = randomUUID();
      return post(
        `ComposedDocument/PostComposedDocument/${demo.connection}/${Guid}`,
        copy(composed, { Guid, Name }),
      );
    });
    const composedGuid = randomUUID();
    await keep(
      `ComposedDocument/PostComposedDocument/${demo.connection}/${composedGuid}`,
      copy(composed, {
        Guid: composedGuid,
        Name: spaceless('composed-name'),
        Description: text('composed-description'),
      }),
    );

    await tryNames('action document name', payloads('action-name'), (ActionDocumentName) => {
      const Guid = randomUUID();
      stored.actions.push(Guid);
      return post(
        `ActionDocument/PostActionDocument/${demo.connection}/${Guid}`,
        copy(action, {
          Guid,
          ActionDocumentName,
          ...(stored.actions.length === 1 ? { Description: text('action-description') } : {}),
        }),
      );
    });

    const { VersionGuid: _version, Versions: _versions, ...draftFlow } = copy(flow, {});
    await tryNames('flow name', payloads('flow-name'), (Name) =>
      post('FlowBuilder/PostRestMethodFlow', { ...draftFlow, Guid: randomUUID(), Name }),
    );
    // The flow belongs to the REST API stored above through the REST API builder.
    await keep('FlowBuilder/PostRestMethodFlow', {
      ...draftFlow,
      Guid: stored.flow,
      Name: 'xss/flow',
      Api: stored.restApi,
      Description: text('flow-description'),
    });
  }

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    await seed();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** What the server answered to each payload as a name (spec part 1 §5, part 2 §5 'Names'). */
  const names: Array<{ field: string; kept: boolean; refusedWith?: string; spacelessKept?: boolean }> = [
    { field: 'role name', kept: true },
    { field: 'API user name', kept: true },
    { field: 'action document name', kept: true },
    { field: 'connection name', kept: false, refusedWith: 'cb.validation.nameInvalid' },
    { field: 'method name', kept: false, refusedWith: 'method.validation.nameInvalid' },
    { field: 'script name', kept: false, refusedWith: 'sb.validation.name' },
    { field: 'flow name', kept: false, refusedWith: 'fb.flowErrors.flowNameInvalid' },
    { field: 'metadata field name', kept: false, refusedWith: 'mb.validation.fieldName' },
    { field: 'document field name', kept: false, refusedWith: 'db.validation.fieldName' },
    // Names that only refuse spaces: the payload without spaces is stored (seed) and checked on screen.
    {
      field: 'metadata document name',
      kept: false,
      refusedWith: 'docNameContainsSpace',
      spacelessKept: true,
    },
    {
      field: 'REST API name',
      kept: false,
      refusedWith: 'ra.validation.nameContainsSpace',
      spacelessKept: true,
    },
    {
      field: 'document name',
      kept: false,
      refusedWith: 'db.validation.nameContainsSpace',
      spacelessKept: true,
    },
    {
      field: 'composed document name',
      kept: false,
      refusedWith: 'cd.validation.nameContainsSpace',
      spacelessKept: true,
    },
  ];
  for (const row of names) {
    const what = row.kept
      ? 'the server keeps every payload as a name'
      : row.spacelessKept
        ? `the server refuses the payloads with spaces (${row.refusedWith}) with 400; the one without spaces is kept and shown below`
        : `the server refuses every payload as a name (${row.refusedWith}) with 400, never 500`;
    it(`${row.field}: ${what}`, () => {
      const tried = attempts.filter((attempt) => attempt.field === row.field);
      expect(tried).toHaveLength(row.spacelessKept ? 2 : 3);
      for (const attempt of tried) {
        if (row.kept) expect(attempt.status, attempt.payload).toBe(200);
        else {
          expect(attempt.status, attempt.payload).toBe(400);
          expect(attempt.messageKey, attempt.payload).toContain(row.refusedWith);
        }
      }
    });
  }

  interface Screen {
    name: string;
    path: string;
    /** What a user does there to reach the screen. */
    open?(page: Page): Promise<unknown>;
    ready(page: Page): Locator;
    /** The payload texts the screen must show literally. */
    shows: string[];
  }
  const topDrawer = (page: Page) => page.locator('.drawer-stack > [role="dialog"]:last-of-type');
  const button = (name: string) => (page: Page) =>
    page.getByRole('button', { name, exact: true }).first().click();
  const shownName = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first();

  const screens: Screen[] = [
    {
      name: 'connection description: the connection’s detail',
      path: '/connectionbuilder',
      open: button('xss_connection'),
      ready: (page) => page.getByLabel('Description'),
      shows: payloads('connection-description'),
    },
    {
      name: 'metadata document name and description: the list',
      path: '/metadatabuilder',
      ready: (page) => shownName(page, spaceless('metadata-name')),
      shows: [spaceless('metadata-name'), ...payloads('metadata-description')],
    },
    {
      name: 'metadata document name, description and field description: detail and field drawer',
      path: `/metadatabuilder/${stored.metadata}`,
      open: button('Remark'),
      ready: (page) => topDrawer(page).getByLabel('Description'),
      shows: [
        spaceless('metadata-name'),
        ...payloads('metadata-description'),
        ...payloads('metadata-field-description'),
      ],
    },
    {
      name: 'method description: the method’s detail',
      path: '/methodbuilder',
      open: button('xss_method'),
      ready: (page) => page.getByLabel('Description'),
      shows: payloads('method-description'),
    },
    {
      name: 'REST API name: the list',
      path: '/restapi',
      ready: (page) => shownName(page, spaceless('rest-api-name')),
      shows: [spaceless('rest-api-name')],
    },
    {
      name: 'REST API name, description and its API users’ names: the detail',
      path: `/restapi/${stored.restApi}`,
      ready: (page) => page.getByLabel('Description'),
      shows: [spaceless('rest-api-name'), ...payloads('rest-api-description'), ...payloads('api-user-name')],
    },
    {
      name: 'API user names: the list, and a drawer with its role names',
      path: '/restapi?tab=apiUsers',
      open: button(payloads('api-user-name')[0]!),
      // The role checklist loads with its own call (UserManagement.GetRoles), after the drawer's form.
      ready: (page) => topDrawer(page).getByRole('checkbox', { name: payloads('role-name')[2]! }),
      shows: [...payloads('api-user-name'), ...payloads('role-name')],
    },
    {
      name: 'script description and code: the script’s detail',
      path: '/scriptbuilder',
      open: button('xss.Script'),
      ready: (page) => page.locator('.cm-content'),
      shows: [...payloads('script-description'), ...payloads('script-code')],
    },
    {
      name: 'document name: the list',
      path: '/documentbuilder',
      ready: (page) => shownName(page, spaceless('document-name')),
      shows: [spaceless('document-name')],
    },
    {
      name: 'document name, description and field description: detail and field drawer',
      path: `/documentbuilder/${stored.document}?connection=${demo.connection}`,
      open: (page) => page.locator('tr[data-field="Name"] .list__open').click(),
      ready: (page) => topDrawer(page).getByLabel('Description'),
      shows: [
        spaceless('document-name'),
        ...payloads('document-description'),
        ...payloads('document-field-description'),
      ],
    },
    {
      name: 'document name: the Document Editor’s list of documents',
      path: '/documenteditor',
      ready: (page) => shownName(page, spaceless('document-name')),
      shows: [spaceless('document-name')],
    },
    {
      name: 'record values: the records of Customers',
      path: '/documenteditor',
      open: button('Customers'),
      ready: (page) => page.locator('tbody tr', { hasText: '__xss' }).first(),
      shows: payloads('record-value'),
    },
    {
      name: 'record value: the record drawer',
      path: '/documenteditor',
      open: async (page) => {
        await button('Customers')(page);
        await page
          .locator('tbody tr', { hasText: payloads('record-value')[0]! })
          .locator('.list__open')
          .click();
      },
      ready: (page) => topDrawer(page).getByRole('textbox', { name: 'Name', exact: true }),
      shows: [payloads('record-value')[0]!],
    },
    {
      name: 'composed document name and description: list and detail',
      path: '/composeddocument',
      open: button(spaceless('composed-name')),
      ready: (page) => page.getByLabel('Description'),
      shows: [spaceless('composed-name'), ...payloads('composed-description')],
    },
    {
      name: 'action document names: the list',
      path: '/actiondocument',
      ready: (page) => shownName(page, payloads('action-name')[2]!),
      shows: payloads('action-name'),
    },
    {
      name: 'action document name and description: the detail',
      path: '/actiondocument',
      open: button(payloads('action-name')[0]!),
      ready: (page) => page.getByLabel('Description'),
      shows: [payloads('action-name')[0]!, ...payloads('action-description')],
    },
    {
      name: 'REST API name in the Flow Builder: list, filter and create drawer',
      path: '/flowbuilder',
      open: button('Create flow'),
      ready: (page) => topDrawer(page).getByLabel('REST API'),
      shows: [spaceless('rest-api-name')],
    },
    {
      name: 'REST API name in the flow editor’s details drawer',
      path: `/flowbuilder/${stored.flow}`,
      open: button('Details'),
      ready: (page) => topDrawer(page).getByRole('table', { name: 'Versions' }),
      shows: [spaceless('rest-api-name')],
    },
    {
      name: 'role names: the list and a role drawer',
      path: '/usermanagement?tab=roles',
      open: button(payloads('role-name')[1]!),
      ready: (page) => page.getByRole('dialog', { name: `Role ${payloads('role-name')[1]}` }),
      shows: payloads('role-name'),
    },
    {
      name: 'user names: the list, and a user drawer with its role names',
      path: '/usermanagement',
      open: button('xss.0@example.com'),
      ready: (page) =>
        page
          .getByRole('dialog', { name: 'User xss.0@example.com' })
          .getByRole('checkbox', { name: payloads('role-name')[2]! }),
      shows: [...payloads('user-first-name'), ...payloads('user-last-name'), ...payloads('role-name')],
    },
    {
      name: 'names and descriptions in the audit trail, with the changes open',
      path: '/audit?kind=metadata',
      open: (page) =>
        page
          .locator('tbody tr', { hasText: spaceless('metadata-name') })
          .first()
          .locator('summary')
          .click(),
      ready: (page) => page.getByRole('table', { name: 'Changes' }).first(),
      // A change shows 160 characters of a value (src/engine/diff/formatValue.ts): two of the three.
      shows: [spaceless('metadata-name'), ...payloads('metadata-description').slice(0, 2)],
    },
    {
      name: 'item names in the command palette’s search',
      path: '/',
      open: async (page) => {
        await page.locator('.module-card').first().waitFor();
        await page.keyboard.press('Control+k');
        await page.getByRole('combobox').fill('__xss');
      },
      ready: (page) => page.getByRole('option', { name: /action document/ }).first(),
      shows: [spaceless('metadata-name'), ...payloads('action-name')],
    },
  ];

  describe('each screen shows the stored payloads as text', () => {
    let page: Page;
    beforeAll(async () => {
      page = await freshPage();
    });
    for (const screen of screens) {
      it(screen.name, async () => {
        onTestFailed(() => screenshot(page, `xss-failed-${screen.name.replace(/[^\w-]+/g, '-')}`));
        await page.goto(`${server.url}${screen.path}`);
        await screen.open?.(page);
        await screen.ready(page).waitFor();
        // The first row that is ready may be drawn before the others: the problems are polled until none
        // is left or the time is up, and then they are the failure's message.
        const problems = async () =>
          (
            await Promise.all(
              screen.shows.map(async (payload) => (await injectionProblems(page, payload)).join('; ')),
            )
          ).filter(Boolean);
        await expect.poll(problems, { timeout: 10_000 }).toEqual([]);
      });
    }

    it('flow description: kept by the server, shown on no screen, and nothing made of it in the editor', async () => {
      const kept = await get(`FlowBuilder/GetRestMethodFlowById/${stored.flow}`);
      expect(kept.Description).toBe(text('flow-description'));
      await page.goto(`${server.url}/flowbuilder/${stored.flow}`);
      await page.getByRole('button', { name: 'Details', exact: true }).click();
      await topDrawer(page).getByRole('table', { name: 'Versions' }).waitFor();
      for (const payload of payloads('flow-description'))
        expect(await injectionProblems(page, payload)).toEqual([
          `the text ${payload} is not shown literally`,
        ]);
      await screenshot(page, 'xss-flow-details');
    });
  });

  /** Stores the payload as the administrator's first name, which the home welcome and the menu show. */
  async function nameAdminAs(payload: string) {
    const users = await call(server, 'GET', 'UserManagement/GetUsers', { token });
    const admin = (users.body as unknown as Admin[]).find((user) => user.Email === testAdmin.email)!;
    const saved = await call(server, 'POST', 'UserManagement/PostUser', {
      token,
      body: {
        Guid: admin.Guid,
        Email: admin.Email,
        Roles: admin.Roles,
        FirstName: payload,
        Revision: admin.Revision,
      },
    });
    expect(saved.status).toBe(200);
  }

  /** A page signed in as the administrator, watching for script injection from its first screen on. */
  async function freshPage(pageErrors = errors): Promise<Page> {
    const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    const page = await signedInPage(browser, server.url, tokens, pageErrors);
    await watchForScriptInjection(page);
    return page;
  }

  describe('the signed-in user’s first name: the home welcome and the side menu', () => {
    let page: Page;
    beforeAll(async () => {
      page = await freshPage();
    });
    for (const [index, payload] of payloads('admin-first-name').entries()) {
      it(`payload ${index + 1} is shown literally`, async () => {
        await nameAdminAs(payload);
        // The name comes from the token's claims: a new sign-in carries it.
        const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
        await page.evaluate(
          ([token, refreshToken]) => {
            localStorage.setItem('token', token);
            localStorage.setItem('refreshToken', refreshToken);
          },
          [tokens.Token, tokens.RefreshToken] as const,
        );
        await page.goto(server.url);
        await page.locator('.module-card:not(.module-card--placeholder)').first().waitFor();
        expect(await page.locator('.page__title').textContent()).toContain(payload);
        expect(await page.locator('.menu__profile').textContent()).toContain(payload);
        expect(await injectionProblems(page, payload)).toEqual([]);
      });
    }
  });

  it('control: the check catches markup that reached the page, with and without the policy', async () => {
    const [payload] = payloads('control');
    // Its own error list: the blocked handler is an expected console error here, nowhere else.
    const page = await freshPage([]);
    await page.goto(server.url);
    await page.locator('.module-card').first().waitFor();
    // What a component rendering text as HTML would do; the policy blocks the handler, the check sees it.
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), payload!);
    await expect
      .poll(async () => (await injectionProblems(page, payload!)).join('\n'))
      .toMatch(/element\(s\) were made/);
    await expect
      .poll(async () => (await injectionProblems(page, payload!)).join('\n'))
      .toMatch(/policy blocked script/);
    // Without a policy the script runs, and the check sees that too.
    await page.goto('about:blank');
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), payload!);
    await expect.poll(async () => (await injectionProblems(page, payload!)).join('\n')).toMatch(/script ran/);
    await page.context().close();
  });

  it('no script error happened in the console', () => {
    expect(errors).toEqual([]);
  });
});
