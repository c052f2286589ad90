import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipDefinitions, zipDefinitions } from '../../src/builders/promote/zipFolder';
import { accessibilityProblems } from '../support/axe';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { signInThroughPage } from '../support/consolePages';

const CUSTOMER_FILE = 'document/DemoDatabase/FlowDemoCustomer.json';

/** Issue 31 points 3 and 4 in the console: Export downloads the folder as a zip; Import previews and applies. */
describe('export and import of definitions in headless Chromium', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  let exported: Array<{ Path: string; Content: string }>;

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

  it('Export downloads every definition as a zip of <kind>/<name>.json files', async () => {
    await page.goto(`${server.url}/promote`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^definitions-\d{4}-\d{2}-\d{2}\.zip$/);
    exported = unzipDefinitions(new Uint8Array(readFileSync((await download.path())!)));
    expect(exported.map((file) => file.Path)).toEqual(
      expect.arrayContaining([
        'flow/orders_api/GET customers%2Fcredit.json',
        CUSTOMER_FILE,
        'apiUser/demo-importer.json',
      ]),
    );
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('Import previews a changed document with its field diff, then applies it', async () => {
    const changed = exported.map((file) => {
      if (file.Path !== CUSTOMER_FILE) return file;
      const definition = JSON.parse(file.Content);
      definition.Published.Description = 'Customers, as promoted.';
      return { Path: file.Path, Content: JSON.stringify(definition) };
    });
    const zip = path.join(mkdtempSync(path.join(tmpdir(), 'promote-')), 'definitions.zip');
    writeFileSync(zip, zipDefinitions(changed));
    await page.getByLabel('Exported zip').setInputFiles(zip);
    const preview = page.getByRole('table', { name: 'Preview' });
    const row = preview.getByRole('row', { name: new RegExp(CUSTOMER_FILE) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Changed');
    await row.locator('summary').click();
    expect(await row.getByRole('table').innerText()).toMatch(/Published\.Description\s+Changed/);
    await screenshot(page, 'promote-preview');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Import everything' }).click();
    await page.locator('.notice', { hasText: 'Imported 1 items.' }).waitFor();
    const [stored] = await server.db.query<{ description: string }>(
      "select published->>'Description' as description from items where kind = 'document' and name = 'FlowDemoCustomer'",
    );
    expect(stored!.description).toBe('Customers, as promoted.');
    expect(errors).toEqual([]);
  });
});
