import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFlowCustomers } from '../../server/seed/demo/050_flows';
import { accessibilityProblems } from '../support/axe';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { lastNotice, signInThroughPage } from '../support/consolePages';

/** The demo REST API (server/seed/demo/031_restApis.ts). */
const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';

/**
 * Acceptance of issue 31 point 2: the API reference of orders_api in headless Chromium, under the
 * console's own CSP — the document rendered, customers/credit tried with the demo API user's token and
 * its answer seen, curl copied, the document downloaded; axe finds nothing serious on the tab.
 */
describe('the API reference tab in headless Chromium (issue 31 point 2)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  /** Script files fetched, to see the reference's chunk come only with its tab. */
  const scripts: string[] = [];

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    page = await newPage(browser, errors);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await signInThroughPage(page, server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens orders_api, whose reference loads only with its tab', async () => {
    await page.goto(`${server.url}/restapi/${ORDERS_API}`);
    await page.getByRole('tab', { name: 'Details', selected: true }).waitFor();
    const before = scripts.length;
    await page.getByRole('tab', { name: 'API reference' }).click();
    await page.getByRole('heading', { name: 'orders_api' }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('reference');
    expect(scripts.slice(before).some((url) => /ApiReference/.test(url))).toBe(true);
    await page.getByRole('region', { name: 'customers' }).waitFor();
  });

  it("tries customers/credit with the demo API user's token and sees the answer", async () => {
    await page.getByLabel('API user', { exact: true }).selectOption({ label: 'demo-importer' });
    const operation = page.locator('details', { hasText: '/customers/credit' });
    await operation.locator('summary').click();
    expect(await operation.textContent()).toContain('CREDIT_OUT_OF_RANGE');
    const form = page.getByRole('form', { name: 'Try GET /customers/credit' });
    await form.getByLabel('customerId').fill(demoFlowCustomers.inRange.Id);
    await form.getByRole('button', { name: 'Send' }).click();
    const answer = form.getByRole('region', { name: 'Answer' });
    await expect.poll(() => answer.textContent(), { timeout: 15_000 }).toContain('Northwind Traders');
    expect(await answer.textContent()).toContain('200');
    expect(await answer.textContent()).toContain('"credit": 1500');
    await screenshot(page, 'restapi-api-reference');

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
    const document = JSON.parse(await readFile((await download.path())!, 'utf8')) as { openapi: string };
    expect(document.openapi).toBe('3.1.0');
  });

  it('has no serious accessibility problems and broke no rule of the CSP', async () => {
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
