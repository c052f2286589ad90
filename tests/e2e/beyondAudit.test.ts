import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { confirmDialog, signInThroughPage } from '../support/consolePages';
import { testAdmin } from '../support/testServer';

/**
 * Issue 10 point 2 (the publish confirmation shows what changes against the published version) and
 * point 7 (the audit trail: the entries of a publish, the admin-wide view and an item's history).
 */
describe('diff before publish and the audit trail in headless Chromium', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const script = {
    Guid: randomUUID(),
    Name: 'audit.Target',
    Description: 'first version',
    Script: 'public class Target {}',
    Commit: 'c1',
  };

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    const token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    const created = await call(server, 'POST', 'Script/PostScript', {
      token,
      body: { ...script, IsPublished: true },
    });
    expect(created.status).toBe(200);
    page = await newPage(browser, errors);
    await signInThroughPage(page, server, {
      email: testAdmin.email,
      password: testAdmin.password,
      secret: testAdmin.totpSecret,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows field by field what a publish changes against the published version', async () => {
    await page.goto(`${server.url}/scriptbuilder/${script.Guid}`);
    await page.getByLabel('Description').fill('second version');
    await page.getByRole('button', { name: 'requires validation' }).click();
    await page.getByRole('button', { name: 'validated', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const diff = page.getByRole('alertdialog').getByRole('table', {
      name: 'What changes against the published version',
    });
    await diff.waitFor();
    const rows = await diff.locator('tbody tr').allInnerTexts();
    expect(rows).toEqual([expect.stringMatching(/Description\s+Changed\s+first version\s+second version/)]);
    await screenshot(page, 'publish-diff');
    await confirmDialog(page, 'Publish');
    await page.locator('.notice', { hasText: 'Script published' }).waitFor();
  });

  it('lists the publish in the audit view with who, when and the diff; the filters narrow it', async () => {
    await page.goto(`${server.url}/audit?action=published&kind=script`);
    const table = page.getByRole('table', { name: 'Audit trail' });
    const row = table.locator('tbody tr', { hasText: script.Name }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain(testAdmin.email);
    expect(await row.innerText()).toContain('Published');
    await row.getByText('1 changes').click();
    expect(await row.getByRole('table', { name: 'Changes' }).innerText()).toMatch(
      /Description\s+Changed\s+first version\s+second version/,
    );
    await screenshot(page, 'audit-view');
    // Filtering by another user empties the view; the filter is in the URL.
    await page.getByLabel('User').fill('someone-else');
    await page.getByText('No entries match these filters.').waitFor();
    expect(page.url()).toContain('user=someone-else');
    await page.getByLabel('User').fill('');
    await page.getByLabel('Action').selectOption('created');
    await table.locator('tbody tr', { hasText: script.Name }).first().waitFor();
  });

  it("shows the item's history under its editor", async () => {
    await page.getByRole('link', { name: script.Name }).first().click();
    await page.waitForURL(`**/scriptbuilder/${script.Guid}`);
    await page.getByText('History', { exact: true }).click();
    const history = page.getByRole('table', { name: 'History' });
    await history.waitFor();
    const actions = await history.locator(':scope > tbody > tr > td:nth-child(3)').allInnerTexts();
    expect(actions).toEqual(['Published', 'Published', 'Created']);
    expect(errors).toEqual([]);
  });
});
