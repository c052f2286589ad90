import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, screenshot, startConsole } from '../support/browser';
import { signedInPage } from '../support/consolePages';
import { generatedFlow } from '../support/flowBuilders';
import { testAdmin } from '../support/testServer';

const BLOCKS = 1000;

/**
 * A 1,000-block flow on the canvas (issue 9: the layout runs in a worker and the main thread stays free):
 * blocks show at once in provisional columns, then where ELK put them; React Flow holds only the blocks
 * near the view, so the page never carries the whole flow's markup; Fit View shows the whole flow.
 */
describe('a 1,000-block flow in the Flow Builder (issue 9, spec part 2 §2 Flow Builder)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  let guid = '';
  let startGuid = '';
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    const [api] = (await call(server, 'GET', 'FlowBuilder/GetApiList', { token: tokens.Token }))
      .body as unknown as Array<{ Guid: string }>;
    const { flow } = generatedFlow(BLOCKS);
    guid = randomUUID();
    startGuid = flow.Flow!.Blocks!.find((block) => block.Type === 'start')!.Guid;
    const stored = { ...flow, Guid: guid, Name: `large/${guid.slice(0, 6)}`, Api: api!.Guid };
    const saved = await call(server, 'POST', 'FlowBuilder/PostRestMethodFlow', {
      token: tokens.Token,
      body: stored,
    });
    expect(saved.status).toBe(200);
    page = await signedInPage(browser, server.url, tokens, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    expect(errors).toEqual([]);
  });

  /** Waits for what the page shows (the worker's layout takes seconds here); asserts nothing about time. */
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 60_000 });
  const nodes = () => page.locator('.flow-node');
  const generation = () => page.locator('[data-layout-generation]').getAttribute('data-layout-generation');

  it('opens at its START side, drawing only the blocks near the view, provisional ones first', async () => {
    await page.goto(`${server.url}/flowbuilder/${guid}`);
    // Before ELK answers, the provisional columns already show the START block.
    await nodes().first().waitFor();
    await poll(generation).toBe('1');
    await poll(() => page.locator(`.flow-node[data-block="${startGuid}"]`).isVisible()).toBe(true);
    const drawn = await nodes().count();
    expect(drawn).toBeGreaterThan(4);
    expect(drawn).toBeLessThan(BLOCKS / 4);
    await screenshot(page, 'flowbuilder-large-start');
  });

  it('pans far from START with a click in the overview, and a block there opens its drawer', async () => {
    const overview = page.getByRole('img', { name: 'Flow overview' });
    const box = (await overview.boundingBox())!;
    // The middle of the overview is the middle of the flow.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await poll(() => page.locator(`.flow-node[data-block="${startGuid}"]`).count()).toBe(0);
    const canvas = (await page.getByTestId('flow-canvas').boundingBox())!;
    // The block nearest the canvas's centre, clear of the controls and the overview.
    const centred = () =>
      nodes().evaluateAll(
        (all, { x, y }) => {
          const distance = (node: Element) => {
            const rect = node.getBoundingClientRect();
            return Math.hypot(rect.x + rect.width / 2 - x, rect.y + rect.height / 2 - y);
          };
          return all.sort((a, b) => distance(a) - distance(b))[0]?.getAttribute('data-block') ?? null;
        },
        { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 },
      );
    await poll(centred).not.toBeNull();
    const far = page.locator(`.flow-node[data-block="${await centred()}"]`);
    const type = (await far.getAttribute('data-type'))!;
    await far.locator('.flow-node__body').click();
    await page.getByRole('dialog', { name: new RegExp(`^${type.toUpperCase()} block`) }).waitFor();
    await screenshot(page, 'flowbuilder-large-far');
    await page.keyboard.press('Escape');
  });

  it('fits the whole flow in view from the layout', async () => {
    const outline = page.getByRole('img', { name: 'Flow overview' }).locator('.flow-overview__view');
    const before = (await outline.boundingBox())!;
    await page.getByRole('button', { name: 'Fit View' }).click();
    // The view's outline in the overview grows to the whole flow, and blocks are drawn in it.
    await poll(async () => (await outline.boundingBox())!.width).toBeGreaterThan(before.width * 4);
    await poll(() => nodes().count()).toBeGreaterThan(0);
  });
});
