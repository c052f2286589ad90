import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { testAdmin } from '../support/testServer';

/**
 * The Flow Builder in headless Chromium against the built console and the reference server with its demo
 * data (the demo flows under a REST API, the demo document FlowDemoCustomer): spec part 2 §2 'Flow Builder', §4 'New flow',
 * 'Adding a block', validation run, publish; issue 8 acceptance.
 */
describe('Flow Builder end to end (spec part 2 §2 Flow Builder, §4, §5 Flow blocks)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const flowName = 'e2e/orders/open';
  /** The REST API of the demo flows, read from the list; the new flows go under it too. */
  let demoApi = '';

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    page = await newPage(browser, errors);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').fill(testAdmin.email);
    await page.getByLabel('Password').fill(testAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authentication code').fill(await server.code(testAdmin.totpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Waits for what the page shows (lazy chunks, the layout worker), up to 20 s; asserts nothing about time. */
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
  const notice = () => page.locator('.notice').last();
  const nodes = () => page.locator('.flow-node');
  /** Block types left to right, as the layout placed them (layered, left to right). */
  const nodeTypes = () =>
    nodes().evaluateAll((all) =>
      all
        .map((node) => ({ x: node.getBoundingClientRect().x, type: node.getAttribute('data-type') }))
        .sort((a, b) => a.x - b.x)
        .map((node) => node.type),
    );
  /** Fits the whole flow in view: the canvas draws only the blocks in view. */
  const fitView = () => page.getByRole('button', { name: 'Fit View' }).click();
  const drawer = (title: string) => page.getByRole('dialog', { name: title });

  it('opens the welcome list with search, REST API filter and status filter (§2 Flow Builder)', async () => {
    await page.goto(`${server.url}/flowbuilder`);
    await page.getByRole('heading', { name: 'Flow Builder' }).waitFor();
    const rows = page.locator('.list__table tbody tr');
    await poll(() => rows.count()).toBeGreaterThan(0);
    const all = await rows.count();
    demoApi = (await rows.first().locator('td').nth(2).textContent()) ?? '';
    expect(demoApi).not.toBe('');
    await page.getByRole('button', { name: 'Published', exact: true }).click();
    await poll(() => new URL(page.url()).searchParams.get('status')).toBe('published');
    expect(await rows.count()).toBeLessThanOrEqual(all);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await poll(() => rows.count()).toBe(all);
    await page.getByLabel('REST API').selectOption({ label: demoApi });
    await poll(() => new URL(page.url()).searchParams.get('api')).not.toBeNull();
    await page.getByLabel('Search Flows').fill('zz-nothing-matches');
    await poll(() => page.getByText('Nothing matches').count()).toBe(1);
    await page.getByLabel('Search Flows').fill('');
    // Every row left has the chosen REST API.
    await poll(async () => {
      const apis = await rows.locator('td:nth-child(3)').allTextContents();
      return apis.length > 0 && apis.every((api) => api === demoApi);
    }).toBe(true);
    await screenshot(page, 'flowbuilder-list');
  });

  it('creates a GET flow: the name is cleaned, then the editor shows START → RESULT → CLOSE (§4 New flow, §5 Names)', async () => {
    await page.getByRole('button', { name: 'Create flow' }).click();
    const create = drawer('Create flow');
    await create.waitFor();
    await create.getByLabel('Method').selectOption('GET');
    await create.getByLabel('Name').fill('/e2e//orders/open!');
    expect(await create.getByLabel('Name').inputValue()).toBe(flowName);
    await create.getByLabel('REST API').selectOption({ label: demoApi });
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/flowbuilder\/[0-9a-f-]{36}$/);
    await poll(() => notice().textContent()).toContain(`Flow ${flowName} created`);
    await poll(nodeTypes).toEqual(['start', 'result', 'close']);
    expect(await page.locator('.flow-link').count()).toBe(2);
    await screenshot(page, 'flowbuilder-new-flow');
  });

  it('refuses a second flow with the same name, method and REST API (CheckForExistingRestMethodFlow)', async () => {
    const editorUrl = page.url();
    await page.goto(`${server.url}/flowbuilder`);
    await page.getByRole('button', { name: 'Create flow' }).click();
    const create = drawer('Create flow');
    await create.getByLabel('Name').fill(flowName);
    await create.getByLabel('REST API').selectOption({ label: demoApi });
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await poll(() => create.getByText('A GET flow with this name already exists').count()).toBe(1);
    await create.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();
    await page.goto(editorUrl);
    await poll(nodeTypes).toEqual(['start', 'result', 'close']);
  });

  it('shows a validation error; clicking it selects the block (§4 Validation run)', async () => {
    await page.getByRole('button', { name: 'Requires validation' }).click();
    const item = page.locator('.validation__item', { hasText: 'Choose result fields or full output' });
    await item.waitFor();
    await item.click();
    await poll(() => page.locator('.flow-node--selected').getAttribute('data-type')).toBe('result');
    expect(await page.locator('.flow-node--invalid[data-type="result"]').count()).toBe(1);
  });

  it('adds a block between two blocks, opens its drawer, then deletes it and the neighbours relink (§4 Adding/deleting blocks)', async () => {
    await fitView();
    // The link out of START: the canvas adds blocks (and their links) nearest the view first, so the
    // links' + buttons are not in the flow's order.
    const startGuid = await page.locator('.flow-node[data-type="start"]').getAttribute('data-block');
    await page
      .getByRole('button', { name: `Add a block after ${startGuid!.slice(0, 8)}`, exact: true })
      .click();
    const choose = drawer('Choose new block');
    await choose.waitFor();
    expect(await choose.getByRole('button', { name: /WRITE/ }).isDisabled()).toBe(true);
    await choose.getByRole('button', { name: /^ADD/ }).click();
    await drawer('ADD block').waitFor();
    await page.getByRole('button', { name: 'Close ADD block' }).click();
    await fitView();
    await poll(nodeTypes).toEqual(['start', 'add', 'result', 'close']);
    await poll(() => page.locator('.flow-link').count()).toBe(3);
    await screenshot(page, 'flowbuilder-add-block');
    await page.getByRole('button', { name: 'Delete ADD block' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await fitView();
    await poll(nodeTypes).toEqual(['start', 'result', 'close']);
    await poll(() => page.locator('.flow-link').count()).toBe(2);
  });

  it('fixes the result block in its drawer, validates, saves and publishes (§4 publish)', async () => {
    await page.locator('.flow-node[data-type="result"] .flow-node__body').click();
    const result = drawer('RESULT block');
    await result.waitFor();
    await result.getByLabel('Full output: every flow field').check();
    await result.getByRole('button', { name: 'Save' }).click();
    await result.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Requires validation' }).click();
    await page.getByRole('button', { name: 'Validated' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => notice().textContent()).toContain('Flow saved');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
    await poll(() => notice().textContent()).toContain('Flow published');
    await poll(() => page.locator('.detail__title .flow-status').first().textContent()).toMatch(
      /Inactive|Published/,
    );
    await page.getByText('Read only').waitFor();
    await screenshot(page, 'flowbuilder-published');
  });

  it('activates the published flow from its details, with confirmation (§4 Activating)', async () => {
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const details = drawer('Flow details');
    await details.waitFor();
    await details.getByRole('button', { name: 'Activate', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Activate' }).click();
    await poll(() => notice().textContent()).toContain('Flow activated');
    await details.getByRole('button', { name: 'Deactivate', exact: true }).waitFor();
  });

  it('duplicates the published version as a draft, refuses a second duplicate, deletes the draft (§4 Duplicate, Delete)', async () => {
    const details = drawer('Flow details');
    const rows = details.getByRole('table', { name: 'Versions' }).locator('tbody tr');
    await rows.first().getByRole('button', { name: 'duplicate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Duplicate' }).click();
    await poll(() => notice().textContent()).toContain('Version duplicated as a new draft');
    await poll(() => rows.count()).toBe(2);
    await poll(() => page.locator('.flow-editor__meta').textContent()).toContain('version 2');

    await rows.last().getByRole('button', { name: 'duplicate' }).click();
    const refused = page.getByRole('alertdialog');
    await refused.getByText('Not possible to duplicate').waitFor();
    expect(await refused.getByRole('button').count()).toBe(1);
    await refused.getByRole('button', { name: 'OK' }).click();

    const draftRow = rows.filter({ hasText: 'Draft' });
    await draftRow.getByRole('button', { name: 'delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await poll(() => notice().textContent()).toContain('Draft version deleted');
    await poll(() => rows.count()).toBe(1);
    await poll(() => page.locator('.flow-editor__meta').textContent()).toContain('version 1');
    await screenshot(page, 'flowbuilder-details');

    // Inspect from the history opens that version by URL, which survives a reload.
    await rows.first().getByRole('button', { name: 'inspect' }).click();
    await page.waitForURL(/\/flowbuilder\/[0-9a-f-]{36}\?version=[0-9a-f-]{36}$/);
    await page.reload();
    await poll(() => page.locator('.flow-editor__meta').textContent()).toContain('version 1');
    await page.getByText('Read only').waitFor();
    await poll(nodeTypes).toEqual(['start', 'result', 'close']);
    expect(errors).toEqual([]);
  });

  describe('issue 8 acceptance: READ with a filter, CHECK between, result fields, error → fix → publish and activate', () => {
    const name = 'e2e/customers/credit';
    /** Chooses the option whose text contains `text` (option texts carry a type or path after the name). */
    const chooseOption = async (select: ReturnType<Page['getByLabel']>, text: string) => {
      const label = await select.locator('option', { hasText: text }).first().textContent();
      await select.selectOption({ label: label ?? text });
    };
    /** Adds a block on the OUT link of the block of type `after`, through its + button. */
    const addAfter = async (type: 'READ' | 'CHECK', after: string) => {
      await fitView();
      const guid = await page.locator(`.flow-node[data-type="${after}"]`).getAttribute('data-block');
      await page.getByRole('button', { name: `Add a block after ${guid?.slice(0, 8)}`, exact: true }).click();
      await drawer('Choose new block')
        .getByRole('button', { name: new RegExp(`^${type}`) })
        .click();
      return drawer(`${type} block`);
    };

    it('creates the GET flow and adds a READ block on the published demo document with a filter (§2 drawers 8, 10)', async () => {
      await page.goto(`${server.url}/flowbuilder`);
      await page.getByRole('button', { name: 'Create flow' }).click();
      const create = drawer('Create flow');
      await create.getByLabel('Name').fill(name);
      await create.getByLabel('REST API').selectOption({ label: demoApi });
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await page.waitForURL(/\/flowbuilder\/[0-9a-f-]{36}$/);
      await poll(nodeTypes).toEqual(['start', 'result', 'close']);

      await fitView();
      await page.locator('.flow-node[data-type="start"] .flow-node__body').click();
      const start = drawer('START block');
      await start.getByRole('button', { name: 'Add field' }).click();
      const field = drawer('New start field');
      await field.getByLabel('Name').fill('customerId');
      await field.getByLabel('Type').selectOption('Guid');
      await field.getByLabel('Required').check();
      await field.getByRole('button', { name: 'Save' }).click();
      await field.waitFor({ state: 'detached' });
      await start.getByRole('button', { name: 'Close', exact: true }).click();
      await start.waitFor({ state: 'detached' });

      const read = await addAfter('READ', 'start');
      await read.waitFor();
      await chooseOption(read.getByLabel('Action'), 'FlowDemoCustomer');
      await chooseOption(read.getByLabel('Flow field for Id'), 'customerId');
      await read.getByRole('button', { name: 'Edit filter' }).click();
      const filter = drawer('Read filter');
      await filter.waitFor();
      await filter.getByRole('button', { name: 'Add condition group' }).click();
      await chooseOption(filter.getByLabel('Condition 1.1 field', { exact: true }), 'Name');
      await filter.getByLabel('Condition 1.1 operator').selectOption('equals');
      await filter.getByLabel('Condition 1.1 value 1', { exact: true }).fill('Ann');
      await filter.getByRole('button', { name: 'Save' }).click();
      await filter.waitFor({ state: 'detached' });
      await poll(() => read.getByText('1 condition group(s)').count()).toBe(1);
      const output = read.getByRole('table', { name: 'Output fields' });
      await output.getByRole('checkbox', { name: 'Name', exact: true }).check();
      await output.getByRole('checkbox', { name: 'Credit', exact: true }).check();
      await screenshot(page, 'flowbuilder-read-block');
      await read.getByRole('button', { name: 'Save' }).click();
      await read.waitFor({ state: 'detached' });
      await fitView();
      await poll(nodeTypes).toEqual(['start', 'read', 'result', 'close']);
    });

    it('adds a CHECK with a between condition; its false exit gets an ERROR block (§3 Operators, §4 Adding a block)', async () => {
      const check = await addAfter('CHECK', 'read');
      await check.waitFor();
      await check.getByRole('button', { name: 'Add condition group' }).click();
      await chooseOption(check.getByLabel('Condition 1.1 field', { exact: true }), 'Credit');
      await check.getByLabel('Condition 1.1 operator').selectOption('between');
      await check.getByLabel('Condition 1.1 value 1', { exact: true }).fill('10');
      await check.getByLabel('Condition 1.1 value 2', { exact: true }).fill('1000');
      await screenshot(page, 'flowbuilder-check-block');
      await check.getByRole('button', { name: 'Save' }).click();
      await check.waitFor({ state: 'detached' });
      await fitView();
      await poll(async () => (await nodeTypes()).sort()).toEqual([
        'check',
        'close',
        'error',
        'read',
        'result',
        'start',
      ]);
    });

    it('chooses result fields (§2 drawer 11)', async () => {
      await page.locator('.flow-node[data-type="result"] .flow-node__body').click();
      const result = drawer('RESULT block');
      await result.getByRole('button', { name: 'Choose result fields' }).click();
      const fields = drawer('Result fields');
      await fields.getByRole('checkbox', { name: 'Name', exact: true }).check();
      await fields.getByRole('button', { name: 'Save' }).click();
      await fields.waitFor({ state: 'detached' });
      await result.getByRole('button', { name: 'Save' }).click();
      await result.waitFor({ state: 'detached' });
    });

    it('validates: the ERROR block without a code is listed; clicking it selects and centres the block; fixing it validates (§4, §5 Flow blocks)', async () => {
      await page.getByRole('button', { name: 'Requires validation' }).click();
      const item = page.locator('.validation__item', { hasText: 'Please enter an error code' });
      await item.waitFor();
      await item.click();
      const errorNode = page.locator('.flow-node[data-type="error"]');
      await poll(() => errorNode.getAttribute('class')).toContain('flow-node--selected');
      const canvas = await page.getByTestId('flow-canvas').boundingBox();
      await poll(async () => {
        const box = await errorNode.boundingBox();
        if (!box || !canvas) return Number.POSITIVE_INFINITY;
        return Math.abs(box.x + box.width / 2 - (canvas.x + canvas.width / 2));
      }).toBeLessThan(20);
      await screenshot(page, 'flowbuilder-error-centred');

      await errorNode.locator('.flow-node__body').click();
      const error = drawer('ERROR block');
      await error.getByLabel('Error code').fill('CREDIT_OUT_OF_RANGE');
      await error.getByRole('button', { name: 'Save' }).click();
      await error.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Requires validation' }).click();
      await poll(async () =>
        (await page.locator('.validation__state--ok').count()) === 1
          ? []
          : page.locator('.validation__item').allTextContents(),
      ).toEqual([]);
      await page.getByRole('button', { name: 'Validated' }).waitFor();
    });

    it('publishes with activation (§4 Publishing also enables the flow when asked)', async () => {
      await page.getByLabel('Activate on publish').check();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
      await poll(() => notice().textContent()).toContain('Flow published and active');
      await page.getByText('Read only').waitFor();
      await fitView();
      await screenshot(page, 'flowbuilder-acceptance-published');
      expect(errors).toEqual([]);
    });
  });
});
