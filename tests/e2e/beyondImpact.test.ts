import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../server/connections/connectionKind';
import { call, signIn } from '../support/api';
import { accessibilityProblems } from '../support/axe';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { confirmDialog, signInThroughPage } from '../support/consolePages';
import { testAdmin } from '../support/testServer';

/** The demo flow module's published document and the published GET flow reading it (server/seed/demo/050_flows.ts). */
const FLOW_DEMO_CUSTOMER = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a02';
const CUSTOMER_FLOW = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a10';

/**
 * Issue 10 point 1's acceptance in Chromium: the published flow customers/credit reads the field Credit of
 * the published document FlowDemoCustomer. The document's editor shows where it is used; the admin
 * removes Credit, validates and publishes; the publish is refused, the dialog lists the flow with a link,
 * and the link opens the flow.
 */
describe('where used and a publish refused because a published flow uses a field, in headless Chromium', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    page = await newPage(browser, errors);
    await signInThroughPage(page, server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const onFailure = (name: string) => onTestFailed(() => screenshot(page, `impact-failed-${name}`));
  const publishedFields = async () => {
    const published = await call(
      server,
      'GET',
      `Items/GetPublishedItem?Kind=document&Guid=${FLOW_DEMO_CUSTOMER}&Connection=${DEMO_CONNECTION_GUID}`,
      { token },
    );
    return (published.body.Elements as Array<{ Name: string }>).map((field) => field.Name);
  };

  it("shows under the document's editor that the published flow uses it, with a link", async () => {
    onFailure('where-used');
    await page.goto(`${server.url}/documentbuilder/${FLOW_DEMO_CUSTOMER}?connection=${DEMO_CONNECTION_GUID}`);
    await page.getByRole('heading', { name: /FlowDemoCustomer/ }).waitFor();
    const section = page.locator('details.item-usage');
    await section.getByText('Where used (1)').click();
    const table = section.getByRole('table', { name: 'Items that use this document' });
    const row = table.locator('tbody tr');
    await row.waitFor();
    // The badge is set in capitals by its style.
    expect(await row.innerText()).toMatch(/GET customers\/credit\s+flow\s+Published/i);
    expect(await row.getByRole('link').getAttribute('href')).toMatch(
      new RegExp(`^/flowbuilder/${CUSTOMER_FLOW}\\?version=[0-9a-f-]{36}$`),
    );
    await screenshot(page, 'impact-where-used');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('refuses publishing the document without a field the flow reads, lists the flow, and its link opens it', async () => {
    onFailure('refused');
    await page.getByRole('button', { name: 'Delete Credit' }).click();
    await confirmDialog(page, 'Delete');
    await page.getByRole('button', { name: 'requires validation' }).click();
    await page.getByRole('button', { name: 'validated', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    // The publish confirmation; the refusal replaces it.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'This document cannot be published yet' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      'Publishing is refused: published items that use this item would break (1).',
    );
    const row = dialog.getByRole('table', { name: 'What would break' }).locator('tbody tr');
    expect(await row.innerText()).toMatch(
      /GET customers\/credit\s+flow\s+uses the field Credit, which this version removes/,
    );
    await screenshot(page, 'impact-publish-refused');
    expect(await accessibilityProblems(page)).toEqual([]);
    // Nothing was published: the flow still reads a document with Credit.
    expect(await publishedFields()).toContain('Credit');

    // The link is reachable by keyboard inside the dialog, and opens the flow's published version.
    const link = row.getByRole('link', { name: 'GET customers/credit' });
    await link.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // The removed field is an unsaved change: leaving asks first (spec part 1 §2 'Navigation rules').
    await confirmDialog(page, 'Leave');
    await page.waitForURL(new RegExp(`/flowbuilder/${CUSTOMER_FLOW}\\?version=[0-9a-f-]{36}$`));
    await page.getByRole('heading', { name: /customers\/credit/ }).waitFor();
    await page.locator('.flow-node').first().waitFor();
    await screenshot(page, 'impact-flow-opened');
  });

  it('refuses deleting the REST API the published flow belongs to, from its list, with the same list', async () => {
    onFailure('delete-refused');
    await page.goto(`${server.url}/restapi`);
    const row = page.locator('tr', { hasText: 'orders_api' });
    await row.getByRole('button', { name: 'delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'This REST API cannot be deleted yet' });
    await dialog.waitFor();
    expect(await dialog.getByRole('table', { name: 'What would break' }).innerText()).toMatch(
      /GET customers\/credit\s+flow\s+uses it/,
    );
    await screenshot(page, 'impact-delete-refused');
    await confirmDialog(page, 'OK');
    await row.waitFor();
    expect(errors).toEqual([]);
  });
});
