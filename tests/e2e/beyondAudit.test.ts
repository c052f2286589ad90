import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFlowGraph } from '../../src/domain/flow/graph';
import { call, signIn } from '../support/api';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { confirmDialog, signInThroughPage } from '../support/consolePages';
import { testAdmin } from '../support/testServer';

/**
 * Issue 10 point 2 (the publish confirmation shows what changes against the published version) and
 * point 7 (the audit trail: the entries of a publish, the admin-wide view and an item's history; a flow's
 * publish and activation in the view and in the flow's change history).
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
  /** A draft flow that passes validation (its result returns every field), published in the test. */
  const flow = { Guid: randomUUID(), VersionGuid: randomUUID(), Name: 'audit/flow', HttpMethod: 'GET' };
  const notice = () => page.locator('.notice').last();

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    const token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    const created = await call(server, 'POST', 'Script/PostScript', {
      token,
      body: { ...script, IsPublished: true },
    });
    expect(created.status).toBe(200);
    const [api] = (await call(server, 'GET', 'FlowBuilder/GetApiList', { token })).body;
    const graph = newFlowGraph({ isScript: false });
    graph.Blocks!.find((block) => block.Type === 'result')!.Config = { FullOutput: true };
    const draft = await call(server, 'POST', 'FlowBuilder/PostRestMethodFlow', {
      token,
      body: { ...flow, Api: api!.Guid, IsScript: false, IsNew: true, Flow: graph },
    });
    expect(draft.status).toBe(200);
    page = await newPage(browser, errors);
    await signInThroughPage(page, server);
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

  it("records a flow's publish and activation: in the flow's change history and in the audit view", async () => {
    await page.goto(`${server.url}/flowbuilder/${flow.Guid}`);
    await page.getByRole('button', { name: 'Requires validation' }).click();
    await page.getByRole('button', { name: 'Validated' }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await confirmDialog(page, 'Publish');
    await expect.poll(() => notice().textContent()).toContain('Flow published');
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Flow details' });
    await details.getByRole('button', { name: 'Activate', exact: true }).click();
    await confirmDialog(page, 'Activate');
    await details.getByRole('button', { name: 'Deactivate', exact: true }).waitFor();

    // The change history is not the drawer's history of versions: it says who did what, with the diff.
    await details.getByText('Change history', { exact: true }).click();
    const history = details.getByRole('table', { name: 'Change history' });
    await history.waitFor();
    const actions = await history.locator(':scope > tbody > tr > td:nth-child(3)').allInnerTexts();
    expect(actions).toEqual(['Activated', 'Published', 'Created']);
    expect(await history.locator(':scope > tbody > tr').first().innerText()).toContain(testAdmin.email);
    await history.locator(':scope > tbody > tr').first().getByText('1 changes').click();
    expect(await history.getByRole('table', { name: 'Changes' }).first().innerText()).toMatch(
      /IsActive\s+Changed\s+false\s+true/,
    );
    await screenshot(page, 'audit-flow-history');
    const axe = await new AxeBuilder({ page })
      .include('.drawer')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/audit?kind=flow`);
    const table = page.getByRole('table', { name: 'Audit trail' });
    const rows = table.locator(':scope > tbody > tr', { hasText: 'GET audit/flow' });
    await rows.first().waitFor();
    expect(await rows.locator(':scope > td:nth-child(3)').allInnerTexts()).toEqual([
      'Activated',
      'Published',
      'Created',
    ]);
    // The publish's diff names blocks by type (src/domain/flow/flowAudit.ts), not by guid.
    const publish = rows.nth(1);
    await publish.locator('summary').click();
    const changes = await publish.getByRole('table', { name: 'Changes' }).innerText();
    expect(changes).toMatch(/Blocks\[START\]\s+Added\s+\{"Id":"START","Out":\["RESULT"\]/);
    expect(changes).toMatch(/Blocks\[RESULT\]\s+Added/);
    expect(changes).toMatch(/Version\s+Added\s+1/);
    await screenshot(page, 'audit-view-flow');
    // The flow's name links to it.
    await rows.first().getByRole('link', { name: 'GET audit/flow' }).click();
    await page.waitForURL(`**/flowbuilder/${flow.Guid}`);
    expect(errors).toEqual([]);
  });
});
