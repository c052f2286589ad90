import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFlowCustomers } from '../../server/seed/demo/050_flows';
import { accessibilityProblems } from '../support/axe';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { confirmDialog, lastNotice, signInThroughPage } from '../support/consolePages';

/** The demo REST API (server/seed/demo/031_restApis.ts). */
const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';

/** The tab's own chunks: the panel (ApiReference) and Redoc (RedocView), by file name without hash. */
const REFERENCE_CHUNK = /\/assets\/(ApiReference|RedocView)-[\w-]+\.js$/;

/**
 * Acceptance of issue 31 point 2: the API reference of orders_api in headless Chromium, under the
 * console's own CSP — the document rendered by Redoc, customers/credit tried with the demo API user's
 * token and its answer seen, curl copied, the document downloaded; axe finds nothing serious on the tab;
 * Redoc's place in the address neither adds history entries nor stops the unsaved-changes question.
 */
describe('the API reference tab in headless Chromium (issue 31 point 2)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  /** Script files fetched, to see the reference's chunks come only with its tab. */
  const scripts: string[] = [];
  const tryIt = () => page.getByRole('region', { name: 'Try it' });
  const operationPicked = () => tryIt().getByLabel('Operation', { exact: true }).inputValue();

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    page = await newPage(browser, errors);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signInThroughPage(page, server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens orders_api, whose reference and Redoc load only when the tab opens', async () => {
    // Opened from the list, in the page: the last test goes Back to the list through the console's router.
    await page.goto(`${server.url}/restapi`);
    await page.getByRole('button', { name: 'orders_api', exact: true }).click();
    await page.waitForURL(`${server.url}/restapi/${ORDERS_API}`);
    await page.getByRole('tab', { name: 'Details', selected: true }).waitFor();
    await page.getByLabel('Description').waitFor();
    expect(scripts.filter((url) => REFERENCE_CHUNK.test(url))).toEqual([]);
    await page.getByRole('tab', { name: 'API reference' }).click();
    await page.getByRole('heading', { name: 'GET customers/credit' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('tab')).toBe('reference');
    const loaded = scripts
      .filter((url) => REFERENCE_CHUNK.test(url))
      .map((url) => REFERENCE_CHUNK.exec(url)![1]);
    expect(loaded.sort()).toEqual(['ApiReference', 'RedocView']);
  });

  it("renders orders_api's operations with Redoc: customers/credit, its 200 schema and its ERROR codes", async () => {
    expect(await page.getByRole('menuitem').allTextContents()).toEqual([
      'getGET customers/credit',
      'postPOST errors/record',
      'postPOST orders/notify',
    ]);
    const credit = page.locator('[data-section-id="operation/get_customers_credit"]');
    await credit.getByRole('heading', { name: 'GET customers/credit' }).waitFor();
    expect(await credit.getByText('customerId', { exact: true }).count()).toBe(1);
    // The 200 answer is open at once (expandResponses): the RESULT block's fields, as the flow answers them.
    const ok = credit.getByRole('button', { name: /^200 What the RESULT block answers/ });
    expect(await ok.getAttribute('aria-expanded')).toBe('true');
    const schema = ok.locator('xpath=following-sibling::*[1]');
    expect((await schema.textContent())?.replace(/\s+/g, ' ')).toMatch(
      /Response Schema: application\/json ?name ?required ?string or null ?credit ?required ?number or null/,
    );
    const refused = credit.getByRole('button', { name: /^422 / });
    expect(await refused.locator('xpath=following-sibling::*[1]').textContent()).toContain(
      'CREDIT_OUT_OF_RANGE',
    );
  });

  it("tries customers/credit as the demo API user and sees 200 with the customer's credit", async () => {
    await tryIt().getByLabel('API user', { exact: true }).selectOption({ label: 'demo-importer' });
    expect(await operationPicked()).toBe('GET /customers/credit');
    const form = page.getByRole('form', { name: 'Try GET /customers/credit' });
    await form.getByLabel('customerId').fill(demoFlowCustomers.inRange.Id);
    await form.getByRole('button', { name: 'Send' }).click();
    const answer = form.getByRole('region', { name: 'Answer' });
    await answer.waitFor({ timeout: 15_000 });
    const status = await answer.locator('.api-reference__status').textContent();
    const body = JSON.parse((await answer.locator('pre').textContent()) ?? '');
    expect(`${status} ${JSON.stringify(body)}`).toBe('200 {"name":"Northwind Traders","credit":1500}');
    await screenshot(page, 'restapi-api-reference', { fullPage: false });

    await form.getByRole('button', { name: 'Copy as curl' }).click();
    await expect.poll(() => lastNotice(page), { timeout: 15_000 }).toContain('curl command copied');
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toContain(`/rest/orders_api/customers/credit?customerId=${demoFlowCustomers.inRange.Id}`);
    expect(curl).toMatch(/-H 'authorization: Bearer [0-9a-f-]{36}'/);
  });

  it('downloads the document the API answers at /rest/orders_api/openapi.json', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download OpenAPI document' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('orders_api.openapi.json');
    const document = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/customers/credit');
  });

  it('has no serious accessibility problems, Redoc included, and broke no rule of the CSP', async () => {
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("keeps Redoc's place in the address without new history entries; Back still asks before unsaved changes go", async () => {
    const history = () =>
      page.evaluate(() => ({ length: window.history.length, state: window.history.state }));
    const before = await history();
    await page.getByRole('menuitem', { name: /POST orders\/notify/ }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#operation/post_orders_notify');
    // A click in Redoc picks the operation to try.
    expect(await operationPicked()).toBe('POST /orders/notify');
    await page.getByRole('menuitem', { name: /GET customers\/credit/ }).click();
    await expect
      .poll(() => page.evaluate(() => window.location.hash))
      .toBe('#operation/get_customers_credit');
    // The router's own state (its index, which blockingHistory undoes a held Back with) is kept.
    expect(await history()).toEqual(before);

    // One Back leaves the tab for the details, as before Redoc moved anything.
    await page.goBack();
    await page.getByRole('tab', { name: 'Details', selected: true }).waitFor();
    await page.getByLabel('Description').fill('Orders, edited and not saved');
    // The form has taken the edit (Save offered) before Back is pressed.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(() => save.isEnabled()).toBe(true);
    // Back again is the list: leaving with an unsaved edit asks first (spec part 1 §2 'Navigation rules').
    await page.goBack();
    await confirmDialog(page, 'Stay');
    expect(new URL(page.url()).pathname).toBe(`/restapi/${ORDERS_API}`);
    expect(await page.getByLabel('Description').inputValue()).toBe('Orders, edited and not saved');
    await page.goBack();
    await confirmDialog(page, 'Leave');
    await page.getByRole('button', { name: 'orders_api', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/restapi');
    expect(errors).toEqual([]);
  });
});
