import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualifiedTable } from '../../server/documents/recordTable';
import { demoFlowCustomers } from '../../server/seed/demo/050_flows';
import { accessibilityProblems } from '../support/axe';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { drawer, lastNotice, signInThroughPage } from '../support/consolePages';
import { demoToken } from '../support/restCall';

/** The demo flow customers/credit and the document it reads (server/seed/demo/050_flows.ts). */
const CREDIT_FLOW = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a10';
const CUSTOMERS = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a02';
/** The drawer on top, as the accessibility sweep checks one (tests/e2e/quality/a11ySweep.test.ts). */
const TOP_DRAWER = '.drawer-stack > [role="dialog"]:last-of-type';

/**
 * Running it in production (issue 32 points 3 and 4) in headless Chromium: a production call of the demo
 * flow customers/credit fails; its execution, opened from the flow's executions log, is drawn on the
 * canvas of the version that ran as a test run is, with each block's data one click away; once the data
 * the flow reads is fixed it is retried from the console, and the new execution is listed as ok, linked
 * to the one it retried.
 */
describe('Executions with their data, retried from the console (issue 32 points 3, 4)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  let failedId = '';

  /** Waits for what the page shows (lazy chunks, the layout worker), up to 20 s; asserts nothing about time. */
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
  const fitView = () => page.getByRole('button', { name: 'Fit View' }).click();
  const node = (type: string) => page.locator(`.flow-node[data-type="${type}"]`);
  const openLog = async () => {
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const details = drawer(page, 'Flow details');
    await details.getByText('Executions', { exact: true }).click();
    return { details, log: details.getByRole('table', { name: 'Executions' }) };
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

  it('a failing call: its execution opens with the path drawn and each block’s data (point 3)', async () => {
    const token = await demoToken(server);
    const answer = await fetch(
      `${server.url}/rest/orders_api/customers/credit?customerId=${demoFlowCustomers.outOfRange.Id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(answer.status).toBe(422);

    await page.goto(`${server.url}/flowbuilder/${CREDIT_FLOW}`);
    await poll(() => node('result').count()).toBe(1);
    const { details, log } = await openLog();
    // The keep setting the failed call was kept under: on error, the default.
    expect(await details.getByLabel('Keep call data').inputValue()).toBe('onError');
    const row = log.locator('tbody tr', { hasText: 'CREDIT_OUT_OF_RANGE' });
    await poll(async () => {
      await details.getByRole('button', { name: 'Refresh' }).click();
      return row.count();
    }).toBe(1);
    failedId = (await row.getAttribute('data-execution')) ?? '';
    expect(failedId).toMatch(/^\d+$/);
    await screenshot(page, 'executions-log');
    // Opened, the log keeps the drawer as it was: its controls (History's buttons, the filters, each row's
    // Open) stay within the drawer's edge and the window's; a trace id is cut to its first digits.
    const pastTheEdge = await details.evaluate((drawerElement) => {
      const edge = Math.min(drawerElement.getBoundingClientRect().right, window.innerWidth);
      return [...drawerElement.querySelectorAll('button, input, select')]
        .filter((control) => control.getBoundingClientRect().right > edge + 1)
        .map((control) => control.getAttribute('aria-label') ?? control.textContent ?? control.tagName);
    });
    expect(pastTheEdge).toEqual([]);
    // The caller's traceparent, pasted into the trace id filter, finds the call (issue 32 point 2).
    const traceId = await row.locator('code').getAttribute('title');
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    await details.getByLabel('Trace id').fill(`00-${traceId}-00f067aa0ba902b7-01`);
    await poll(() => log.locator('tbody tr').count()).toBe(1);
    await details.getByLabel('Trace id').fill('0'.repeat(32));
    await poll(() => details.getByText('No calls match these filters.').count()).toBe(1);
    await details.getByRole('button', { name: 'Clear filters' }).click();
    await poll(() => row.count()).toBe(1);
    // The log's filters and table, and the keep setting, pass axe (issue 9 'Accessibility').
    expect(await accessibilityProblems(page, TOP_DRAWER)).toEqual([]);
    await row.getByRole('button', { name: `Open execution ${failedId}` }).click();

    const opened = drawer(page, `Execution #${failedId}: GET customers/credit`);
    await opened.waitFor();
    await poll(() => opened.getByRole('status').first().textContent()).toContain('Answered 422');
    expect(await opened.textContent()).toContain('demo-importer');
    expect(await opened.getByRole('region', { name: 'Input' }).textContent()).toContain(
      demoFlowCustomers.outOfRange.Id,
    );
    const blocksRun = opened.getByRole('table', { name: 'Blocks run' }).locator('tbody tr');
    expect(await blocksRun.count()).toBe(4);
    expect(await blocksRun.last().textContent()).toContain('Credit is out of range');
    await screenshot(page, 'executions-opened');
    expect(await accessibilityProblems(page, TOP_DRAWER)).toEqual([]);

    // A block's data, one click away: what the READ block read and found.
    await opened.getByRole('button', { name: 'data of the READ block' }).click();
    const read = drawer(page, `READ block: execution #${failedId}`);
    await read.waitFor();
    expect(await read.getByRole('region', { name: 'Output' }).textContent()).toContain('"credit": 25000');
    expect(await read.getByRole('region', { name: 'Input' }).textContent()).toContain(
      demoFlowCustomers.outOfRange.Id,
    );
    await screenshot(page, 'executions-block-data');
    await page.getByRole('button', { name: `Close READ block: execution #${failedId}` }).click();
    await read.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Close Execution #${failedId}: GET customers/credit` }).click();
    await opened.waitFor({ state: 'detached' });

    // The canvas of the version that ran: START, READ and CHECK ran, the ERROR block ended the call,
    // RESULT did not run; three links taken, one of them CHECK's FALSE.
    await fitView();
    await poll(() => node('error').getAttribute('class')).toContain('flow-node--run-failed');
    for (const type of ['start', 'read', 'check'])
      expect(await node(type).getAttribute('class')).toContain('flow-node--run-ran');
    expect(await node('result').getAttribute('class')).toContain('flow-node--run-skipped');
    expect(await page.locator('.flow-link--taken').count()).toBe(3);
    expect(await page.locator('.flow-link--taken.flow-link--false').count()).toBe(1);
    const banner = page.getByRole('status').filter({ hasText: `The canvas shows execution #${failedId}` });
    expect(await banner.textContent()).toContain('answered 422');
    await screenshot(page, 'executions-path');

    // A block clicked on the canvas shows the call's data too.
    await node('check').locator('.flow-node__body').click();
    const check = drawer(page, `CHECK block: execution #${failedId}`);
    await check.waitFor();
    expect(await check.textContent()).toContain('FALSE');
    expect(await check.getByRole('region', { name: 'Input' }).textContent()).toContain('"credit": 25000');
    await page.getByRole('button', { name: `Close CHECK block: execution #${failedId}` }).click();
    await check.waitFor({ state: 'detached' });
  });

  it('retried after the data is fixed: the new execution is listed as ok, linked to the old (point 4)', async () => {
    // Someone fixes the customer's credit, which the failed call read.
    await server.db.query(`update ${qualifiedTable(CUSTOMERS)} set "Credit" = 5000 where "Id" = $1`, [
      demoFlowCustomers.outOfRange.Id,
    ]);
    const banner = page.getByRole('status').filter({ hasText: `The canvas shows execution #${failedId}` });
    await banner.getByRole('button', { name: 'Open', exact: true }).click();
    const opened = drawer(page, `Execution #${failedId}: GET customers/credit`);
    const retry = opened.getByRole('region', { name: 'Retry' });
    expect(await retry.getByLabel('The version that failed').isChecked()).toBe(true);
    expect(await retry.textContent()).toContain('repeats no write of the failed call');
    await screenshot(page, 'executions-retry');
    expect(await accessibilityProblems(page, TOP_DRAWER)).toEqual([]);
    await retry.getByRole('button', { name: 'Retry', exact: true }).click();
    await poll(() => lastNotice(page)).toMatch(/Retried as execution #\d+: answered 200/);
    const retriedId = /#(\d+)/.exec((await lastNotice(page)) ?? '')?.[1] ?? '';

    // The retry opens in its place: answered 200, a retry of the failed one, the path to RESULT drawn.
    const retried = drawer(page, `Execution #${retriedId}: GET customers/credit`);
    await retried.waitFor();
    await poll(() => retried.getByRole('status').first().textContent()).toContain('Answered 200');
    expect(await retried.textContent()).toContain(`#${failedId}`);
    await page.getByRole('button', { name: `Close Execution #${retriedId}: GET customers/credit` }).click();
    await retried.waitFor({ state: 'detached' });

    const { details, log } = await openLog();
    const row = log.locator(`tbody tr[data-execution="${retriedId}"]`);
    await poll(async () => {
      await details.getByRole('button', { name: 'Refresh' }).click();
      return row.count();
    }).toBe(1);
    expect(await row.textContent()).toContain(`retry of #${failedId}`);
    expect(await row.locator('.badge').textContent()).toBe('200');
    expect(await row.locator('.badge').getAttribute('class')).toContain('badge--published');
    // Filtered to the calls that succeeded, the retry is there and the failed call is not.
    await details.getByLabel('Outcome').selectOption({ label: 'Succeeded' });
    // The list is fetched again for the filter (and is empty while it loads): both at once, not one then the other.
    const failedRow = log.locator(`tbody tr[data-execution="${failedId}"]`);
    await poll(async () => [await row.count(), await failedRow.count()]).toEqual([1, 0]);
    await screenshot(page, 'executions-retried-listed');
    expect(errors).toEqual([]);
  });

  it('keep call data set to always in the details drawer: a call that succeeds keeps its data too (point 3)', async () => {
    const details = drawer(page, 'Flow details');
    await details.getByLabel('Keep call data').selectOption({ label: 'Always' });
    await poll(() => lastNotice(page)).toContain('Keep call data set to Always');
    const token = await demoToken(server);
    const answer = await fetch(
      `${server.url}/rest/orders_api/customers/credit?customerId=${demoFlowCustomers.inRange.Id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(answer.status).toBe(200);

    // Still filtered to the calls that succeeded: the retry, then the new call, newest first.
    const log = details.getByRole('table', { name: 'Executions' });
    const rows = log.locator('tbody tr');
    await poll(async () => {
      await details.getByRole('button', { name: 'Refresh' }).click();
      return rows.count();
    }).toBe(2);
    const newId = (await rows.first().getAttribute('data-execution')) ?? '';
    await rows
      .first()
      .getByRole('button', { name: `Open execution ${newId}` })
      .click();
    const opened = drawer(page, `Execution #${newId}: GET customers/credit`);
    await opened.waitFor();
    await poll(() => opened.getByRole('status').first().textContent()).toContain('Answered 200');
    expect(await opened.getByRole('region', { name: 'Input' }).textContent()).toContain(
      demoFlowCustomers.inRange.Id,
    );
    expect(await opened.getByRole('table', { name: 'Blocks run' }).textContent()).toContain('RESULT');
    // A call that succeeded is not retried.
    expect(await opened.getByRole('region', { name: 'Retry' }).count()).toBe(0);
    await screenshot(page, 'executions-kept-always');
    expect(errors).toEqual([]);
  });
});
