import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { signIn } from '../support/api';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { testAdmin } from '../support/testServer';

describe('scratch', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const logs: string[] = [];
  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    page = await newPage(browser, errors);
    page.on('console', (m) => logs.push(m.text()));
    const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    await page.goto(`${server.url}/login`);
    await page.evaluate(
      ([token, refresh]) => {
        localStorage.setItem('token', token!);
        localStorage.setItem('refreshToken', refresh!);
      },
      [tokens.Token, tokens.RefreshToken],
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  it('looks', async () => {
    await page.goto(`${server.url}/connectionbuilder`);
    await page.waitForTimeout(1500);
    await screenshot(page, 'scratch-conn-list');
    await page.goto(`${server.url}/connectionbuilder/new`);
    await page.waitForTimeout(1500);
    await page.getByLabel('Type').selectOption('PostgreSQL');
    await page.waitForTimeout(500);
    console.log('port', await page.getByLabel('Port').inputValue());
    await page.getByLabel('Name').fill('abc');
    await page.waitForTimeout(300);
    console.log(logs.join('\n'));
    console.log(
      'port2',
      await page.getByLabel('Port').inputValue(),
      await page.getByLabel('Type').inputValue(),
    );
    await screenshot(page, 'scratch-conn-new');
    await page.goto(`${server.url}/methodbuilder`);
    await page.waitForTimeout(1500);
    await screenshot(page, 'scratch-method-list');
    await page.getByRole('button', { name: 'New method' }).click();
    await page.waitForTimeout(1500);
    await page.getByLabel('Stored procedure').selectOption('demo.list_orders');
    await page.waitForTimeout(1500);
    await screenshot(page, 'scratch-method-new');
    await page.getByRole('button', { name: 'status', exact: true }).click();
    await page.waitForTimeout(800);
    await screenshot(page, 'scratch-method-drawer');
    console.log(errors);
  });
});
