import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/api';
import { launchBrowser, startConsole } from '../support/browser';
import { confirmDialog, drawer, signedInPage } from '../support/consolePages';
import { testAdmin } from '../support/testServer';

/**
 * Acceptance of issue 33 ("The console's loose ends") points 1 to 6, in headless Chromium, one
 * table per point. Failures are made by route interception (playwright `page.route`): a call the server
 * never answers (`network`), one it answers 500, or a save or delete it answers 200 with `false`. Each row
 * opens a page of its own (a fresh browser context, signed in with tokens), so notices and kept drafts of
 * one row never reach the next.
 */

const LOAD = 'Something went wrong, please try again';
const UPDATE = 'Something went wrong while updating. Please try again.';
const INTERNAL = 'Internal server error occured, please try again';
const deleting = (item: string) => `Something went wrong while deleting ${item}. Please try again.`;

type Failure = 'network' | 500 | false;

interface Notice {
  severity: string;
  text: string;
}

/** Makes the calls whose method and path match fail as `how`; every other call goes on to the server. */
async function failCalls(page: Page, method: string, path: RegExp, how: Failure) {
  const handler = async (route: Route) => {
    const request = route.request();
    if (request.method() !== method) return route.fallback();
    if (how === 'network') return route.abort('failed');
    if (how === 500) return route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    return route.fulfill({ status: 200, contentType: 'application/json', body: 'false' });
  };
  await page.route((url) => url.pathname.startsWith('/api/') && path.test(url.pathname), handler);
}

/** Answers an item's load with the stored item as a draft, so an editor that saves only drafts saves it. */
async function loadAsDraft(page: Page, path: RegExp) {
  await page.route(
    (url) => url.pathname.startsWith('/api/') && path.test(url.pathname),
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const item = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...item, IsPublished: false } });
    },
  );
}

const notices = (page: Page): Promise<Notice[]> =>
  page.locator('.notice').evaluateAll((elements) =>
    elements.map((element) => ({
      severity: [...element.classList].find((name) => name.startsWith('notice--'))?.slice(8) ?? '',
      text: element.querySelector('.notice__text')?.textContent ?? '',
    })),
  );

const textbox = (page: Page | Locator, name: string) => page.getByRole('textbox', { name, exact: true });
const button = (page: Page | Locator, name: string) => page.getByRole('button', { name, exact: true });

/** Types into the item's Description and saves: the edit the save rows make. */
async function editAndSave(page: Page, typed: string) {
  await textbox(page, 'Description').fill(typed);
  await expect.poll(() => button(page, 'Save').isEnabled(), { timeout: 15_000 }).toBe(true);
  await button(page, 'Save').click();
}

/** Deletes the list row named `row`, after the confirmation. */
async function deleteRow(page: Page, row: string) {
  await page
    .getByRole('row', { name: new RegExp(row) })
    .getByRole('button', { name: 'delete', exact: true })
    .click();
  await confirmDialog(page, 'Delete');
}

describe('issue 33: the console’s loose ends, in headless Chromium', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  const errors: string[] = [];
  const guids: Record<string, { guid: string; scope: string | null }> = {};
  let flowGuid = '';

  /** The guid (and connection) of a seeded item. */
  const item = (kind: string, name: string) => {
    const found = guids[`${kind}:${name}`];
    if (!found) throw new Error(`no seeded ${kind} named ${name}`);
    return found;
  };

  /** A page of its own, signed in as the administrator, at `path`. */
  async function freshPage(): Promise<Page> {
    const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    const page = await signedInPage(browser, server.url, tokens, errors);
    // Leaving an editor with unsaved edits asks the browser first (spec part 1 §2): leave.
    page.on('dialog', (dialog) => void dialog.accept());
    return page;
  }

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    const rows = await server.db.query<{ kind: string; guid: string; name: string; scope: string | null }>(
      'select kind, guid, name, scope from items',
    );
    for (const row of rows) guids[`${row.kind}:${row.name}`] = { guid: row.guid, scope: row.scope };
    const [flow] = await server.db.query<{ guid: string }>(
      "select guid from flows where name = 'customers/credit'",
    );
    flowGuid = flow!.guid;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Runs one row on a page of its own and closes it. */
  async function onFreshPage(row: (page: Page) => Promise<void>) {
    const page = await freshPage();
    try {
      await row(page);
    } finally {
      await page.context().close();
    }
  }

  const at = (path: () => string) => path;
  const detail = (route: string, kind: string, name: string) => () => {
    const { guid, scope } = item(kind, name);
    return `${route}/${guid}${scope ? `?connection=${scope}` : ''}`;
  };

  describe('point 1: a failure of a call is a notification in the catalogue’s words', () => {
    interface LoadRow {
      what: string;
      spec: string;
      open: () => string;
      call: [method: string, path: RegExp];
      how: Failure;
      notice: string;
    }
    const loads: LoadRow[] = [
      {
        what: 'a list load (scripts)',
        spec: 'part 1 §8 Generic',
        open: at(() => '/scriptbuilder'),
        call: ['GET', /\/Script\/GetScripts$/],
        how: 'network',
        notice: LOAD,
      },
      {
        what: 'a list load (scripts)',
        spec: 'part 1 §8 API errors: 500',
        open: at(() => '/scriptbuilder'),
        call: ['GET', /\/Script\/GetScripts$/],
        how: 500,
        notice: INTERNAL,
      },
      {
        what: 'a list the server pages (connections)',
        spec: 'part 1 §8 Generic',
        open: at(() => '/connectionbuilder'),
        call: ['GET', /\/Connection\/GetConnections$/],
        how: 'network',
        notice: LOAD,
      },
      {
        what: 'a detail load (a script)',
        spec: 'part 1 §8 Generic',
        open: detail('/scriptbuilder', 'script', 'demo.OrderLine'),
        call: ['GET', /\/Script\/GetScriptByGuid\//],
        how: 'network',
        notice: LOAD,
      },
      {
        what: 'a detail load (a script)',
        spec: 'part 1 §8 API errors: 500',
        open: detail('/scriptbuilder', 'script', 'demo.OrderLine'),
        call: ['GET', /\/Script\/GetScriptByGuid\//],
        how: 500,
        notice: INTERNAL,
      },
      {
        what: 'a lookup with its load-error key (schema types)',
        spec: 'part 1 §8 Builders: mb.error.loadSchemaTypes',
        open: at(() => '/metadatabuilder/new'),
        call: ['GET', /\/MetaDocumentBuilder\/GetReferenceLists\/SchemaTypes$/],
        how: 500,
        notice: 'The schema types could not be loaded',
      },
      {
        what: 'a lookup with its load-error key (schema types)',
        spec: 'part 1 §8 Builders: mb.error.loadSchemaTypes',
        open: at(() => '/metadatabuilder/new'),
        call: ['GET', /\/MetaDocumentBuilder\/GetReferenceLists\/SchemaTypes$/],
        how: 'network',
        notice: 'The schema types could not be loaded',
      },
      {
        what: 'a lookup without a key (reference lists)',
        spec: 'part 1 §8 API errors: 500',
        open: at(() => '/metadatabuilder/new'),
        call: ['GET', /\/MetaDocumentBuilder\/GetReferenceLists$/],
        how: 500,
        notice: INTERNAL,
      },
      {
        what: 'a lookup without a key (reference lists)',
        spec: 'part 1 §8 Generic',
        open: at(() => '/metadatabuilder/new'),
        call: ['GET', /\/MetaDocumentBuilder\/GetReferenceLists$/],
        how: 'network',
        notice: LOAD,
      },
      {
        what: 'a select’s lookup (script types)',
        spec: 'part 1 §8 Generic',
        open: at(() => '/scriptbuilder/new'),
        call: ['GET', /\/Script\/GetScriptTypes$/],
        how: 'network',
        notice: LOAD,
      },
    ];
    it.each(loads)('$what failing ($how) is the danger notice "$notice" ($spec)', async (row) => {
      await onFreshPage(async (page) => {
        await failCalls(page, row.call[0], row.call[1], row.how);
        await page.goto(`${server.url}${row.open()}`);
        await expect
          .poll(() => notices(page), { timeout: 20_000 })
          .toContainEqual({ severity: 'danger', text: row.notice });
        // Never the browser's words, inline or in a notice.
        expect(await page.getByText('Failed to fetch').count()).toBe(0);
      });
    });

    interface ChangeRow {
      what: string;
      spec: string;
      open: () => string;
      call: [method: string, path: RegExp];
      how: Failure;
      act(page: Page): Promise<void>;
      notice: string;
      /** Typed into the form, and still there after the failure. */
      kept?: string;
    }
    const typed = 'Typed before the failure';
    const changes: ChangeRow[] = [
      {
        what: 'a save (a connection)',
        spec: 'part 1 §8 Generic: the update text',
        open: detail('/connectionbuilder', 'connection', 'DemoDatabase'),
        call: ['POST', /\/Connection\/PostConnection$/],
        how: 'network',
        act: (page) => editAndSave(page, typed),
        notice: UPDATE,
        kept: typed,
      },
      {
        what: 'a save (a connection)',
        spec: 'part 1 §8 API errors: 500',
        open: detail('/connectionbuilder', 'connection', 'DemoDatabase'),
        call: ['POST', /\/Connection\/PostConnection$/],
        how: 500,
        act: (page) => editAndSave(page, typed),
        notice: INTERNAL,
        kept: typed,
      },
      {
        what: 'a publish (a connection)',
        spec: 'part 1 §8 Generic: the update text',
        open: detail('/connectionbuilder', 'connection', 'DemoDatabase'),
        call: ['POST', /\/Connection\/PostConnection$/],
        how: 'network',
        act: async (page) => {
          await textbox(page, 'Description').fill(typed);
          await button(page, 'requires validation').click();
          await button(page, 'validated').waitFor();
          await button(page, 'Publish').click();
          await confirmDialog(page, 'Publish');
        },
        notice: UPDATE,
        kept: typed,
      },
      {
        what: 'a delete with its own failure text (a script)',
        spec: 'part 1 §8 Builders: sb.scriptDelete.error',
        open: at(() => '/scriptbuilder'),
        call: ['DELETE', /\/Script\/DeleteScript\//],
        how: 'network',
        act: (page) => deleteRow(page, 'demo\\.OrderLine'),
        notice: deleting('script'),
      },
      {
        what: 'a delete with its own failure text (a script)',
        spec: 'part 1 §8 Builders: sb.scriptDelete.error',
        open: at(() => '/scriptbuilder'),
        call: ['DELETE', /\/Script\/DeleteScript\//],
        how: 500,
        act: (page) => deleteRow(page, 'demo\\.OrderLine'),
        notice: deleting('script'),
      },
      {
        what: 'a delete without one (a connection)',
        spec: 'part 1 §8 Generic: the update text',
        open: at(() => '/connectionbuilder'),
        call: ['DELETE', /\/Connection\/DeleteConnection\//],
        how: 'network',
        act: (page) => deleteRow(page, 'DemoDatabase'),
        notice: UPDATE,
      },
      {
        what: 'a drawer’s save (a role)',
        spec: 'part 1 §8 Generic: the update text',
        open: at(() => '/usermanagement?tab=roles'),
        call: ['POST', /\/UserManagement\/PostRole$/],
        how: 'network',
        act: async (page) => {
          await button(page, 'Demo viewers').click();
          const role = drawer(page, /Demo viewers/);
          await textbox(role, 'Name').fill('Demo viewers 2');
          await button(role, 'Save').click();
        },
        notice: UPDATE,
      },
    ];
    it.each(changes)('$what failing ($how) is the danger notice "$notice" ($spec)', async (row) => {
      await onFreshPage(async (page) => {
        await page.goto(`${server.url}${row.open()}`);
        const before = page.url();
        await failCalls(page, row.call[0], row.call[1], row.how);
        await row.act(page);
        await expect
          .poll(() => notices(page), { timeout: 20_000 })
          .toContainEqual({ severity: 'danger', text: row.notice });
        expect((await notices(page)).filter((notice) => notice.severity === 'success')).toEqual([]);
        if (row.kept !== undefined) {
          // A form keeps what the user typed, on its page.
          expect(page.url()).toBe(before);
          expect(await textbox(page, 'Description').inputValue()).toBe(row.kept);
        }
      });
    });

    const missing: Array<[what: string, spec: string, open: () => string, notice: string]> = [
      [
        'a connection',
        'part 1 §8 Builders: cb.error.loadConnection',
        at(() => '/connectionbuilder/00000000-0000-4000-8000-00000000dead'),
        'The connection was not found',
      ],
      [
        'a metadata document',
        'part 1 §8 Builders: mb.error.loadDocument',
        at(() => '/metadatabuilder/00000000-0000-4000-8000-00000000dead'),
        'The metadata document was not found',
      ],
      [
        'a method',
        'part 1 §8 Builders: method.error.loadMethod',
        () =>
          `/methodbuilder/00000000-0000-4000-8000-00000000dead?connection=${item('connection', 'DemoDatabase').guid}`,
        'The method was not found',
      ],
      [
        'a script',
        'part 1 §8 Builders: sb.error.loadScript',
        at(() => '/scriptbuilder/00000000-0000-4000-8000-00000000dead'),
        'The script was not found',
      ],
      [
        'a REST API',
        'part 1 §8 Builders: ra.error.loadRestApi',
        at(() => '/restapi/00000000-0000-4000-8000-00000000dead'),
        'The REST API was not found',
      ],
      [
        'a document',
        'part 2 §8 Not found: db.error.loadDocument',
        () =>
          `/documentbuilder/00000000-0000-4000-8000-00000000dead?connection=${item('connection', 'DemoDatabase').guid}`,
        'The document was not found',
      ],
      [
        'a flow',
        "part 2 §8 Not found: error.loadFlow ('Unable to load flow')",
        at(() => '/flowbuilder/00000000-0000-4000-8000-00000000dead'),
        'Unable to load flow',
      ],
    ];
    it.each(missing)(
      'a missing %s is the danger notice and the page’s own text (%s)',
      async (_what, _spec, open, text) => {
        await onFreshPage(async (page) => {
          await page.goto(`${server.url}${open()}`);
          await expect
            .poll(() => notices(page), { timeout: 20_000 })
            .toContainEqual({ severity: 'danger', text });
          // The inline state stays.
          expect(await page.locator('.empty-state[role="alert"]').textContent()).toBe(text);
        });
      },
    );

    it('a wrong current password is the changePassword.notification notice, the field still marked (part 1 §8 Account)', async () => {
      await onFreshPage(async (page) => {
        await page.goto(`${server.url}/profile`);
        await page.getByLabel('Current password').fill('Wrong!2345');
        await page.getByLabel('New password', { exact: true }).fill('Another!2345');
        await page.getByLabel('Confirm new password').fill('Another!2345');
        await button(page, 'Change password').click();
        await expect
          .poll(() => notices(page), { timeout: 20_000 })
          .toContainEqual({
            severity: 'danger',
            text: 'An error occured, please try again or contact your admin',
          });
        expect(await page.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
        expect(await page.getByLabel('Current password').inputValue()).toBe('Wrong!2345');
      });
    });
  });

  describe('point 2: a save or delete answered false is a failure (part 1 §7)', () => {
    const typed = 'Typed before the false answer';
    interface SaveRow {
      builder: string;
      open: () => string;
      /** The item's load, answered as a draft: these builders save only drafts (part 1 §4). */
      draft?: RegExp;
      save: RegExp;
    }
    const saves: SaveRow[] = [
      {
        builder: 'Connection Builder',
        open: detail('/connectionbuilder', 'connection', 'DemoDatabase'),
        save: /\/Connection\/PostConnection$/,
      },
      {
        builder: 'Metadata Builder',
        open: detail('/metadatabuilder', 'metadata', 'Address'),
        draft: /\/MetaDocumentBuilder\/GetMetadataDocument\//,
        save: /\/MetaDocumentBuilder\/MetaDocument$/,
      },
      {
        builder: 'Method Builder',
        open: detail('/methodbuilder', 'method', 'GetCustomer'),
        draft: /\/SPActionDocument\/GetConnectionMethod\//,
        save: /\/SPActionDocument\/PostConnectionMethod\//,
      },
      {
        builder: 'REST API',
        open: detail('/restapi', 'restApi', 'orders_api'),
        save: /\/RestApi\/PostRestApi$/,
      },
      {
        builder: 'Script Builder',
        open: detail('/scriptbuilder', 'script', 'demo.OrderLine'),
        draft: /\/Script\/GetScriptByGuid\//,
        save: /\/Script\/PostScript$/,
      },
      {
        builder: 'Document Builder',
        open: detail('/documentbuilder', 'document', 'Countries'),
        save: /\/DocumentBuilder\/PostConnectionDocument\//,
      },
      {
        builder: 'Composed Document',
        open: detail('/composeddocument', 'composedDocument', 'CustomersByCountry'),
        save: /\/ComposedDocument\/PostComposedDocument\//,
      },
      {
        builder: 'Action Document',
        open: detail('/actiondocument', 'actionDocument', 'UpsertSalesOrder'),
        save: /\/ActionDocument\/PostActionDocument\//,
      },
    ];
    it.each(saves)(
      '$builder: a save answered false shows the update text and stays (part 1 §7, §8 Generic)',
      async (row) => {
        await onFreshPage(async (page) => {
          if (row.draft) await loadAsDraft(page, row.draft);
          await page.goto(`${server.url}${row.open()}`);
          const before = page.url();
          await failCalls(page, 'POST', row.save, false);
          await editAndSave(page, typed);
          await expect
            .poll(() => notices(page), { timeout: 20_000 })
            .toContainEqual({ severity: 'danger', text: UPDATE });
          expect((await notices(page)).filter((notice) => notice.severity === 'success')).toEqual([]);
          expect(page.url()).toBe(before);
          expect(await textbox(page, 'Description').inputValue()).toBe(typed);
        });
      },
    );

    interface DeleteRow {
      builder: string;
      open: string;
      row: string;
      call: RegExp;
      /** The failure's notice; null where the spec has the failure only logged (part 1 §8, part 2 §8). */
      notice: string | null;
    }
    const deletes: DeleteRow[] = [
      {
        builder: 'Connection Builder',
        open: '/connectionbuilder',
        row: 'DemoDatabase',
        call: /\/DeleteConnection\//,
        notice: UPDATE,
      },
      {
        builder: 'Metadata Builder',
        open: '/metadatabuilder',
        row: 'CustomerMessage',
        call: /\/DeleteMetadataDocument\//,
        notice: deleting('metadata document'),
      },
      {
        builder: 'Method Builder (only logged)',
        open: '/methodbuilder',
        row: 'GetCustomer',
        call: /\/DeleteConnectionMethod\//,
        notice: null,
      },
      {
        builder: 'REST API',
        open: '/restapi',
        row: 'orders_api',
        call: /\/DeleteRestApi\//,
        notice: deleting('REST API'),
      },
      {
        builder: 'API users',
        open: '/restapi?tab=apiUsers',
        row: 'demo-importer',
        call: /\/DeleteApiUser\//,
        notice: deleting('API user'),
      },
      {
        builder: 'Script Builder',
        open: '/scriptbuilder',
        row: 'demo\\.OrderLine',
        call: /\/DeleteScript\//,
        notice: deleting('script'),
      },
      {
        builder: 'Document Builder',
        open: '/documentbuilder',
        row: 'Countries',
        call: /\/DeleteConnectionDocument\//,
        notice: deleting('document'),
      },
      {
        builder: 'Composed Document (only logged)',
        open: '/composeddocument',
        row: 'CustomersByCountry',
        call: /\/DeleteComposedDocument\//,
        notice: null,
      },
      {
        builder: 'Action Document (only logged)',
        open: '/actiondocument',
        row: 'UpsertSalesOrder',
        call: /\/DeleteActionDocument\//,
        notice: null,
      },
      {
        builder: 'Roles',
        open: '/usermanagement?tab=roles',
        row: 'Demo viewers',
        call: /\/DeleteRole\//,
        notice: deleting('role'),
      },
    ];
    it.each(deletes)(
      '$builder: a delete answered false is no delete (part 1 §7, §8 Builders)',
      async (row) => {
        await onFreshPage(async (page) => {
          await page.goto(`${server.url}${row.open}`);
          await page.getByRole('row', { name: new RegExp(row.row) }).waitFor();
          await failCalls(page, 'DELETE', row.call, false);
          // Every answer the page gets, in order: the list's refresh must come after the DELETE's answer.
          const answers: Array<{ method: string; path: string }> = [];
          page.on('response', (response) =>
            answers.push({ method: response.request().method(), path: new URL(response.url()).pathname }),
          );
          const answered = page.waitForResponse((response) =>
            row.call.test(new URL(response.url()).pathname),
          );
          await deleteRow(page, row.row);
          await answered;
          if (row.notice)
            await expect
              .poll(() => notices(page), { timeout: 20_000 })
              .toContainEqual({ severity: 'danger', text: row.notice });
          // The list was asked again (it refreshes after any delete) and still holds the row.
          await expect
            .poll(
              () => {
                const deleted = answers.findIndex((answer) => row.call.test(answer.path));
                return answers
                  .slice(deleted + 1)
                  .some((answer) => answer.method === 'GET' && answer.path.startsWith('/api/'));
              },
              { timeout: 20_000 },
            )
            .toBe(true);
          expect((await notices(page)).filter((notice) => notice.severity === 'success')).toEqual([]);
          if (!row.notice) expect(await notices(page)).toEqual([]);
          expect(await page.getByRole('row', { name: new RegExp(row.row) }).count()).toBe(1);
        });
      },
    );

    /** Opens the demo flow's newest version in the editor, a draft: duplicated from the published one when there is none. */
    async function openFlowDraft(page: Page) {
      await page.goto(`${server.url}/flowbuilder/${flowGuid}`);
      await button(page, 'Details').click();
      const details = drawer(page, 'Flow details');
      const rows = details.getByRole('table', { name: 'Versions' }).locator('tbody tr');
      await rows.first().waitFor();
      if ((await rows.filter({ hasText: 'Draft' }).count()) === 0) {
        await rows.first().getByRole('button', { name: 'duplicate' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Duplicate' }).click();
        await rows.filter({ hasText: 'Draft' }).waitFor();
      }
      return details;
    }

    it('Flow Builder: a save answered false shows the update text, not "Flow saved" (part 1 §7, part 2 §8)', async () => {
      await onFreshPage(async (page) => {
        const details = await openFlowDraft(page);
        await page.getByRole('button', { name: 'Close Flow details' }).click();
        await details.waitFor({ state: 'detached' });
        await page.locator('.flow-node[data-type="result"] .flow-node__body').click();
        const result = drawer(page, 'RESULT block');
        await result.getByLabel('Full output: every flow field').click();
        await button(result, 'Save').click();
        await result.waitFor({ state: 'detached' });
        await failCalls(page, 'POST', /\/FlowBuilder\/PostRestMethodFlow$/, false);
        await button(page, 'Save').click();
        await expect
          .poll(() => notices(page), { timeout: 20_000 })
          .toContainEqual({ severity: 'danger', text: UPDATE });
        expect((await notices(page)).filter((notice) => notice.severity === 'success')).toEqual([]);
        expect(await button(page, 'Save').isEnabled()).toBe(true);
      });
    });

    it('Flow Builder: a version’s delete answered false is no delete (part 1 §7, part 2 §8 fb.flowDelete.error)', async () => {
      await onFreshPage(async (page) => {
        const details = await openFlowDraft(page);
        const rows = details.getByRole('table', { name: 'Versions' }).locator('tbody tr');
        const count = await rows.count();
        await failCalls(page, 'DELETE', /\/FlowBuilder\/DeleteRestMethodFlow\//, false);
        await rows.filter({ hasText: 'Draft' }).getByRole('button', { name: 'delete' }).click();
        await confirmDialog(page, 'Delete');
        await expect
          .poll(() => notices(page), { timeout: 20_000 })
          .toContainEqual({ severity: 'danger', text: deleting('flow') });
        expect((await notices(page)).filter((notice) => notice.severity === 'success')).toEqual([]);
        expect(await rows.count()).toBe(count);
      });
    });
  });

  describe('point 3: each role area offers exactly the spec’s actions (part 1 §6, part 2 §6)', () => {
    /**
     * The role editor's rows as the spec's tables give them: the actions a role is given, one box each.
     * Publish is not assignable where Upsert implies it (connection, document, composed and action
     * document builders: no box), and the Metadata and Script Builders list no Read (it comes with their
     * actions). Every demo module is enabled, so every row shows.
     */
    const rows: Array<[area: string, boxes: string[], spec: string]> = [
      [
        'Flow Builder',
        ['Read', 'Upsert', 'Delete', 'Publish', 'Upsert special flow', 'Delete special flow'],
        'part 2 §6 FlowBuilder',
      ],
      [
        'Document Builder',
        ['Read', 'Upsert', 'Upsert admin', 'Delete', 'Delete published'],
        'part 2 §6 DocumentBuilder; Publish not assignable',
      ],
      [
        'Composed Document',
        ['Read', 'Upsert', 'Upsert admin', 'Delete', 'Delete published'],
        'part 2 §6 ComposedDocument; Publish not assignable',
      ],
      [
        'Action Document',
        ['Read', 'Upsert', 'Delete', 'Delete published'],
        'part 2 §6 ActionDocument: no Upsert admin, no Publish',
      ],
      ['Method Builder', ['Read', 'Upsert'], 'part 1 §6 MethodBuilder: Read; Upsert'],
      [
        'Connection Builder',
        ['Read', 'Upsert'],
        'part 1 §6 ConnectionBuilder: Read; Upsert (implies Read and Publish)',
      ],
      ['REST API', ['Read', 'Upsert', 'Delete', 'Delete rest api'], 'part 1 §6 RestApiBuilder'],
      ['User Management', ['Read', 'Upsert', 'Delete', 'See admin status'], 'part 1 §6 UserManagement'],
      ['Document Editor', ['Read', 'Upsert'], 'part 1 §6, part 2 §6 DocumentEditor'],
      [
        'Metadata Builder',
        ['Upsert', 'Delete', 'Publish'],
        'part 1 §6 MetaDocumentBuilder: Upsert, Delete, Publish',
      ],
      ['Script Builder', ['Upsert'], 'part 1 §6 ScriptBuilder: Upsert (Delete is ScriptDelete’s)'],
      ['Script Delete', ['Delete'], 'part 1 §6 ScriptDelete: script delete uses its own area'],
      ...[
        'Segment Builder',
        'Reporting',
        'Dashboard',
        'Customers',
        'Queue',
        'Dispatcher',
        'Datacleansing',
        'Function Blocks',
        'Generative AI',
        'Insight Tags',
        'Insight KPI',
        'Dashboard Settings',
        'Reports Settings',
        'Datacleansing Settings',
      ].map((area): [string, string[], string] => [
        area,
        ['Read'],
        'part 1 §6 use-only modules: Read means use',
      ]),
    ];

    /** The new-role drawer's matrix: each row's area and the actions of its boxes, as labelled. */
    async function matrixRows(page: Page): Promise<Map<string, string[]>> {
      await page.goto(`${server.url}/usermanagement?tab=roles`);
      await button(page, 'New role').click();
      const role = drawer(page, 'New role');
      await role.locator('.permission-matrix tbody tr').first().waitFor();
      const found = await role.locator('.permission-matrix tbody tr').evaluateAll((trs) =>
        trs.map((tr) => {
          const area = tr.querySelector('th')?.textContent ?? '';
          const boxes = [...tr.querySelectorAll('input[type=checkbox]')].map((box) =>
            (box.getAttribute('aria-label') ?? '').slice(area.length + 2),
          );
          return [area, boxes] as const;
        }),
      );
      return new Map(found);
    }

    it('the role editor shows one row per area, no other', async () => {
      await onFreshPage(async (page) => {
        expect([...(await matrixRows(page)).keys()].sort()).toEqual(rows.map(([area]) => area).sort());
      });
    });

    // The boxes sit in the matrix's shared columns, so their order is the columns'; which there are is
    // the spec's.
    it.each(rows)('%s offers %j (%s)', async (area, boxes) => {
      await onFreshPage(async (page) => {
        expect([...((await matrixRows(page)).get(area) ?? [])].sort()).toEqual([...boxes].sort());
      });
    });

    it('a role given Metadata Builder Upsert saves with the Read it implies, and the server takes it (part 1 §4 Role save)', async () => {
      await onFreshPage(async (page) => {
        await page.goto(`${server.url}/usermanagement?tab=roles`);
        await button(page, 'New role').click();
        const role = drawer(page, 'New role');
        await textbox(role, 'Name').fill('Metadata editors (issue 33)');
        await role.getByLabel('Metadata Builder: Upsert', { exact: true }).check();
        await button(role, 'Save').click();
        await expect
          .poll(async () => (await notices(page)).map((notice) => notice.text).join(' '), { timeout: 15_000 })
          .toContain('Role created');
        const [stored] = await server.db.query<{ permissions: unknown }>(
          "select permissions from roles where name = 'Metadata editors (issue 33)'",
        );
        expect(stored?.permissions).toEqual({
          MetaDocumentBuilder: { Read: true, Upsert: true, Delete: false, Publish: false },
        });
      });
    });
  });

  describe('point 4: every debounced input waits the spec’s delay (part 1 §9, part 2 §9: search 200 ms)', () => {
    /** What the input changes once its delay is over: a call it makes, or the rows a list shows. */
    type Settled = (page: Page, asked: readonly URL[]) => boolean | Promise<boolean>;
    const rows: Array<[what: string, open: string, type: (page: Page) => Promise<void>, settled: Settled]> = [
      [
        'the audit trail’s user filter',
        '/audit',
        (page) => page.getByLabel('User').fill('admin'),
        (_page, asked) =>
          asked.some(
            (url) =>
              url.pathname.endsWith('/Audit/GetAuditEntries') && url.searchParams.get('User') === 'admin',
          ),
      ],
      [
        'a list’s search',
        '/scriptbuilder',
        (page) => page.getByRole('searchbox').fill('no such script'),
        async (page) => (await page.getByRole('row', { name: /demo\.OrderLine/ }).count()) === 0,
      ],
      [
        'the command palette',
        '/',
        async (page) => {
          await page.keyboard.press('Control+K');
          await page.getByRole('combobox').fill('demo');
        },
        (_page, asked) =>
          asked.some(
            (url) => url.pathname.endsWith('/Items/SearchItems') && url.searchParams.get('Text') === 'demo',
          ),
      ],
    ];
    it.each(rows)(
      '%s acts 200 ms after typing, not before, and before 250 ms',
      async (_what, open, type, settled) => {
        await onFreshPage(async (page) => {
          const asked: URL[] = [];
          page.on('request', (request) => void asked.push(new URL(request.url())));
          await page.clock.install();
          await page.goto(`${server.url}${open}`);
          await page.waitForLoadState('networkidle');
          // From here the page's time moves only when the test moves it.
          await page.clock.pauseAt(Date.now() + 60_000);
          await type(page);
          await page.clock.runFor(190);
          await page.waitForTimeout(200);
          expect(await settled(page, asked)).toBe(false);
          // Typed text reaches the form a frame later (src/engine/form/typedText.ts): 200 ms and a frame,
          // short of the default 250 ms and of the 300 ms the audit filter waited.
          await page.clock.runFor(40);
          await expect.poll(() => settled(page, asked), { timeout: 5_000 }).toBe(true);
        });
      },
    );
  });

  describe('point 5: method fields (part 1 §5 Method: field rules)', () => {
    const rows: Array<[what: string, open: () => string, add: string, title: string]> = [
      [
        'a method input field',
        () => `/methodbuilder/new?connection=${item('connection', 'DemoDatabase').guid}`,
        'Add input field',
        'New Input field',
      ],
      [
        'a method output field',
        () => `/methodbuilder/new?connection=${item('connection', 'DemoDatabase').guid}`,
        'Add output field',
        'New Output field',
      ],
      ['a metadata field', at(() => '/metadatabuilder/new'), 'Add field', 'New field'],
    ];
    it.each(rows)(
      '%s named "my field" keeps its space and shows the contains-space error',
      async (_what, open, add, title) => {
        await onFreshPage(async (page) => {
          await page.goto(`${server.url}${open()}`);
          await button(page, add).click();
          const scope = drawer(page, title);
          await textbox(scope, 'Name').fill('my field');
          await expect.poll(() => textbox(scope, 'Name').inputValue()).toBe('my field');
          await expect
            .poll(() => scope.locator('.field__error').allTextContents())
            .toContain('The field name cannot contain spaces');
          expect(await button(scope, 'Add').isDisabled()).toBe(true);
        });
      },
    );
    it.each(rows)(
      '%s added without a type shows the type error and stays open',
      async (_what, open, add, title) => {
        await onFreshPage(async (page) => {
          await page.goto(`${server.url}${open()}`);
          await button(page, add).click();
          const scope = drawer(page, title);
          await textbox(scope, 'Name').fill('amount');
          expect(await scope.getByLabel('Type').inputValue()).toBe('');
          await expect
            .poll(() => scope.locator('.field__error').allTextContents())
            .toContain('Please select a field type');
          await button(scope, 'Add').click({ force: true });
          expect(await scope.isVisible()).toBe(true);
          expect(await page.locator('.field-list__open', { hasText: 'amount' }).count()).toBe(0);
        });
      },
    );
  });
  describe('point 6: the user list at scale is paged by the server (part 1 §9 tables: 20 a page)', () => {
    /**
     * More users than the browser loads whole (LOCAL_LIST_LIMIT, 20,000), so every page, search and
     * sort of the list is the server's (UserManagement/GetUsers with paging parameters and
     * X-Total-Count). Added last: the other points' rows see the demo's few users.
     */
    const COUNT = 20_010;
    const listed = (n: number) => `listed.${String(n).padStart(5, '0')}@example.com`;
    let everyone = 0;
    beforeAll(async () => {
      await server.db.query(
        `insert into users (guid, email, first_name, last_name, created_by, modified_by)
         select gen_random_uuid(), 'listed.' || lpad(i::text, 5, '0') || '@example.com', 'Listed', 'User ' || i,
                'test', 'test'
           from generate_series(1, $1::int) as i`,
        [COUNT],
      );
      const [row] = await server.db.query<{ count: number }>(
        'select count(*)::int as count from users where not is_deleted',
      );
      everyone = row!.count;
    }, 60_000);

    /** The GetUsers calls a page makes, as their query strings (the whole list: ''). */
    const usersCalls = (page: Page) => {
      const calls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.endsWith('/UserManagement/GetUsers')) calls.push(url.search.slice(1));
      });
      return calls;
    };
    const emailsShown = (page: Page) =>
      page.getByRole('region', { name: 'Users' }).locator('tbody tr td:first-child').allTextContents();
    const countShown = (page: Page) => page.locator('.list__count').textContent();

    const rows: Array<
      [
        what: string,
        open: string,
        act: (page: Page) => Promise<void>,
        asked: RegExp,
        emails: string[],
        count: () => string,
        url: RegExp,
      ]
    > = [
      [
        'opens with page 1 of 20 by e-mail, counted by the server',
        '/usermanagement',
        async () => {},
        /^page=1&pageSize=20&sort=Email&direction=ASC$/,
        [],
        () => `${everyone} items`,
        /\/usermanagement$/,
      ],
      [
        'turns to page 2',
        '/usermanagement?q=listed.',
        async (page) => {
          await page
            .getByRole('navigation', { name: 'Users pages' })
            .getByRole('button', { name: '2', exact: true })
            .click();
        },
        /^page=2&pageSize=20&sort=Email&direction=ASC&search=listed\.$/,
        Array.from({ length: 20 }, (_, index) => listed(21 + index)),
        () => `${COUNT} items`,
        /[?&]page=2/,
      ],
      [
        'searches (200 ms after typing), from page 1',
        '/usermanagement?page=3',
        async (page) => {
          await page.getByRole('searchbox', { name: 'Search Users' }).fill('LISTED.0001');
        },
        /^page=1&pageSize=20&sort=Email&direction=ASC&search=LISTED\.0001$/,
        [10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map(listed),
        () => '10 items',
        /[?&]q=LISTED.0001/,
      ],
      [
        'sorts by e-mail descending',
        '/usermanagement?q=listed.',
        async (page) => {
          await page.getByRole('button', { name: /^E-mail/ }).click();
        },
        /^page=1&pageSize=20&sort=Email&direction=DESC&search=listed\.$/,
        Array.from({ length: 20 }, (_, index) => listed(COUNT - index)),
        () => `${COUNT} items`,
        /[?&]dir=desc/,
      ],
      [
        'a link holds search, sort and page (reload, shared link)',
        '/usermanagement?q=listed.&sort=name&dir=desc&page=2',
        async () => {},
        /^page=2&pageSize=20&sort=FirstName&direction=DESC&search=listed\.$/,
        // One first name for all: ties keep the e-mail order.
        Array.from({ length: 20 }, (_, index) => listed(21 + index)),
        () => `${COUNT} items`,
        /[?&]page=2/,
      ],
    ];

    it.each(rows)('%s', async (_what, open, act, asked, emails, count, url) => {
      await onFreshPage(async (page) => {
        const calls = usersCalls(page);
        await page.goto(`${server.url}${open}`);
        await page.getByRole('region', { name: 'Users' }).locator('tbody tr').first().waitFor();
        await act(page);
        await expect.poll(() => calls.filter((call) => asked.test(call)).length, { timeout: 15_000 }).toBe(1);
        if (emails.length > 0)
          await expect.poll(() => emailsShown(page), { timeout: 15_000 }).toEqual(emails);
        // The call was seen leaving; its answer is drawn after it.
        else await expect.poll(async () => (await emailsShown(page)).length, { timeout: 15_000 }).toBe(20);
        await expect.poll(() => countShown(page), { timeout: 15_000 }).toBe(count());
        await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(url);
        // Never the whole list: at this size the browser keeps to the server's pages.
        expect(calls).not.toContain('');
      });
    });
  });
});
