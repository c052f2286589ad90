import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { signInThroughPage } from '../support/consolePages';
import { testAdmin } from '../support/testServer';

/** The seeded draft metadata document 'CustomerMessage' (server/seed/demo/022_metadata_documents.ts). */
const CUSTOMER = '7d2e9f10-1a2b-4c3d-8e4f-5a6b7c8d9e02';
const account = { email: testAdmin.email, password: testAdmin.password, secret: testAdmin.totpSecret };

/** Issue 10 point 6: unsaved edits are kept in IndexedDB and offered back after a forced logout or reload. */
describe('draft recovery in headless Chromium', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const prompt = () => page.getByRole('alertdialog', { name: 'Restore unsaved changes?' });
  const description = () => page.getByLabel('Description');
  const open = async () => {
    await page.goto(`${server.url}/metadatabuilder/${CUSTOMER}`);
    await description().waitFor();
  };
  const stored = async () => {
    const token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    return (await call(server, 'GET', `MetaDocumentBuilder/GetMetadataDocument/${CUSTOMER}`, { token })).body
      .Description;
  };
  /** Typing pauses; the debounced keeper has written the draft. */
  const kept = () => page.waitForTimeout(1200);

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    page = await newPage(browser, errors);
    // Reloading with unsaved edits asks the browser's own question; the test leaves.
    page.on('dialog', (dialog) => void dialog.accept());
    await signInThroughPage(page, server, account);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('offers the edits back after a forced logout; saving clears them', async () => {
    await open();
    await description().fill('Kept across a forced logout');
    await kept();
    // The session is revoked on the server: the next call answers 401, the refresh is refused, and the
    // console signs out (spec part 1 §4), leaving the edit unsaved. (The server rechecks a session
    // after 5 s on its clock.)
    await server.db.query('update sessions set revoked_at = now()');
    server.clock.advance(10);
    await page.getByText('History', { exact: true }).click();
    await page.waitForURL(/\/login$/, { timeout: 20_000 });

    await signInThroughPage(page, server, account);
    await page.goto(`${server.url}/metadatabuilder/${CUSTOMER}`);
    await prompt().waitFor();
    expect(await prompt().textContent()).toContain('metadata document has changes that were not saved');
    await screenshot(page, 'draft-restore');
    await prompt().getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => description().inputValue()).toBe('Kept across a forced logout');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.notice', { hasText: 'Metadata document saved' }).last().waitFor();
    expect(await stored()).toBe('Kept across a forced logout');

    // Saved: nothing is offered any more.
    await open();
    await page.waitForTimeout(1000);
    expect(await prompt().count()).toBe(0);
    expect(await description().inputValue()).toBe('Kept across a forced logout');
  });

  it('after a reload, Discard opens the stored version and forgets the edits', async () => {
    await description().fill('Edited, then discarded');
    await kept();
    await page.reload();
    await prompt().waitFor();
    await prompt().getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => description().inputValue()).toBe('Kept across a forced logout');
    await page.reload();
    await description().waitFor();
    await page.waitForTimeout(1000);
    expect(await prompt().count()).toBe(0);
  });

  it('a new item that was never saved comes back after a reload; a blank one is not kept', async () => {
    await page.goto(`${server.url}/scriptbuilder/new`);
    await description().waitFor();
    // Opening a new item and leaving it blank keeps nothing.
    await kept();
    await page.reload();
    await description().waitFor();
    await page.waitForTimeout(1000);
    expect(await prompt().count()).toBe(0);

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('recovered.Script');
    await description().fill('Typed into a new script');
    await kept();
    await page.reload();
    await prompt().waitFor();
    expect(await prompt().textContent()).toContain('script has changes that were not saved');
    await prompt().getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => description().inputValue()).toBe('Typed into a new script');
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(
      'recovered.Script',
    );
  });

  it("a drawer's unsaved edits come back after a forced logout; discarding them on close forgets them", async () => {
    const roles = async () => {
      await page.goto(`${server.url}/usermanagement?tab=roles`);
      await page.getByRole('button', { name: 'Demo viewers', exact: true }).click();
      return page.getByRole('dialog', { name: 'Role Demo viewers' });
    };
    let role = await roles();
    const read = () => role.getByLabel('User Management: Read');
    expect(await read().isChecked()).toBe(false);
    await read().check();
    await kept();
    await server.db.query('update sessions set revoked_at = now()');
    server.clock.advance(10);
    await page.reload();
    await page.waitForURL(/\/login$/, { timeout: 20_000 });

    await signInThroughPage(page, server, account);
    role = await roles();
    await prompt().waitFor();
    expect(await prompt().textContent()).toContain(
      'This “Role Demo viewers” has changes that were not saved',
    );
    await screenshot(page, 'draft-restore-drawer');
    await prompt().getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => read().isChecked()).toBe(true);

    // Closing the drawer and confirming the loss forgets the edits: reopening offers nothing.
    await role.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();
    await role.waitFor({ state: 'detached' });
    role = await roles();
    await page.waitForTimeout(1000);
    expect(await prompt().count()).toBe(0);
    expect(await read().isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });
});
