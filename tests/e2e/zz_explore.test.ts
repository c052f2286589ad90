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
  await page.goto(`${server.url}/composeddocument`);
  await page.getByRole('button', { name: 'CustomersByCountry', exact: true }).click();
  await page.getByRole('heading', { name: /CustomersByCountry/ }).waitFor();
  await page.waitForTimeout(500);
  await screenshot(page, 'x-cd-detail');
  await page.getByRole('button', { name: 'JSON preview' }).click();
  await page.getByRole('dialog').waitFor();
  await screenshot(page, 'x-cd-preview');
  await page.keyboard.press('Escape');
  await page.goto(`${server.url}/actiondocument`);
  await page.getByRole('button', { name: 'UpsertSalesOrder', exact: true }).click();
  await page.getByRole('heading', { name: /UpsertSalesOrder/ }).waitFor();
  await page.waitForTimeout(500);
  await screenshot(page, 'x-ad-detail');
  await page.getByRole('button', { name: 'SalesOrderLine', exact: true }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, 'x-ad-action');
  console.log('ERRORS', errors);
}, 120000);
