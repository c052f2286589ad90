import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { signInInBrowser } from '../support/browserSignIn';

let server: Awaited<ReturnType<typeof startConsole>>;
let browser: Browser;
let page: Page;
const errors: string[] = [];
beforeAll(async () => {
  server = await startConsole();
  browser = await launchBrowser();
  page = await newPage(browser, errors);
  await signInInBrowser(page, server);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
it('explores', async () => {
  await page.goto(`${server.url}/documenteditor`);
  await page.getByRole('button', { name: 'Customers', exact: true }).waitFor();
  await screenshot(page, 'x-de-list');
  await page.getByRole('button', { name: 'Customers', exact: true }).click();
  await page.getByRole('heading', { name: 'Customers' }).waitFor();
  await page.getByText('Globex', { exact: true }).first().waitFor();
  await screenshot(page, 'x-de-records');
  await page.getByRole('button', { name: 'New record' }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(500);
  await screenshot(page, 'x-de-new');
  console.log('ERRORS', errors);
}, 120000);
