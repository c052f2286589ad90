import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { signedInPage, signInThroughPage } from '../support/consolePages';
import { limitedUser } from '../support/limitedUser';
import { testAdmin } from '../support/testServer';

/** The seeded draft metadata document 'CustomerMessage' (server/seed/demo/022_metadata_documents.ts). */
const CUSTOMER = '7d2e9f10-1a2b-4c3d-8e4f-5a6b7c8d9e02';

/** Issue 10 point 4: Ctrl/Cmd+K jumps to builders and items and runs the page's actions. */
describe('the command palette in headless Chromium', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const palette = (on: Page) => on.getByRole('dialog', { name: 'Command palette' });
  const combobox = (on: Page) => palette(on).getByRole('combobox');
  const open = async (on: Page) => {
    await on.keyboard.press('Control+k');
    await combobox(on).waitFor();
  };

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    page = await newPage(browser, errors);
    await signInThroughPage(page, server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens an item found by name with the keyboard, and is accessible', async () => {
    await page.goto(`${server.url}/scriptbuilder`);
    await page.locator('.list__table tbody tr').first().waitFor();
    await open(page);
    expect(await combobox(page).evaluate((element) => element === document.activeElement)).toBe(true);
    await combobox(page).fill('customermess');
    const option = palette(page).getByRole('option', { name: /CustomerMessage/ });
    await option.waitFor();
    expect(await option.textContent()).toContain('metadata document');
    await screenshot(page, 'palette-item');
    // The palette itself (the page behind its backdrop is dimmed on purpose).
    const axe = await new AxeBuilder({ page })
      .include('.palette')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    // The item is the only match: arrows move to it (builders first), Enter opens it.
    await combobox(page).press('End');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await combobox(page).getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await combobox(page).press('Enter');
    await page.waitForURL(`**/metadatabuilder/${CUSTOMER}`);
    await page.getByLabel('Description').waitFor();
    expect(await palette(page).count()).toBe(0);
  });

  it('jumps to a builder, and Escape closes it without doing anything', async () => {
    await open(page);
    await combobox(page).fill('script');
    await palette(page)
      .getByRole('option', { name: /Script Builder/ })
      .waitFor();
    await page.keyboard.press('Escape');
    await palette(page).waitFor({ state: 'detached' });
    expect(page.url()).toContain('/metadatabuilder/');
    await open(page);
    await combobox(page).fill('script builder');
    await palette(page)
      .getByRole('option', { name: /Script Builder/ })
      .waitFor();
    await combobox(page).press('Enter');
    await page.waitForURL('**/scriptbuilder');
  });

  it('opens a flow found by name: flows live in their own tables, and the palette finds them too', async () => {
    const token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    const flows = await call(server, 'GET', 'FlowBuilder/GetRestMethodFlows', { token });
    const notify = flows.body.find((flow) => flow.Name === 'orders/notify')!;
    await open(page);
    await combobox(page).fill('orders/noti');
    // A flow is named by method and name, as the Flow Builder lists it.
    const option = palette(page).getByRole('option', { name: /POST orders\/notify/ });
    await option.waitFor();
    expect(await option.textContent()).toContain('flow');
    await screenshot(page, 'palette-flow');
    await combobox(page).press('End');
    await combobox(page).press('Enter');
    await page.waitForURL(`**/flowbuilder/${notify.Guid}`);
    await page.locator('.detail__title', { hasText: 'orders/notify' }).waitFor();
    expect(await palette(page).count()).toBe(0);
  });

  it("runs the page's actions: validate on an item", async () => {
    await page.goto(`${server.url}/metadatabuilder/${CUSTOMER}`);
    await page.getByLabel('Description').waitFor();
    await open(page);
    const labels = await palette(page)
      .getByRole('group', { name: 'Actions on this page' })
      .getByRole('option')
      .allTextContents();
    expect(labels).toEqual(['Validate', 'Save', 'Publish']);
    await combobox(page).fill('valid');
    await combobox(page).press('Enter');
    await palette(page).waitFor({ state: 'detached' });
    // The validation run happened: the button says so.
    await page.getByRole('button', { name: 'validated', exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('offers a read-only user only the builders and items they may read, and no actions', async () => {
    const adminToken = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret))
      .Token;
    // The Metadata Builder assigns no Read (spec part 1 §6): Publish, which needs Upsert to publish, makes a reader.
    const reader = await limitedUser(server, adminToken, { MetaDocumentBuilder: { Publish: true } });
    const readerErrors: string[] = [];
    const readerPage = await signedInPage(browser, server.url, reader.tokens, readerErrors);
    await readerPage.goto(`${server.url}/metadatabuilder/${CUSTOMER}`);
    await readerPage.locator('.badge', { hasText: 'Read only' }).waitFor();
    await open(readerPage);
    const options = palette(readerPage).getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual([expect.stringContaining('Metadata Builder')]);
    // Scripts exist (demo.OrderLine), but this user may not read them.
    await combobox(readerPage).fill('demo.');
    await palette(readerPage).getByText('Nothing matches').waitFor();
    await combobox(readerPage).fill('Customer');
    await palette(readerPage)
      .getByRole('option', { name: /CustomerMessage/ })
      .waitFor();
    expect(readerErrors).toEqual([]);
  });
});
