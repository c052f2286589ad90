import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { confirmDialog, drawer, lastNotice, signInThroughPage } from '../support/consolePages';

/**
 * Acceptance of issue 17 (flow runtime) in headless Chromium: a REST API, an API user and a flow are built
 * entirely in the console, the flow is published and activated, an outside system calls it over HTTP with
 * the API user's token (spec part 1 §3 'REST API', 'API user'; part 2 §1: flows are "exposed as REST method
 * flows under a REST API"), then a test run from the canvas shows the path taken and each block's data.
 */
describe('Flow runtime end to end (issue 17; spec part 2 §3 Flow, Block, §5 Flow blocks)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const apiName = 'e2e_quotes';
  const flowName = 'quote/check';
  let token = '';

  /** Waits for what the page shows (lazy chunks, the layout worker), up to 20 s; asserts nothing about time. */
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
  const fitView = () => page.getByRole('button', { name: 'Fit View' }).click();
  const node = (type: string) => page.locator(`.flow-node[data-type="${type}"]`);
  /** The flow as an outside system calls it: GET with query parameters, the API user's token or none. */
  const callFlow = async (query: string, bearer: string | null = token) => {
    const response = await fetch(`${server.url}/rest/${apiName}/${flowName}?${query}`, {
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
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

  it('creates an API user and reads its token (spec part 1 §5 "API user")', async () => {
    await page.goto(`${server.url}/restapi?tab=apiUsers`);
    await page.getByRole('button', { name: 'New API user', exact: true }).click();
    const userDrawer = drawer(page, 'New API user');
    await userDrawer.getByRole('textbox', { name: 'Username', exact: true }).fill('quote-caller');
    await userDrawer.getByRole('button', { name: 'Save' }).click();
    await poll(() => lastNotice(page)).toContain('API user created');
    await page.getByRole('button', { name: 'quote-caller', exact: true }).click();
    token = await drawer(page, 'API user quote-caller')
      .getByRole('textbox', { name: 'API token' })
      .inputValue();
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Close API user quote-caller' }).click();
  });

  it('creates and publishes a REST API with ApiToken authentication listing that API user', async () => {
    await page.getByRole('tab', { name: 'REST API' }).click();
    await page.getByRole('button', { name: 'New REST API', exact: true }).click();
    await page.waitForURL(/\/restapi\/new/);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(apiName);
    await page.getByLabel('Return type').selectOption('Json');
    await page.getByLabel('Authentication').selectOption('ApiToken');
    await page.getByLabel('quote-caller').check();
    await page.getByRole('button', { name: 'requires validation' }).click();
    await page.getByRole('button', { name: 'validated' }).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await confirmDialog(page, 'Publish');
    await poll(() => lastNotice(page)).toContain('REST API published');
  });

  it('builds a GET flow START → CHECK → RESULT, FALSE → ERROR, publishes and activates it', async () => {
    await page.goto(`${server.url}/flowbuilder`);
    await page.getByRole('button', { name: 'Create flow' }).click();
    const create = drawer(page, 'Create flow');
    await create.getByLabel('Method').selectOption('GET');
    await create.getByLabel('Name').fill(flowName);
    await create.getByLabel('REST API').selectOption({ label: apiName });
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/flowbuilder\/[0-9a-f-]{36}$/);
    await poll(() => node('result').count()).toBe(1);

    // START: one required Number field (spec part 2 §3 'Block' start: input fields with types, required).
    await fitView();
    await node('start').locator('.flow-node__body').click();
    const start = drawer(page, 'START block');
    await start.getByRole('button', { name: 'Add field' }).click();
    const field = drawer(page, 'New start field');
    await field.getByLabel('Name').fill('amount');
    await field.getByLabel('Type').selectOption('Number');
    await field.getByLabel('Required').check();
    await field.getByRole('button', { name: 'Save' }).click();
    await field.waitFor({ state: 'detached' });
    await start.getByRole('button', { name: 'Close', exact: true }).click();
    await start.waitFor({ state: 'detached' });

    // CHECK amount between 1 and 100; its FALSE exit gets an ERROR block (spec part 2 §3 'Operators').
    await fitView();
    const startGuid = await node('start').getAttribute('data-block');
    await page
      .getByRole('button', { name: `Add a block after ${startGuid?.slice(0, 8)}`, exact: true })
      .click();
    await drawer(page, 'Choose new block')
      .getByRole('button', { name: /^CHECK/ })
      .click();
    const check = drawer(page, 'CHECK block');
    await check.getByRole('button', { name: 'Add condition group' }).click();
    const fieldSelect = check.getByLabel('Condition 1.1 field', { exact: true });
    const amountOption = await fieldSelect.locator('option', { hasText: 'amount' }).first().textContent();
    await fieldSelect.selectOption({ label: amountOption ?? 'amount' });
    await check.getByLabel('Condition 1.1 operator').selectOption('between');
    await check.getByLabel('Condition 1.1 value 1', { exact: true }).fill('1');
    await check.getByLabel('Condition 1.1 value 2', { exact: true }).fill('100');
    await check.getByRole('button', { name: 'Save' }).click();
    await check.waitFor({ state: 'detached' });

    await fitView();
    await node('error').locator('.flow-node__body').click();
    const error = drawer(page, 'ERROR block');
    await error.getByLabel('Error code').fill('AMOUNT_OUT_OF_RANGE');
    await error.getByLabel('Error message').fill('The amount must be between 1 and 100');
    await error.getByRole('button', { name: 'Save' }).click();
    await error.waitFor({ state: 'detached' });

    await node('result').locator('.flow-node__body').click();
    const result = drawer(page, 'RESULT block');
    await result.getByLabel('Full output: every flow field').check();
    await result.getByRole('button', { name: 'Save' }).click();
    await result.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Requires validation' }).click();
    await page.getByRole('button', { name: 'Validated' }).waitFor();
    await page.getByLabel('Activate on publish').check();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await confirmDialog(page, 'Publish');
    await poll(() => lastNotice(page)).toContain('Flow published and active');
    await page.getByText('Read only').waitFor();
  });

  it('answers real HTTP calls with the API user’s token: the result, the error block, 400, 401 (issue 17 point 1)', async () => {
    expect(await callFlow('amount=42')).toEqual({ status: 200, body: { amount: 42 } });
    expect(await callFlow('amount=500')).toEqual({
      status: 422,
      body: {
        Message: 'The amount must be between 1 and 100',
        MessageKey: 'flow.error',
        ErrorCode: 'AMOUNT_OUT_OF_RANGE',
      },
    });
    const missing = await callFlow('');
    expect(missing.status).toBe(400);
    expect(missing.body.Errors).toEqual([
      expect.objectContaining({ Path: '/amount', MessageKey: 'flow.input.required' }),
    ]);
    expect((await callFlow('amount=42', null)).status).toBe(401);
    expect((await callFlow('amount=42', crypto.randomUUID())).status).toBe(401);
  });

  it('lists the production calls in the flow’s executions log (issue 17 point 6)', async () => {
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const details = drawer(page, 'Flow details');
    await details.getByText('Executions', { exact: true }).click();
    const log = details.getByRole('table', { name: 'Executions' });
    // The log is written in batches: refresh until the calls above are in.
    await poll(async () => {
      await details.getByRole('button', { name: 'Refresh' }).click();
      return log.locator('tbody tr').count();
    }).toBe(5);
    expect(await log.locator('tbody tr', { hasText: 'AMOUNT_OUT_OF_RANGE' }).count()).toBe(1);
    expect(await log.locator('tbody tr', { hasText: 'quote-caller' }).count()).toBe(3);
    // Each call's trace id, which its log lines carry (issue 32 point 2).
    expect(await log.locator('tbody tr td code').allTextContents()).toEqual(
      Array.from({ length: 5 }, () => expect.stringMatching(/^[0-9a-f]{32}$/)),
    );
    await screenshot(page, 'flowruntime-executions');
    await page.getByRole('button', { name: 'Close Flow details' }).click();
  });

  it('runs a test from the canvas: the path taken is drawn, a block shows its input and output (issue 17 point 5)', async () => {
    await page.getByRole('button', { name: 'Test run', exact: true }).click();
    const run = drawer(page, `Test run: GET ${flowName}`);
    await run.getByLabel('amount').fill('500');
    await run.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(() => run.getByRole('status').textContent()).toContain('422');
    const blocksRun = run.getByRole('table', { name: 'Blocks run' }).locator('tbody tr');
    expect(await blocksRun.count()).toBe(3);
    expect(await blocksRun.last().textContent()).toContain('The amount must be between 1 and 100');
    await screenshot(page, 'flowruntime-test-run-drawer');
    await page.getByRole('button', { name: 'Close Test run', exact: false }).click();
    await run.waitFor({ state: 'detached' });

    // The canvas: START and CHECK ran, ERROR ended the run, RESULT and CLOSE did not run; the FALSE link
    // was taken, the OUT link from CHECK to RESULT was not.
    await fitView();
    await poll(() => node('error').getAttribute('class')).toContain('flow-node--run-failed');
    expect(await node('start').getAttribute('class')).toContain('flow-node--run-ran');
    expect(await node('check').getAttribute('class')).toContain('flow-node--run-ran');
    expect(await node('result').getAttribute('class')).toContain('flow-node--run-skipped');
    expect(await page.locator('.flow-link--taken').count()).toBe(2);
    expect(await page.locator('.flow-link--taken.flow-link--false').count()).toBe(1);
    await screenshot(page, 'flowruntime-trace');

    // A block that ran opens its data: what it read and what it answered, and the branch it took.
    await node('check').locator('.flow-node__body').click();
    const data = drawer(page, 'CHECK block: test run');
    await data.waitFor();
    expect(await data.textContent()).toContain('FALSE');
    expect(await data.getByRole('region', { name: 'Input' }).textContent()).toContain('"amount": 500');
    await screenshot(page, 'flowruntime-block-data');
    await page.getByRole('button', { name: 'Close CHECK block: test run' }).click();
    await data.waitFor({ state: 'detached' });
  });

  it('clears the trace from the banner above the canvas; a block click opens its settings again', async () => {
    const banner = page.getByRole('status').filter({ hasText: 'The canvas shows the last test run' });
    expect(await banner.textContent()).toContain('answered 422');
    await banner.getByRole('button', { name: 'Clear trace' }).click();
    await poll(() => page.locator('[class*="flow-node--run-"]').count()).toBe(0);
    expect(await page.locator('.flow-link--taken').count()).toBe(0);
    await node('check').locator('.flow-node__body').click();
    await drawer(page, /^CHECK block$/).waitFor();
    expect(errors).toEqual([]);
  });
});
