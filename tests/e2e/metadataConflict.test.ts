import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, screenshot, startConsole } from '../support/browser';
import { testAdmin } from '../support/testServer';

/** The seeded draft metadata document 'CustomerMessage' (server/seed/demo/022_metadata_documents.ts). */
const CUSTOMER = '7d2e9f10-1a2b-4c3d-8e4f-5a6b7c8d9e02';

describe('two tabs editing one metadata document (issue 5: optimistic concurrency, spec part 1 §4)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let context: BrowserContext;
  let first: Page;
  let second: Page;
  let token: string;
  const errors: string[] = [];

  const open = async (page: Page) => {
    await page.goto(`${server.url}/metadatabuilder/${CUSTOMER}`);
    await page.getByLabel('Description').waitFor();
  };
  const stored = async () =>
    (await call(server, 'GET', `MetaDocumentBuilder/GetMetadataDocument/${CUSTOMER}`, { token }))
      .body as unknown as {
      Description: string;
      Revision: number;
      Elements: unknown[];
    };
  const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = (page: Page) =>
    page.locator('.notice', { hasText: 'Metadata document saved' }).last().waitFor();

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    token = tokens.Token;
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    first = await context.newPage();
    second = await context.newPage();
    for (const page of [first, second]) page.on('pageerror', (error) => errors.push(error.message));
    await first.goto(`${server.url}/login`);
    // One browser, one local storage: both tabs share the session.
    await first.evaluate(
      ([access, refresh]) => {
        localStorage.setItem('token', access);
        localStorage.setItem('refreshToken', refresh);
      },
      [tokens.Token, tokens.RefreshToken] as const,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('asks the second tab to reload or overwrite; reloading shows the first tab’s edit and loses nothing', async () => {
    await open(first);
    await open(second);
    const before = await stored();

    await first.getByLabel('Description').fill('Edited in the first tab');
    await save(first);
    await saved(first);

    await second.getByLabel('Description').fill('Edited in the second tab');
    await save(second);
    const prompt = second.getByRole('alertdialog');
    await prompt.getByText('Someone else saved this metadata document').waitFor();
    await screenshot(second, 'metadata-conflict');
    await prompt.getByRole('button', { name: 'Reload theirs' }).click();
    // Their version is now in the form; the first tab's edit is not lost.
    await expect.poll(() => second.getByLabel('Description').inputValue()).toBe('Edited in the first tab');
    expect(await second.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    expect((await stored()).Description).toBe('Edited in the first tab');

    // The second tab applies its change again, on top of theirs.
    await second.getByLabel('Description').fill('Second tab, after reloading');
    await save(second);
    await saved(second);
    const after = await stored();
    expect(after.Description).toBe('Second tab, after reloading');
    expect(after.Revision).toBe(before.Revision + 2);
    expect(after.Elements).toEqual(before.Elements);
  });

  it('overwrites only when the second tab says so', async () => {
    await open(first);
    await open(second);
    const before = await stored();
    await first.getByLabel('Description').fill('First tab again');
    await save(first);
    await saved(first);
    await second.getByLabel('Description').fill('Second tab wins');
    await save(second);
    const prompt = second.getByRole('alertdialog');
    await prompt.getByRole('button', { name: 'Overwrite with mine' }).click();
    await saved(second);
    const after = await stored();
    expect(after.Description).toBe('Second tab wins');
    expect(after.Revision).toBe(before.Revision + 2);
    expect(errors).toEqual([]);
  });
});
