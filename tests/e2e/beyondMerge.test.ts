import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFlowGraph } from '../../src/domain/flow/graph';
import type { RestMethodFlow } from '../../src/domain/flow/types';
import { call, signIn } from '../support/api';
import { launchBrowser, screenshot, startConsole } from '../support/browser';
import { testAdmin } from '../support/testServer';

/** The seeded draft metadata document 'CustomerMessage' (server/seed/demo/022_metadata_documents.ts). */
const CUSTOMER = '7d2e9f10-1a2b-4c3d-8e4f-5a6b7c8d9e02';

interface Stored {
  Name: string;
  Description: string;
  Revision: number;
  Elements: Array<{ Name: string }>;
}

/**
 * Issue 10 point 3 (spec part 1 §4 item life cycle, optimistic concurrency): two tabs save one metadata
 * document; the later save opens the field-level merge, and nobody's edit is lost.
 */
describe('two tabs editing one metadata document merge field by field', () => {
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
      .body as unknown as Stored;
  const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = (page: Page) =>
    page.locator('.notice', { hasText: 'Metadata document saved' }).last().waitFor();
  const mergeDrawer = (page: Page) =>
    page.getByRole('dialog', { name: 'Someone else saved this metadata document' });
  /** The row of a changed path, e.g. 'Description', 'Elements[Note]'. */
  const row = (drawer: Locator, path: string) =>
    drawer
      .getByRole('row')
      .filter({ has: drawer.page().getByRole('rowheader', { name: path, exact: true }) });
  const rowText = async (drawer: Locator, path: string) =>
    (await row(drawer, path).innerText()).replace(/\s+/g, ' ');

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

  it('shows A as a conflict and B as mine; Cancel keeps the editor; keeping theirs for A saves both edits', async () => {
    await open(first);
    await open(second);
    const before = await stored();

    // Tab 1 changes field A (Description) and saves.
    await first.getByLabel('Description').fill('Edited in the first tab');
    await save(first);
    await saved(first);

    // Tab 2 changes field B (Name) and field A differently, and saves: a stale save.
    await second.locator('#root_Name').fill('CustomerMessageRenamed');
    await second.getByLabel('Description').fill('Edited in the second tab');
    await save(second);
    const drawer = mergeDrawer(second);
    await drawer.waitFor();
    expect(await rowText(drawer, 'Description')).toBe(
      `Description Changed on both sides ${before.Description} Edited in the first tab Edited in the second tab Keep theirs Keep mine`,
    );
    expect(await rowText(drawer, 'Name')).toContain('Changed by you');
    expect(await row(drawer, 'Name').getByLabel('Keep mine').isChecked()).toBe(true);
    expect(await drawer.getByRole('row').count()).toBe(3); // the header and the two changed paths
    const saveMerge = drawer.getByRole('button', { name: 'Save merge' });
    expect(await saveMerge.isDisabled()).toBe(true);
    await screenshot(second, 'merge-conflict');
    // Focus is in the drawer, on the first choice to make; the drawer passes axe.
    expect(
      await row(drawer, 'Description')
        .getByLabel('Keep theirs')
        .evaluate((radio) => radio === document.activeElement),
    ).toBe(true);
    const axe = await new AxeBuilder({ page: second })
      .include('.drawer')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    // Cancel changes nothing: the editor keeps both edits, unsaved, and the store keeps theirs.
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'detached' });
    expect(await second.getByLabel('Description').inputValue()).toBe('Edited in the second tab');
    expect(await second.locator('#root_Name').inputValue()).toBe('CustomerMessageRenamed');
    expect((await stored()).Description).toBe('Edited in the first tab');

    // Saving again merges again; Escape closes it without a change too. Then keep theirs for A.
    await save(second);
    await drawer.waitFor();
    await second.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await save(second);
    await drawer.waitFor();
    await row(drawer, 'Description').getByLabel('Keep theirs').check();
    await saveMerge.click();
    await saved(second);

    const after = await stored();
    expect(after.Description).toBe('Edited in the first tab');
    expect(after.Name).toBe('CustomerMessageRenamed');
    expect(after.Revision).toBe(before.Revision + 2);
    expect(after.Elements).toEqual(before.Elements);
  });

  it('keeping mine for A; a third save meanwhile is merged again, and its new field stays', async () => {
    await open(first);
    await open(second);
    const before = await stored();

    await first.getByLabel('Description').fill('First tab, round two');
    await save(first);
    await saved(first);

    await second.getByLabel('Description').fill('Second tab wins A');
    await save(second);
    const drawer = mergeDrawer(second);
    await drawer.waitFor();
    await row(drawer, 'Description').getByLabel('Keep mine').check();

    // Someone else saves again while the merge is open: a field is added.
    const current = await stored();
    const third = await call(server, 'POST', 'MetaDocumentBuilder/MetaDocument', {
      token,
      body: { ...current, Elements: [...current.Elements, { Name: 'Note', Type: 'String' }] },
    });
    expect(third.status).toBe(200);

    // Save merge meets their newer revision: a 409 again, merged again on top of the first merge.
    await drawer.getByRole('button', { name: 'Save merge' }).click();
    await expect.poll(async () => (await row(drawer, 'Elements[Note]').count()) > 0).toBe(true);
    expect(await rowText(drawer, 'Elements[Note]')).toContain('Changed by them');
    expect(await rowText(drawer, 'Description')).toContain('Changed by you');
    await screenshot(second, 'merge-again');
    await drawer.getByRole('button', { name: 'Save merge' }).click();
    await saved(second);

    const after = await stored();
    expect(after.Description).toBe('Second tab wins A');
    expect(after.Name).toBe(before.Name);
    expect(after.Elements.map((element) => element.Name)).toEqual([
      ...before.Elements.map((element) => element.Name),
      'Note',
    ]);
    expect(after.Revision).toBe(before.Revision + 3);
    expect(errors).toEqual([]);
  });

  it('the flow editor merges block by block: my new block and their result settings both stay', async () => {
    const [api] = (await call(server, 'GET', 'FlowBuilder/GetApiList', { token })).body as unknown as Array<{
      Guid: string;
    }>;
    const flow: RestMethodFlow = {
      Guid: randomUUID(),
      VersionGuid: randomUUID(),
      Name: `merge/${randomUUID().slice(0, 6)}`,
      HttpMethod: 'GET',
      Api: api!.Guid,
      IsScript: false,
      IsNew: true,
      Flow: newFlowGraph({ isScript: false }),
    };
    expect((await call(server, 'POST', 'FlowBuilder/PostRestMethodFlow', { token, body: flow })).status).toBe(
      200,
    );
    const blocks = flow.Flow!.Blocks!;
    const [start, result] = [blocks[0]!, blocks[1]!];
    const page = first;
    await page.goto(`${server.url}/flowbuilder/${flow.Guid}`);
    await expect.poll(() => page.locator('.flow-node').count(), { timeout: 20_000 }).toBe(3);

    // Someone else sets the result block's full output and saves.
    const theirs = {
      ...flow,
      IsNew: false,
      Revision: 1,
      Flow: {
        Blocks: blocks.map((block) =>
          block === result ? { ...block, Config: { FullOutput: true } } : block,
        ),
      },
    };
    expect(
      (await call(server, 'POST', 'FlowBuilder/PostRestMethodFlow', { token, body: theirs })).status,
    ).toBe(200);

    // This tab adds an ADD block between START and RESULT, and saves.
    await page.getByRole('button', { name: 'Fit View' }).click();
    await page
      .getByRole('button', { name: `Add a block after ${start.Guid.slice(0, 8)}`, exact: true })
      .click();
    await page
      .getByRole('dialog', { name: 'Choose new block' })
      .getByRole('button', { name: /^ADD/ })
      .click();
    await page.getByRole('button', { name: 'Close ADD block' }).click();
    // The canvas draws only the blocks in view.
    await page.getByRole('button', { name: 'Fit View' }).click();
    await expect.poll(() => page.locator('.flow-node').count()).toBe(4);
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    const drawer = page.getByRole('dialog', { name: 'Someone else saved this flow' });
    await drawer.waitFor();
    const sources = await drawer
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [row.querySelector('th')?.textContent, row.children[1]?.textContent]),
      );
    const block = (type: string, guid: string) => `${type} block (${guid.slice(0, 8)})`;
    expect(sources).toEqual(
      expect.arrayContaining([
        [`${block('START', start.Guid)}: Out`, 'Changed by you'],
        [`${block('RESULT', result.Guid)}: In`, 'Changed by you'],
        [`${block('RESULT', result.Guid)}: Config.FullOutput`, 'Changed by them'],
        [expect.stringMatching(/^ADD block \([0-9a-f]{8}\)$/), 'Changed by you'],
      ]),
    );
    // Positions are layout, not edits: no row for them.
    expect(sources.some(([path]) => path?.includes('Position'))).toBe(false);
    await screenshot(page, 'merge-flow');
    await drawer.getByRole('button', { name: 'Save merge' }).click();
    await page.locator('.notice', { hasText: 'Flow saved' }).last().waitFor();

    const stored = (await call(server, 'GET', `FlowBuilder/GetRestMethodFlowById/${flow.Guid}`, { token }))
      .body as unknown as RestMethodFlow;
    expect(stored.Revision).toBe(3);
    const storedBlocks = stored.Flow!.Blocks!;
    expect(storedBlocks.map((block) => block.Type).sort()).toEqual(['add', 'close', 'result', 'start']);
    const add = storedBlocks.find((block) => block.Type === 'add')!;
    expect(storedBlocks.find((block) => block.Guid === start.Guid)!.Out).toEqual([add.Guid]);
    expect(storedBlocks.find((block) => block.Guid === result.Guid)!.In).toEqual([add.Guid]);
    expect(storedBlocks.find((block) => block.Guid === result.Guid)!.Config).toMatchObject({
      FullOutput: true,
    });
    expect(errors).toEqual([]);
  });
});
