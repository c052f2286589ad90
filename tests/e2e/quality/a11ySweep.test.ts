import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { call, signIn } from '../../support/api';
import { accessibilityProblems } from '../../support/axe';
import { launchBrowser, screenshot, startConsole } from '../../support/browser';
import { signedInPage } from '../../support/consolePages';
import { testAdmin } from '../../support/testServer';

/**
 * Issue 9 point 4: axe-core finds no serious or critical violation on any signed-in screen of the
 * console (spec part 1 §2 and part 2 §2 'Screens and routes'): each builder's list, a new item and a
 * stored demo item, and every drawer of part 2 §2 'Drawers' (numbered as there) and of part 1 §2, the
 * confirmation dialog and the command palette. Each journey starts at a route and reaches every screen
 * after it the way a user does, by clicks and keys, so the sweep also proves each one is reachable.
 * An overlay is checked on its own (the page under it was checked in the step before).
 */

interface Step {
  /** What is checked, as the test names it. */
  name: string;
  /** Opens this route first; without it the step goes on from where the one before left the page. */
  path?: string;
  /** What a user does to get there. */
  open?(page: Page): Promise<unknown>;
  /** What shows once the screen is there, loaded. */
  ready(page: Page): Locator;
  /** Checks only the topmost overlay of this kind. */
  within?: 'drawer' | 'dialog' | 'palette';
}

interface Journey {
  title: string;
  steps: Step[];
}

/** The guid of the seeded flow 'customers/credit' (server/seed/demo/050_flows.ts). */
const CREDIT_FLOW = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a10';
const NOTIFY_FLOW = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a11';

const overlays = {
  drawer: '.drawer-stack > [role="dialog"]:last-of-type',
  dialog: '.dialog[role="alertdialog"]',
  palette: '.palette',
};
type Action = (page: Page) => Promise<unknown>;
const topDrawer = (page: Page) => page.locator(overlays.drawer);
const button = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('button', { name, exact: typeof name === 'string' }).first();
const click =
  (name: string | RegExp): Action =>
  (page) =>
    button(page, name).click();
const clickIn =
  (name: string | RegExp): Action =>
  (page) =>
    button(topDrawer(page), name).click();
const tab =
  (name: string): Action =>
  (page) =>
    page.getByRole('tab', { name }).click();
const pressEscape =
  (times = 1): Action =>
  async (page) => {
    for (let pressed = 0; pressed < times; pressed++) await page.keyboard.press('Escape');
  };
const then =
  (...actions: Action[]): Action =>
  async (page) => {
    for (const action of actions) await action(page);
  };
/** Back to the list from a detail; a new item counts as modified, so the guard asks and Leave is chosen. */
const back: Action = then(click(/^‹ /), (page) => button(page.getByRole('alertdialog'), 'Leave').click());
const rows = (page: Page) => page.locator('.list__table tbody tr').first();
const drawerTitled = (title: string | RegExp) => (page: Page) => page.getByRole('dialog', { name: title });
const label = (text: string) => (page: Page) => page.getByLabel(text).first();
const textbox = (name: string) => (page: Page) => page.getByRole('textbox', { name, exact: true }).first();
/** Fits the flow in view (the canvas draws only the blocks in view) and opens a block's drawer. */
const openBlock =
  (type: string): Action =>
  async (page) => {
    await page.getByRole('button', { name: 'Fit View' }).click();
    await page.locator(`.flow-node[data-type="${type}"] .flow-node__body`).first().click();
  };
const block = (type: string) => drawerTitled(`${type} block`);

/** A builder's list, a new item, the leave guard's question, then a stored demo item. */
function builderSteps(options: {
  path: string;
  item: string;
  ready: (page: Page) => Locator;
  stored: string;
  storedReady?: (page: Page) => Locator;
  leaveDialog?: boolean;
}): Step[] {
  return [
    { name: 'list', path: options.path, ready: rows },
    { name: `new ${options.item}`, open: click(`New ${options.item}`), ready: options.ready },
    ...(options.leaveDialog
      ? [
          {
            name: 'confirmation dialog: leave the new item (Leave / Stay)',
            open: click(/^‹ /),
            ready: (page: Page) => page.getByRole('alertdialog'),
            within: 'dialog' as const,
          },
        ]
      : []),
    {
      name: `stored ${options.item} ${options.stored}`,
      open: then(
        options.leaveDialog ? (page) => button(page.getByRole('alertdialog'), 'Leave').click() : back,
        click(options.stored),
      ),
      ready: options.storedReady ?? options.ready,
    },
  ];
}

const journeys: Journey[] = [
  {
    title: 'shell (spec part 1 §2 signed-in routes)',
    steps: [
      { name: 'home', path: '/', ready: (page) => page.locator('.module-card').first() },
      {
        name: 'command palette (Ctrl+K) with items found',
        open: async (page) => {
          await page.keyboard.press('Control+k');
          await page.getByRole('combobox').fill('cust');
        },
        ready: (page) => page.getByRole('option', { name: /CustomerMessage/ }),
        within: 'palette',
      },
      {
        name: '/profile',
        open: then(pressEscape(), (page) => page.locator('.menu__profile').click()),
        ready: label('Current password'),
      },
      {
        name: '/audit',
        path: '/audit',
        ready: (page) => page.getByRole('table', { name: 'Audit trail' }).locator('tbody tr').first(),
      },
    ],
  },
  {
    title: 'Connection Builder (spec part 1 §2)',
    steps: [
      ...builderSteps({
        path: '/connectionbuilder',
        item: 'connection',
        ready: textbox('Name'),
        stored: 'DemoDatabase',
        leaveDialog: true,
      }),
      {
        name: 'the stored item’s history, open',
        open: (page) => page.locator('.item-history__title').click(),
        ready: (page) => page.getByRole('table', { name: 'History' }),
      },
      {
        name: 'confirmation dialog: delete from the list',
        open: then(click(/^‹ /), (page) => rows(page).getByRole('button', { name: 'delete' }).click()),
        ready: (page) => page.getByRole('alertdialog'),
        within: 'dialog',
      },
    ],
  },
  {
    title: 'Metadata Builder (spec part 1 §2)',
    steps: [
      { name: 'list', path: '/metadatabuilder', ready: rows },
      { name: 'new metadata document', open: click('New metadata document'), ready: textbox('Name') },
      {
        name: 'new metadata document with its validation problems listed',
        open: async (page) => {
          await textbox('Name')(page).fill('has spaces');
          await click('requires validation')(page);
        },
        ready: (page) => page.locator('.validation__list .validation__message').first(),
      },
      {
        name: 'metadata field drawer, new field',
        open: click('Add field'),
        ready: drawerTitled('New field'),
        within: 'drawer',
      },
      {
        name: 'stored metadata document CustomerMessage',
        open: then(pressEscape(), back, click('CustomerMessage')),
        ready: label('Description'),
      },
      {
        name: 'metadata field drawer, stored field Address',
        open: click('Address'),
        ready: drawerTitled('Field Address'),
        within: 'drawer',
      },
    ],
  },
  {
    title: 'Method Builder (spec part 1 §2)',
    steps: [
      ...builderSteps({
        path: '/methodbuilder',
        item: 'method',
        ready: label('Stored procedure'),
        stored: 'GetCustomer',
        storedReady: label('Description'),
      }),
      {
        name: 'method field drawer, input field p_id',
        open: click('p_id'),
        ready: drawerTitled('Input field p_id'),
        within: 'drawer',
      },
    ],
  },
  {
    title: 'REST API management (spec part 1 §2), both tabs',
    steps: [
      ...builderSteps({
        path: '/restapi',
        item: 'REST API',
        ready: label('Return type'),
        stored: 'orders_api',
      }),
      { name: 'API users tab: list', open: then(click(/^‹ /), tab('API users')), ready: rows },
      {
        name: 'API user drawer, new',
        open: click('New API user'),
        ready: (page) => drawerTitled('New API user')(page).getByLabel('Demo viewers'),
        within: 'drawer',
      },
      {
        name: 'API user drawer, stored demo-importer',
        open: then(pressEscape(), click('demo-importer')),
        ready: (page) => topDrawer(page).getByRole('textbox', { name: 'API token' }),
        within: 'drawer',
      },
    ],
  },
  {
    title: 'User management (spec part 1 §2), both tabs',
    steps: [
      { name: 'Users tab: list', path: '/usermanagement', ready: rows },
      {
        name: 'user drawer, new',
        open: click('New user'),
        ready: (page) => drawerTitled('New user')(page).getByLabel('Demo builders'),
        within: 'drawer',
      },
      {
        name: 'user drawer, the administrator',
        open: then(pressEscape(), click(testAdmin.email)),
        ready: (page) => drawerTitled(`User ${testAdmin.email}`)(page).getByLabel('Demo builders'),
        within: 'drawer',
      },
      { name: 'Roles tab: list', open: then(pressEscape(), tab('Roles')), ready: rows },
      {
        name: 'role drawer, new',
        open: click('New role'),
        ready: (page) => drawerTitled('New role')(page).getByLabel('Connection Builder: Read'),
        within: 'drawer',
      },
      {
        name: 'role drawer, stored Demo builders',
        open: then(pressEscape(), click('Demo builders')),
        ready: (page) => drawerTitled('Role Demo builders')(page).getByLabel('Connection Builder: Read'),
        within: 'drawer',
      },
      {
        name: 'notification bar after a save',
        open: async (page) => {
          await topDrawer(page).getByLabel('User Management: Read').check();
          await clickIn('Save')(page);
        },
        ready: (page) => page.locator('.notice', { hasText: 'Role saved' }),
      },
    ],
  },
  {
    title: 'Script Builder (spec part 1 §2)',
    steps: [
      ...builderSteps({
        path: '/scriptbuilder',
        item: 'script',
        ready: textbox('Name'),
        stored: 'demo.OrderLine',
        storedReady: (page) => page.locator('.cm-content').first(),
      }),
      {
        name: 'confirmation dialog: publish, with what changes against the published version',
        open: async (page) => {
          await label('Description')(page).fill('Formats order lines for notes and mails.');
          await click('requires validation')(page);
          await click('validated')(page);
          await click('Publish')(page);
        },
        ready: (page) =>
          page
            .getByRole('alertdialog')
            .getByRole('table', { name: 'What changes against the published version' }),
        within: 'dialog',
      },
    ],
  },
  {
    title: 'Document Builder (spec part 2 §2)',
    steps: [
      { name: 'list', path: '/documentbuilder', ready: rows },
      { name: 'new document', open: click('New document'), ready: textbox('Name') },
      {
        name: 'drawer 2: document field details, new field',
        open: click('Add field'),
        ready: (page) => topDrawer(page).getByRole('combobox', { name: 'Type', exact: true }),
        within: 'drawer',
      },
      {
        name: 'drawer 1: document reference picker',
        open: then(pressEscape(), click('Add reference')),
        ready: (page) => button(topDrawer(page), 'Countries'),
        within: 'drawer',
      },
      {
        name: 'stored document Customers',
        open: then(pressEscape(), back, click('Customers')),
        ready: (page) => page.locator('tr[data-field="Email"]'),
      },
      {
        name: 'drawer 2: document field details, stored field Email',
        open: (page) => page.locator('tr[data-field="Email"] .list__open').click(),
        ready: (page) => topDrawer(page).getByRole('combobox', { name: 'Type', exact: true }),
        within: 'drawer',
      },
    ],
  },
  {
    title: 'Document Editor (spec part 2 §2)',
    steps: [
      { name: 'list documents', path: '/documenteditor', ready: rows },
      {
        name: 'records of Customers',
        open: click('Customers'),
        ready: (page) => page.locator('tbody tr', { hasText: 'Globex' }),
      },
      {
        name: 'record drawer, new record',
        open: click('New record'),
        ready: (page) => topDrawer(page).getByRole('textbox', { name: 'Name', exact: true }),
        within: 'drawer',
      },
      {
        name: 'record drawer, stored record',
        open: then(pressEscape(), (page) =>
          page.locator('tbody tr', { hasText: 'Globex' }).locator('.list__open').click(),
        ),
        ready: (page) => topDrawer(page).getByRole('textbox', { name: 'Name', exact: true }),
        within: 'drawer',
      },
    ],
  },
  {
    title: 'Composed Document builder (spec part 2 §2)',
    steps: [
      ...builderSteps({
        path: '/composeddocument',
        item: 'composed document',
        ready: label('Root document'),
        stored: 'CustomersByCountry',
        storedReady: (page) => page.locator('[data-child]').first(),
      }),
      {
        name: 'drawer 13: composed document JSON preview',
        open: click('JSON preview'),
        ready: (page) => topDrawer(page).locator('pre'),
        within: 'drawer',
      },
    ],
  },
  {
    title: 'Action Document builder (spec part 2 §2)',
    steps: [
      ...builderSteps({
        path: '/actiondocument',
        item: 'action document',
        ready: textbox('Name'),
        stored: 'UpsertSalesOrder',
        storedReady: (page) => page.locator('tr[data-action="SalesOrderLine"]'),
      }),
      {
        name: 'drawer 14: action details',
        open: (page) => page.locator('tr[data-action="SalesOrderLine"] .list__open').click(),
        ready: (page) => topDrawer(page).getByLabel('Acts by'),
        within: 'drawer',
      },
      {
        name: 'drawer 3: action sorting fields, over the action details',
        open: clickIn('Add sorting fields'),
        ready: drawerTitled('Action sorting fields'),
        within: 'drawer',
      },
      {
        name: 'drawer 14: match rule details',
        open: then(pressEscape(2), (page) =>
          page.locator('section[aria-label="Match rules"] .list__open').first().click(),
        ),
        ready: drawerTitled(/^Match rule details/),
        within: 'drawer',
      },
      {
        name: 'drawer 13: action document JSON preview',
        open: then(pressEscape(), click('JSON preview')),
        ready: (page) => topDrawer(page).locator('pre'),
        within: 'drawer',
      },
    ],
  },
  {
    title: 'Flow Builder (spec part 2 §2): list, a new script flow, a draft of the POST flow orders/notify',
    steps: [
      { name: 'welcome list', path: '/flowbuilder', ready: rows },
      {
        name: 'create flow drawer',
        open: click('Create flow'),
        ready: drawerTitled('Create flow'),
        within: 'drawer',
      },
      {
        name: 'new script flow in the editor',
        open: async (page) => {
          const create = topDrawer(page);
          await create.getByLabel('Name').fill('a11y/script');
          await create.getByLabel('Uses Script Service').check();
          await create.getByLabel('REST API').selectOption({ index: 1 });
          await button(create, 'Create').click();
        },
        ready: (page) => page.locator('.flow-node[data-type="config"]'),
      },
      { name: 'CONFIG block drawer', open: openBlock('config'), ready: block('CONFIG'), within: 'drawer' },
      {
        name: 'stored flow orders/notify in the editor',
        open: then(
          pressEscape(),
          (page) => page.getByRole('link', { name: '‹ Flow Builder' }).click(),
          click('orders/notify'),
        ),
        ready: (page) => page.locator('.flow-node[data-type="external"]'),
      },
      { name: 'START block drawer', open: openBlock('start'), ready: block('START'), within: 'drawer' },
      {
        name: 'drawer 9: predefined start fields',
        open: clickIn('Predefined fields'),
        ready: drawerTitled('Predefined start fields'),
        within: 'drawer',
      },
      {
        name: 'drawer 12: start-block field details',
        open: then(pressEscape(), clickIn('Add field')),
        ready: drawerTitled('New start field'),
        within: 'drawer',
      },
      {
        name: 'drawer 15: function list picker',
        open: clickIn('Choose function list'),
        ready: (page) => button(topDrawer(page), 'Customers'),
        within: 'drawer',
      },
      {
        name: 'drawer 15: function list field picker',
        open: clickIn('Customers'),
        ready: (page) => topDrawer(page).getByRole('checkbox').first(),
        within: 'drawer',
      },
      {
        name: 'ADD block drawer',
        open: then(pressEscape(4), openBlock('add')),
        ready: block('ADD'),
        within: 'drawer',
      },
      {
        name: 'drawer 4: add field details',
        open: clickIn('gross'),
        ready: drawerTitled('Field gross'),
        within: 'drawer',
      },
      {
        name: 'drawer 8: functions picker',
        open: clickIn('Change function'),
        ready: (page) => topDrawer(page).locator('tbody tr').first(),
        within: 'drawer',
      },
      {
        name: 'EXTERNAL block drawer',
        open: then(pressEscape(3), openBlock('external')),
        ready: block('EXTERNAL'),
        within: 'drawer',
      },
      {
        name: 'RESULT block drawer',
        open: then(pressEscape(), openBlock('result')),
        ready: block('RESULT'),
        within: 'drawer',
      },
      {
        name: 'drawer 6: choose new block',
        open: then(pressEscape(), (page) => page.locator('.flow-link__add').first().click()),
        ready: drawerTitled('Choose new block'),
        within: 'drawer',
      },
      { name: 'WRITE block drawer', open: clickIn(/^WRITE/), ready: block('WRITE'), within: 'drawer' },
      {
        name: 'drawer 7: flow details',
        open: then(pressEscape(), click('Details')),
        ready: (page) => topDrawer(page).getByRole('table', { name: 'Versions' }),
        within: 'drawer',
      },
    ],
  },
  {
    title: 'Flow Builder (spec part 2 §2): a draft of the GET flow customers/credit',
    steps: [
      {
        name: 'stored flow in the editor',
        path: `/flowbuilder/${CREDIT_FLOW}`,
        ready: (page) => page.locator('.flow-node[data-type="check"]'),
      },
      { name: 'READ block drawer', open: openBlock('read'), ready: block('READ'), within: 'drawer' },
      {
        name: 'drawer 10: read filter',
        open: clickIn('Edit filter'),
        ready: drawerTitled('Read filter'),
        within: 'drawer',
      },
      {
        name: 'sorting fields of the read block',
        open: then(pressEscape(), clickIn('Add sort fields')),
        ready: drawerTitled('Sorting fields'),
        within: 'drawer',
      },
      {
        name: 'drawer 5: check condition',
        open: then(pressEscape(2), openBlock('check')),
        ready: block('CHECK'),
        within: 'drawer',
      },
      {
        name: 'ERROR block drawer',
        open: then(pressEscape(), openBlock('error')),
        ready: block('ERROR'),
        within: 'drawer',
      },
      {
        name: 'drawer 11: result fields',
        open: then(pressEscape(), openBlock('result'), clickIn('Choose result fields')),
        ready: drawerTitled('Result fields'),
        within: 'drawer',
      },
    ],
  },
];

describe('accessibility of every signed-in screen and drawer with axe-core (issue 9 point 4)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    // Editable drafts of the published demo flows, so their blocks' drawers can be edited.
    for (const guid of [CREDIT_FLOW, NOTIFY_FLOW]) {
      const flow = await call(server, 'GET', `FlowBuilder/GetRestMethodFlowById/${guid}`, {
        token: tokens.Token,
      });
      const version = String(flow.body.VersionGuid ?? flow.body.Version ?? '');
      const duplicated = await call(
        server,
        'POST',
        `FlowBuilder/DuplicateRestMethodFlow/${guid}/${version}`,
        {
          token: tokens.Token,
        },
      );
      expect(duplicated.status).toBe(200);
    }
    page = await signedInPage(browser, server.url, tokens, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const journey of journeys) {
    describe(journey.title, () => {
      let broken = false;
      for (const step of journey.steps) {
        it(step.name, async (context) => {
          // A step that could not reach its screen leaves the page elsewhere: the rest of the journey
          // is skipped. A screen with violations is reported and the journey goes on.
          if (broken) context.skip();
          broken = true;
          onTestFailed(() =>
            screenshot(page, `a11y-failed-${journey.title}-${step.name}`.replace(/[^\w-]+/g, '-')),
          );
          if (step.path) await page.goto(`${server.url}${step.path}`);
          await step.open?.(page);
          await step.ready(page).waitFor();
          broken = false;
          const problems = await accessibilityProblems(page, step.within && overlays[step.within]);
          expect(problems).toEqual([]);
        });
      }
    });
  }

  it('control: the check of a drawer reports an unlabelled control inside it', async () => {
    await page.goto(`${server.url}/usermanagement?tab=roles`);
    await click('New role')(page);
    await drawerTitled('New role')(page).waitFor();
    await topDrawer(page).evaluate((drawer) =>
      drawer.querySelector('.drawer__body')?.append(document.createElement('input')),
    );
    expect((await accessibilityProblems(page, overlays.drawer)).join('\n')).toMatch(/critical label/);
  });

  it('no script error happened', () => {
    expect(errors).toEqual([]);
  });
});
