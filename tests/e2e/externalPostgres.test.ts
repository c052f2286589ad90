import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, screenshot, startConsole } from '../support/browser';
import { confirmDialog, drawer, lastNotice, signedInPage } from '../support/consolePages';
import { throwawayDatabase } from '../support/externalDatabase';
import { demoToken } from '../support/restCall';
import { testAdmin } from '../support/testServer';

const url = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : undefined;

const REMOTE_SQL = `
  create table product (id integer primary key, name varchar(50) not null, price numeric(10, 2) not null);
  insert into product values (1, 'Lamp', 19.90), (2, 'Desk', 120.00), (3, 'Chair', 45.50);
  create table stock (product_id integer primary key references product, quantity integer not null);
  insert into stock values (1, 12), (2, 4), (3, 0);
  create function public.stock_of(p_id integer) returns table(quantity integer)
    language sql stable as $$ select quantity from stock where product_id = p_id $$;`;

/**
 * Issue 30 point 2's acceptance in Chromium: an external PostgreSQL connection is added in the console,
 * a document is built from one of its tables (picked from the live catalogue) and a method from its
 * function, then a flow that reads both; published, it answers an outside call at /rest/… with the
 * remote's rows. The other database is a throwaway one on the test PostgreSQL (TEST_DATABASE_URL).
 */
describe.skipIf(!url)('an external PostgreSQL in a flow, built in the console (issue 30 point 2)', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  let adminToken: string;
  let connection = '';
  const errors: string[] = [];
  const flowName = 'warehouse/item';

  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const onFailure = (name: string) =>
    onTestFailed(async () => {
      console.log(errors);
      await screenshot(page, `external-failed-${name}`);
    });
  const validateAndPublish = async (published: string) => {
    await page.getByRole('button', { name: 'requires validation' }).click();
    await page.getByRole('button', { name: 'validated' }).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await confirmDialog(page, 'Publish');
    await poll(() => lastNotice(page)).toContain(published);
  };

  beforeAll(async () => {
    database = await throwawayDatabase(url!, REMOTE_SQL);
    server = await startConsole();
    browser = await launchBrowser();
    const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    adminToken = tokens.Token;
    page = await signedInPage(browser, server.url, tokens, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await database?.drop();
  });

  it('adds the PostgreSQL connection in the Connection Builder (spec part 1 §3 Connection)', async () => {
    onFailure('connection');
    const settings = database.settings;
    await page.goto(`${server.url}/connectionbuilder`);
    await button('New connection').click();
    await page.getByLabel('Name').fill('Warehouse');
    await page.getByLabel('Type').selectOption('PostgreSQL');
    await page.getByLabel('Host').fill(settings.Host);
    await page.getByLabel('Port').fill(String(settings.Port));
    await page.getByLabel('Database').fill(settings.Database);
    await page.getByLabel('User').fill(settings.User);
    await page.getByLabel('Password', { exact: true }).fill(settings.Password);
    await page.getByLabel('Document Builder').check();
    await page.getByLabel('Method Builder').check();
    await button('Test connection').click();
    await poll(() => page.locator('.test-connection__result').textContent()).toMatch(
      /^Connected: PostgreSQL/,
    );
    await button('Save').click();
    await poll(() => lastNotice(page)).toContain('Connection created');
    const connections = await call(server, 'GET', 'Connection/GetConnections', { token: adminToken });
    const items = (connections.body.Items ?? connections.body) as Array<{
      Name: string;
      FlowConnectionGuid: string;
    }>;
    connection = items.find((entry) => entry.Name === 'Warehouse')?.FlowConnectionGuid ?? '';
    expect(connection).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('builds a document from the product table picked from the live catalogue, and publishes it (spec part 2 §2 Document Builder)', async () => {
    onFailure('document');
    await page.goto(`${server.url}/documentbuilder?connection=${connection}`);
    await button('New document').click();
    const table = page.getByLabel('Table or view');
    await poll(() => table.locator('option').allTextContents()).toContain('public.product');
    await table.selectOption('public.product');
    // The columns became the fields, the primary key the key; the table's name the document's.
    await poll(() =>
      page.locator('tr[data-field]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-field'))),
    ).toEqual(expect.arrayContaining(['id', 'name', 'price']));
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('product');
    await screenshot(page, 'external-document-from-table');
    await validateAndPublish('Document published');
  });

  it('adds, edits and deletes records of the remote table in the Document Editor (spec part 2 §2 Document Editor)', async () => {
    onFailure('records');
    const remoteRow = async () =>
      (await database.remote.query('select name, price::text as price from product where id = 4')).rows;
    await page.goto(`${server.url}/documenteditor?connection=${connection}`);
    await button('product').click();
    await page.locator('tr', { hasText: 'Chair' }).waitFor();
    await button('New record').click();
    const form = page.getByRole('dialog').last();
    await form.getByLabel(/^id/).fill('4');
    await form.getByLabel(/^name/).fill('Shelf');
    await form.getByLabel(/^price/).fill('75.25');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await poll(remoteRow).toEqual([{ name: 'Shelf', price: '75.25' }]);
    await page.locator('tr', { hasText: 'Shelf' }).getByRole('button', { name: '4', exact: true }).click();
    const record = page.getByRole('dialog').last();
    await record.getByLabel(/^name/).fill('Wall shelf');
    await record.getByRole('button', { name: 'Save' }).click();
    await record.waitFor({ state: 'detached' });
    await poll(remoteRow).toEqual([{ name: 'Wall shelf', price: '75.25' }]);
    await page
      .locator('tr', { hasText: 'Wall shelf' })
      .getByRole('button', { name: '4', exact: true })
      .click();
    await page.getByRole('dialog').last().getByRole('button', { name: 'Delete record' }).click();
    await confirmDialog(page, 'Delete');
    await poll(remoteRow).toEqual([]);
  });

  it('builds a method from the stock_of function and publishes it (spec part 1 §2 Method Builder)', async () => {
    onFailure('method');
    await page.goto(`${server.url}/methodbuilder?connection=${connection}`);
    await button('New method').click();
    const routine = page.getByLabel('Stored procedure');
    await poll(() => routine.locator('option').allTextContents()).toContain('public.stock_of (function)');
    await routine.selectOption('public.stock_of');
    await poll(() => page.locator('.field-list__open').allTextContents()).toEqual(['p_id', 'quantity']);
    await validateAndPublish('Method published');
  });

  it('builds a query method: the query typed, its type Query, saved and read back (spec part 1 §3 Method: script, is_sp)', async () => {
    onFailure('query-method');
    await page.goto(`${server.url}/methodbuilder?connection=${connection}`);
    await button('New method').click();
    // The new method's form is settled once the catalogue's procedures are in (the picker is enabled);
    // the choice is a controlled radio, checked when the form has taken it.
    await poll(() => page.getByLabel('Stored procedure').isEnabled()).toBe(true);
    const queryKind = page.getByLabel('A query written here');
    await queryKind.click();
    await poll(() => queryKind.isChecked()).toBe(true);
    const script = page.getByLabel(/^Query/);
    await script.fill('select id, name from product order by id');
    expect(await page.getByLabel('Type', { exact: true }).inputValue()).toBe('Query');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('dearer_than');
    await page.getByLabel('Read method').check();
    await page.getByLabel('Full output').check();
    await screenshot(page, 'external-query-method');
    await button('Save').click();
    await poll(() => lastNotice(page)).toMatch(/Method (created|saved)/);
    await page.goto(`${server.url}/methodbuilder?connection=${connection}`);
    await button('dearer_than').click();
    await poll(() => page.getByLabel(/^Query/).inputValue()).toBe('select id, name from product order by id');
    expect(await page.getByLabel('A query written here').isChecked()).toBe(true);
  });

  /** Chooses the option whose text contains `text`. */
  const chooseOption = async (select: ReturnType<Page['getByLabel']>, text: string) => {
    await poll(() => select.locator('option', { hasText: text }).count()).toBeGreaterThan(0);
    const label = await select.locator('option', { hasText: text }).first().textContent();
    await select.selectOption({ label: label ?? text });
  };
  const fitView = () => page.getByRole('button', { name: 'Fit View' }).click();
  const addRead = async (after: string) => {
    await fitView();
    const guid = await page.locator(`.flow-node[data-type="${after}"]`).last().getAttribute('data-block');
    await page.getByRole('button', { name: `Add a block after ${guid?.slice(0, 8)}`, exact: true }).click();
    await drawer(page, 'Choose new block').getByRole('button', { name: /^READ/ }).click();
    const read = drawer(page, 'READ block');
    await read.waitFor();
    await chooseOption(read.getByLabel('Connection', { exact: true }), 'Warehouse');
    return read;
  };

  it('builds a GET flow reading the document and the method, publishes and activates it (spec part 2 §3 Block read)', async () => {
    onFailure('flow');
    await page.goto(`${server.url}/flowbuilder`);
    await page.getByRole('button', { name: 'Create flow' }).click();
    const create = drawer(page, 'Create flow');
    await create.getByLabel('Method').selectOption('GET');
    await create.getByLabel('Name').fill(flowName);
    await create.getByLabel('REST API').selectOption({ label: 'orders_api' });
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/flowbuilder\/[0-9a-f-]{36}$/);

    await fitView();
    await page.locator('.flow-node[data-type="start"] .flow-node__body').click();
    const start = drawer(page, 'START block');
    await start.getByRole('button', { name: 'Add field' }).click();
    const field = drawer(page, 'New start field');
    await field.getByLabel('Name').fill('productId');
    await field.getByLabel('Type').selectOption('Number');
    await field.getByLabel('Required').check();
    await field.getByRole('button', { name: 'Save' }).click();
    await field.waitFor({ state: 'detached' });
    await start.getByRole('button', { name: 'Close', exact: true }).click();
    await start.waitFor({ state: 'detached' });

    const product = await addRead('start');
    await chooseOption(product.getByLabel('Action'), 'product');
    await chooseOption(product.getByLabel('Flow field for id'), 'productId');
    await product.getByLabel('First match only').check();
    const productOutput = product.getByRole('table', { name: 'Output fields' });
    await productOutput.getByRole('checkbox', { name: 'name', exact: true }).check();
    await productOutput.getByRole('checkbox', { name: 'price', exact: true }).check();
    await product.getByRole('button', { name: 'Save' }).click();
    await product.waitFor({ state: 'detached' });

    const stock = await addRead('read');
    await chooseOption(stock.getByLabel('Action'), 'stock_of');
    await chooseOption(stock.getByLabel('Flow field for p_id'), 'productId');
    await stock.getByLabel('First match only').check();
    await stock
      .getByRole('table', { name: 'Output fields' })
      .getByRole('checkbox', { name: 'quantity', exact: true })
      .check();
    await screenshot(page, 'external-read-method');
    await stock.getByRole('button', { name: 'Save' }).click();
    await stock.waitFor({ state: 'detached' });

    await fitView();
    await page.locator('.flow-node[data-type="result"] .flow-node__body').click();
    const result = drawer(page, 'RESULT block');
    await result.getByLabel('Full output: every flow field').check();
    await result.getByRole('button', { name: 'Save' }).click();
    await result.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Requires validation' }).click();
    await page.getByRole('button', { name: 'Validated' }).waitFor();
    await page.getByLabel('Activate on publish').check();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await confirmDialog(page, 'Publish');
    await poll(() => lastNotice(page)).toContain('Flow published and active');
  });

  it('answers an outside call at /rest/… with the remote’s rows', async () => {
    const token = await demoToken(server);
    const get = async (query: string) => {
      const response = await fetch(`${server.url}/rest/orders_api/${flowName}?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await get('productId=2')).toEqual({
      status: 200,
      body: { productId: 2, name: 'Desk', price: 120, quantity: 4 },
    });
    // The remote changes; the next call sees it (nothing of another database is cached).
    await database.remote.query('update stock set quantity = 7 where product_id = 2');
    expect((await get('productId=2')).body).toMatchObject({ quantity: 7 });
    expect(errors).toEqual([]);
  });
});
