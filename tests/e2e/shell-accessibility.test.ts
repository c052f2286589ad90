import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, startConsole } from '../support/browser';
import { signInThroughPage } from '../support/consolePages';
import { testAdmin } from '../support/testServer';
import { mailedLink } from '../support/users';

/** Violations axe-core finds, as 'rule: target' lines, so a failure names what to fix. */
async function violations(page: Page, { withoutFrames = false } = {}) {
  const builder = new AxeBuilder({ page });
  // A client module's own page is not the console's (spec part 1 §1: its content is not shown).
  if (withoutFrames) builder.exclude('iframe');
  const result = await builder.analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
}

/** Every control labelled, keyboard usable (brief: accessibility of the shell), checked with axe-core. */
describe('accessibility of the shell screens (axe-core in Chromium)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    page = await newPage(browser, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('public screens: login, request and reset password', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.goto(`${server.url}/request-password`);
    await page.getByLabel('E-mail').fill(testAdmin.email);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL(/\/login$/);
    await page.goto(await mailedLink(server, testAdmin.email));
    await page.getByLabel('New password', { exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('signed in: home with the menu open, profile, and a client module page', async () => {
    await signInThroughPage(page, server);
    await page.locator('.module-card:not(.module-card--placeholder)').first().waitFor();
    const closed = page.locator('.menu__group-toggle[aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    expect(await violations(page)).toEqual([]);
    await page.goto(`${server.url}/profile`);
    await page.getByLabel('Current password').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.goto(`${server.url}/dashboard`);
    await page.locator('iframe.module-frame').waitFor();
    expect(await violations(page, { withoutFrames: true })).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the menu is usable by keyboard alone: Tab reaches the groups and Enter opens them', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('.menu__group-toggle').first().waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    const seen: string[] = [];
    while (seen.length < 10 && seen.at(-1) !== 'Admin Builder') {
      await page.keyboard.press('Tab');
      seen.push((await focused()) ?? '');
    }
    expect(seen).toEqual(['Skip to content', 'Integration Console', 'Home', 'Flow Builder', 'Admin Builder']);
    const expanded = () => page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'));
    const before = await expanded();
    await page.keyboard.press('Enter');
    expect(await expanded()).not.toBe(before);
  });
});
