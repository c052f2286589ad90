import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { confirmDialog, drawer, lastNotice, signInThroughPage } from '../support/consolePages';

/**
 * Acceptance of issue 6 for REST API management (spec part 1 §2 'REST API management', §3 'REST API',
 * 'API user', §4 'API user token', §5 'REST API', 'API user'): REST APIs and API users are kept through
 * the console, and an API user's token authenticates real calls with exactly its roles' permissions; a
 * renewed token invalidates the old one.
 */
describe('REST API management in headless Chromium', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  let token = '';

  /** A real HTTP call to the running server with an API token, as an outside system makes it. */
  const callWith = async (bearer: string, path: string) =>
    (await fetch(`${server.url}/api/UIServices/${path}`, { headers: { authorization: `Bearer ${bearer}` } }))
      .status;

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    page = await newPage(browser, errors);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signInThroughPage(page, server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists REST APIs on the first tab', async () => {
    await page.goto(`${server.url}/restapi`);
    await page.getByRole('tab', { name: 'REST API', selected: true }).waitFor();
    await page.getByRole('button', { name: 'orders_api', exact: true }).waitFor();
    await screenshot(page, 'restapi-list');
  });

  it('creates an API user in its drawer; the username is required and unique (§5 "API user")', async () => {
    await page.getByRole('tab', { name: 'API users' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('apiUsers');
    await page.getByRole('button', { name: 'demo-importer', exact: true }).waitFor();
    await page.getByRole('button', { name: 'New API user', exact: true }).click();
    const userDrawer = drawer(page, 'New API user');
    await userDrawer.getByRole('textbox', { name: 'Username', exact: true }).fill('DEMO-importer');
    expect(await userDrawer.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(await userDrawer.getByRole('button', { name: 'Save' }).getAttribute('title')).toBe(
      'Please enter a unique username',
    );
    await userDrawer.getByRole('textbox', { name: 'Username', exact: true }).fill('erp-sync');
    await userDrawer.getByLabel('Demo viewers').check();
    expect(await userDrawer.textContent()).toContain('The API token is made when you save.');
    await userDrawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => lastNotice(page), { timeout: 15_000 }).toContain('API user created');
    await page.getByRole('button', { name: 'erp-sync', exact: true }).waitFor();
  });

  it("copies the token (success notice); the token calls the server with the role's permissions", async () => {
    await page.getByRole('button', { name: 'erp-sync', exact: true }).click();
    const userDrawer = drawer(page, 'API user erp-sync');
    token = await userDrawer.getByRole('textbox', { name: 'API token' }).inputValue();
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    await userDrawer.getByRole('button', { name: 'Copy' }).click();
    await expect
      .poll(() => lastNotice(page), { timeout: 15_000 })
      .toContain('API token copied to the clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await screenshot(page, 'restapi-api-user-drawer');
    // Demo viewers may read scripts and REST APIs, nothing of user management, and change nothing.
    expect(await callWith(token, 'Script/GetScripts')).toBe(200);
    expect(await callWith(token, 'RestApi/GetRestApi')).toBe(200);
    expect(await callWith(token, 'UserManagement/GetUsers')).toBe(403);
    const post = await fetch(`${server.url}/api/UIServices/RestApi/PostApiUser`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Guid: crypto.randomUUID(), Username: 'sneaky', Roles: [] }),
    });
    expect(post.status).toBe(403);
  });

  it('renews the token: after saving, the old one stops working and the new one works (§4)', async () => {
    const userDrawer = drawer(page, 'API user erp-sync');
    await userDrawer.getByRole('button', { name: 'Renew' }).click();
    const renewed = await userDrawer.getByRole('textbox', { name: 'API token' }).inputValue();
    expect(renewed).not.toBe(token);
    expect(await userDrawer.textContent()).toContain('Save to make it the API user’s token');
    // Not saved yet: the old token still works.
    expect(await callWith(token, 'Script/GetScripts')).toBe(200);
    await userDrawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => lastNotice(page), { timeout: 15_000 }).toContain('API user saved');
    expect(await callWith(token, 'Script/GetScripts')).toBe(401);
    expect(await callWith(renewed, 'Script/GetScripts')).toBe(200);
    token = renewed;
  });

  it('creates a REST API with its return type, authentication and users, validates and publishes it', async () => {
    await page.getByRole('tab', { name: 'REST API' }).click();
    await page.getByRole('button', { name: 'New REST API', exact: true }).click();
    await page.waitForURL(/\/restapi\/new/);
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('erp orders');
    await page.getByRole('button', { name: 'requires validation' }).click();
    const panel = page.getByRole('region', { name: 'Validation' });
    await expect
      .poll(() => panel.textContent(), { timeout: 15_000 })
      .toContain('The REST API name cannot contain spaces');
    expect(await panel.textContent()).toContain('Please choose a return type');
    expect(await panel.textContent()).toContain('Please choose an authentication');
    await screenshot(page, 'restapi-validation');
    await name.fill('erp_orders');
    await page.getByLabel('Return type').selectOption('Json');
    await page.getByLabel('Authentication').selectOption('ApiToken');
    await page.getByLabel('erp-sync').check();
    await page.getByRole('button', { name: 'Add setting' }).click();
    await page.getByLabel('Key 1').fill('PageSize');
    await page.getByLabel('Value 1').fill('100');
    await page.getByRole('button', { name: 'requires validation' }).click();
    await page.getByRole('button', { name: 'validated' }).waitFor();
    await screenshot(page, 'restapi-detail');
    await page.getByRole('button', { name: 'Publish' }).click();
    await confirmDialog(page, 'Publish');
    await expect.poll(() => lastNotice(page), { timeout: 15_000 }).toContain('REST API published');
    await page.waitForURL(/\/restapi$/);
    expect(await page.getByRole('row', { name: /erp_orders/ }).textContent()).toContain('Published');
    // The API user sees it through its token, as one of the REST APIs it may read.
    const listed = await fetch(`${server.url}/api/UIServices/RestApi/GetRestApi`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const apis = (await listed.json()) as Array<{ Name: string }>;
    const created = apis.find((api) => api.Name === 'erp_orders') as unknown as Record<string, unknown>;
    expect(created.Users).toHaveLength(1);
    expect(created.Settings).toEqual([{ Key: 'PageSize', Value: '100' }]);
    expect(errors).toEqual([]);
  });
});
