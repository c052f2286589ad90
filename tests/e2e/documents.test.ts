import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { signInThroughPage } from '../support/consolePages';

/**
 * Issue 7's acceptance in Chromium (spec part 2 §2 Document Builder, Document Editor, Composed Document
 * and Action Document builders): a list document with a key and a reference to another list document is
 * built and published; records are added and edited in the Document Editor and are there after a reload;
 * a composed document is built over it with its JSON preview; an action document with a child action
 * and a match rule is validated and published.
 */
describe('documents, records, composed and action documents in headless Chromium (issue 7)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    page = await newPage(browser, errors);
    await signInThroughPage(page, server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const drawer = () => page.getByRole('dialog').last();
  // A failed step leaves a picture of the page behind.
  const onFailure = (name: string) => onTestFailed(() => screenshot(page, `documents-failed-${name}`));
  const confirmWith = async (name: string) => {
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  };
  const notice = () => page.locator('.notice').last();
  const validateAndWait = async () => {
    await page.getByRole('button', { name: 'requires validation' }).click();
    await page.getByRole('button', { name: 'validated' }).waitFor();
  };
  const addField = async (
    name: string,
    type: string,
    options: { maxLength?: number; key?: boolean; required?: boolean } = {},
  ) => {
    await page.getByRole('button', { name: 'Add field' }).click();
    const form: Locator = drawer();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('combobox', { name: 'Type', exact: true }).selectOption(type);
    if (options.maxLength !== undefined) await form.getByLabel('Max length').fill(String(options.maxLength));
    if (options.key) await form.getByLabel('Key (is_key)').check();
    if (options.required) await form.getByLabel('Required', { exact: true }).check();
    await form.getByRole('button', { name: 'Apply' }).click();
    await form.waitFor({ state: 'detached' });
  };

  it('builds a list document with a key and a reference to a list document, and publishes it', async () => {
    onFailure('list-document');
    await page.goto(`${server.url}/documentbuilder`);
    await page.getByRole('button', { name: 'New document' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Cities');
    await addField('Code', 'String', { maxLength: 5, key: true });
    await addField('CityName', 'String', { maxLength: 100, required: true });
    await addField('CountryCode', 'String', { maxLength: 2 });
    await addField('Inhabitants', 'Number');
    // The key field became required and not updatable (spec part 2 §5).
    const codeRow = page.locator('tr[data-field="Code"]');
    expect(await codeRow.textContent()).toContain('required');

    // The reference picker offers list documents only, to a list document (drawer 1).
    await page.getByRole('button', { name: 'Add reference' }).click();
    const picker = drawer();
    await picker.getByRole('button', { name: 'Countries', exact: true }).waitFor();
    expect(await picker.getByRole('button', { name: 'SalesOrder', exact: true }).count()).toBe(0);
    await picker.getByLabel('Search documents').fill('coun');
    await screenshot(page, 'documents-reference-picker');
    await picker.getByRole('button', { name: 'Countries', exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    // The foreign key is guessed from the key: Countries.Code → CountryCode.
    await expect
      .poll(() => page.getByLabel('Foreign key of the reference to Countries').inputValue())
      .toBe('CountryCode');

    await validateAndWait();
    await screenshot(page, 'documents-builder-valid');
    await page.getByRole('button', { name: 'Publish' }).click();
    await confirmWith('Publish');
    await expect.poll(() => notice().textContent()).toContain('Document published');
    await page.getByRole('button', { name: 'Cities', exact: true }).waitFor();
    expect(await page.locator('tr', { hasText: 'Cities' }).textContent()).toContain('Published');
  });

  it('reorders fields by drag and drop, and refuses a drop while sorted by name', async () => {
    onFailure('drag');
    await page.getByRole('button', { name: 'Cities', exact: true }).click();
    await page.getByRole('heading', { name: /Cities/ }).waitFor();
    const names = () =>
      page.locator('tr[data-field]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-field')));
    // Sorted by field name by default (spec part 2 §2 'Tables'): a drop is refused.
    expect(await names()).toEqual(['CityName', 'Code', 'CountryCode', 'Inhabitants']);
    await page.locator('tr[data-field="Inhabitants"]').dragTo(page.locator('tr[data-field="CityName"]'));
    await expect.poll(() => notice().textContent()).toContain('Can not drop row in this location');
    // Sorted by order, the row moves.
    await page.getByRole('button', { name: '#' }).click();
    expect(await names()).toEqual(['Code', 'CityName', 'CountryCode', 'Inhabitants']);
    await page.locator('tr[data-field="Inhabitants"]').dragTo(page.locator('tr[data-field="CityName"]'));
    await expect.poll(names).toEqual(['Code', 'Inhabitants', 'CityName', 'CountryCode']);
    // …and with the keyboard on the handle.
    await page.getByRole('button', { name: 'Move Inhabitants' }).press('ArrowDown');
    await expect.poll(names).toEqual(['Code', 'CityName', 'Inhabitants', 'CountryCode']);
    await screenshot(page, 'documents-builder-reordered');
    await validateAndWait();
    await page.getByRole('button', { name: 'Publish' }).click();
    await confirmWith('Publish');
    await page.getByRole('button', { name: 'Cities', exact: true }).waitFor();
  });

  it('adds and edits records in the Document Editor, and sees them after a reload', async () => {
    onFailure('records');
    await page.goto(`${server.url}/documenteditor`);
    await page.getByRole('button', { name: 'Cities', exact: true }).click();
    await page.getByRole('heading', { name: 'Cities' }).waitFor();
    await page.getByText('No records yet.').waitFor();

    const add = async (code: string, name: string, country: string) => {
      await page.getByRole('button', { name: 'New record' }).click();
      const form = drawer();
      await form.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
      await form.getByRole('textbox', { name: 'CityName', exact: true }).fill(name);
      // A reference list: the Countries records (spec part 2 §2 'Document Editor').
      await form.getByLabel('CountryCode').selectOption(country);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
    };
    await add('AMS', 'Amsterdam', 'NL');
    await add('BER', 'Berlin', 'DE');
    await page.locator('tr', { hasText: 'Berlin' }).waitFor();

    // A record the rules refuse cannot be saved.
    await page.getByRole('button', { name: 'New record' }).click();
    await drawer().getByRole('textbox', { name: 'Code', exact: true }).fill('ROT');
    // CityName is required (spec part 2 §2: the form follows the fields' rules), so Save stays disabled.
    expect(await drawer().getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await drawer().getByRole('button', { name: 'Cancel' }).click();
    await confirmWith('Close');

    // Edit: the key cannot change once the record exists.
    await page.getByRole('button', { name: 'AMS', exact: true }).click();
    const form = drawer();
    expect(await form.getByRole('textbox', { name: 'Code', exact: true }).isDisabled()).toBe(true);
    await form.getByRole('textbox', { name: 'CityName', exact: true }).fill('Amsterdam Centrum');
    await form.getByLabel('Inhabitants').fill('921402');
    await screenshot(page, 'documents-editor-record');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await page.locator('tr', { hasText: 'Amsterdam Centrum' }).waitFor();

    await page.reload();
    await page.locator('tr', { hasText: 'Amsterdam Centrum' }).waitFor();
    expect(await page.locator('tr', { hasText: 'Berlin' }).count()).toBe(1);
    // Server-side search.
    await page.getByLabel('Search Records').fill('ber');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await screenshot(page, 'documents-editor-records');
    // The records are rows of the document's table.
    const rows = await server.db.query<{ total: number }>(
      `select count(*)::int as total from records.d_${(await cityGuid()).replaceAll('-', '')}`,
    );
    expect(rows[0]?.total).toBe(2);
  });

  async function cityGuid(): Promise<string> {
    const [row] = await server.db.query<{ guid: string }>(
      "select guid::text from items where kind = 'document' and name = 'Cities'",
    );
    return row!.guid;
  }

  it('builds a composed document over it with the JSON preview', async () => {
    onFailure('composed');
    await page.goto(`${server.url}/composeddocument`);
    await page.getByRole('button', { name: 'New composed document' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('CountryCities');
    await page.getByLabel('Root document').selectOption({ label: 'Countries' });
    await page.getByLabel('Method', { exact: true }).first().selectOption('read');
    await page.getByRole('button', { name: 'Add child' }).click();
    // Only the documents that reference Countries are offered as children (spec part 2 §5).
    const child = page.locator('[data-child]').first();
    const offered = await child.getByLabel('Document').locator('option').allTextContents();
    expect(offered).toEqual(expect.arrayContaining(['Cities', 'Customers']));
    expect(offered).not.toContain('SalesOrder');
    await child.getByLabel('Document').selectOption({ label: 'Cities' });
    // Picking the child fills its name and the join from its reference.
    expect(await child.getByLabel('Child name').inputValue()).toBe('Cities');
    expect(await child.getByLabel('Key field').inputValue()).toBe('Code');
    expect(await child.getByLabel('Child field').inputValue()).toBe('CountryCode');
    await child.getByLabel('Method').selectOption('read');

    await page.getByRole('button', { name: 'JSON preview' }).click();
    const preview = await drawer().locator('pre').textContent();
    expect(JSON.parse(preview ?? '')).toEqual({
      Code: 'string',
      Name: 'string',
      Cities: [{ Code: 'string', CityName: 'string', Inhabitants: 0, CountryCode: 'string' }],
    });
    expect(preview?.split('\n')[1]).toMatch(/^ {4}"Code"/);
    await screenshot(page, 'documents-composed-preview');
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'detached' });

    await validateAndWait();
    await page.getByRole('button', { name: 'Publish' }).click();
    await confirmWith('Publish');
    await page.getByRole('button', { name: 'CountryCities', exact: true }).waitFor();
  });

  it('builds an action document with a child action and a match rule, validates and publishes it', async () => {
    onFailure('action');
    await page.goto(`${server.url}/actiondocument`);
    await page.getByRole('button', { name: 'New action document' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('PlaceOrder');

    await page.getByRole('button', { name: 'Choose root action' }).click();
    let form = drawer();
    await form.getByLabel('Document', { exact: true }).selectOption({ label: 'SalesOrder' });
    await form.getByLabel('Acts by').selectOption('upsert');
    await form.getByLabel('OrderNumber (String)').check();
    await form.getByRole('button', { name: 'Apply' }).click();
    await form.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add child to SalesOrder' }).click();
    form = drawer();
    await form.getByLabel('Document', { exact: true }).selectOption({ label: 'SalesOrderLine' });
    await form.getByLabel('Acts by').selectOption('write');
    expect(await form.getByLabel('Alias').inputValue()).toBe('SalesOrderLine');
    await form.getByLabel('Alias').fill('Lines');
    await form.getByLabel('Parent field').selectOption('SalesOrderId');
    await form.getByLabel('Child field').selectOption('SalesOrderId');
    // Sorting fields (drawer 3): used fields are disabled, the add button counts the selection.
    await form.getByText('Required fields').scrollIntoViewIfNeeded();
    await form.getByRole('button', { name: 'Add sorting fields' }).click();
    // By its title: drawer() is the topmost, which becomes the action's drawer again once this one closes.
    const sorting = page.getByRole('dialog', { name: 'Action sorting fields' });
    expect(await sorting.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await sorting.getByLabel('Sort by Product').check();
    await sorting.getByText('1 selected').waitFor();
    await sorting.getByRole('button', { name: 'Add' }).click();
    await sorting.waitFor({ state: 'detached' });
    await screenshot(page, 'documents-action-details');
    await form.getByRole('button', { name: 'Apply' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await page.locator('tr[data-action="SalesOrderLine"]').textContent()).toContain('Lines');

    await page.getByRole('button', { name: 'Add match rule' }).click();
    form = drawer();
    expect(await form.getByLabel('Order').inputValue()).toBe('1');
    await form.getByLabel('Document').selectOption({ label: 'SalesOrder' });
    await form
      .getByRole('group', { name: 'Input fields', exact: true })
      .getByLabel('OrderNumber (String)')
      .check();
    await form
      .getByRole('group', { name: 'Output fields', exact: true })
      .getByLabel('SalesOrderId (Longnumber)')
      .check();
    await form.getByLabel('Stop if match (stop_if_match)').check();
    await form.getByRole('button', { name: 'Apply' }).click();
    await form.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'JSON preview' }).click();
    const preview = JSON.parse((await drawer().locator('pre').textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(Object.keys(preview)).toContain('Lines');
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'detached' });

    await validateAndWait();
    await screenshot(page, 'documents-action-valid');
    await page.getByRole('button', { name: 'Publish' }).click();
    await confirmWith('Publish');
    await expect.poll(() => notice().textContent()).toContain('Action document published');
    const row = page.locator('tr', { hasText: 'PlaceOrder' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Published');
  });

  it('offers to delete all actions when "Is read" changes, and to delete children with their action', async () => {
    onFailure('is-read');
    await page.getByRole('button', { name: 'PlaceOrder', exact: true }).click();
    await page.getByRole('heading', { name: /PlaceOrder/ }).waitFor();
    // Declined: nothing changes.
    await page.getByLabel('Is read').click();
    await confirmWith('Cancel');
    expect(await page.getByLabel('Is read').isChecked()).toBe(false);
    expect(await page.locator('tr[data-action]').count()).toBe(2);
    // Deleting an action with children offers to delete them too.
    // The action's own row (a match rule on SalesOrder has a delete button of the same name).
    await page
      .locator('tr[data-action="SalesOrder"]')
      .getByRole('button', { name: 'Delete SalesOrder' })
      .click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.textContent()).toContain('has 1 child actions');
    await confirmWith('Cancel');
    await page.getByLabel('Is read').click();
    await confirmWith('Delete actions');
    // The form takes the confirmed change after the dialog has gone: wait for what it shows then.
    await page.getByText('No actions yet. Start with the root action.').waitFor();
    await expect.poll(() => page.getByLabel('Is read').isChecked()).toBe(true);
    await screenshot(page, 'documents-action-is-read');
    // Leave without saving.
    await page.getByRole('button', { name: '‹ Action Document' }).click();
    await confirmWith('Leave');
    expect(errors).toEqual([]);
  });
});
