import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { httpCall } from '../tests/support/serverProcess';
import type { BenchContext, BenchServer } from './lib/context';
import { connectionsPlan } from './lib/seeds';
import { median } from './lib/stats';
import type { BenchModule, BenchRow } from './lib/types';

const group = 'console';
/** The list's search debounce (src/engine/list/pageWindow.ts SEARCH_DEBOUNCE_MS). */
const DEBOUNCE_MS = 200;
const FIELDS = 500;

const max = (values: readonly number[]) => Math.max(...values);
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * Installed in every page before the console's own scripts: the time the list's search debounce fires
 * (its 200 ms timer, wrapped), every long task (> 50 ms), and `afterPaint()`, which resolves after the
 * next frame was produced (a task queued from requestAnimationFrame runs once the frame is painted), so
 * a figure covers React's render, the DOM update, style, layout and paint.
 */
function instrument({ debounceMs, fieldRows }: { debounceMs: number; fieldRows: number }) {
  const bench = {
    debounceFired: 0,
    /** When the metadata form's field rows first reached `fieldRows`, and the frame after it. */
    rowsAt: 0,
    rowsPaintedAt: 0,
    longTasks: [] as Array<{ start: number; duration: number }>,
    afterPaint: () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now());
          channel.port2.postMessage(0);
        }),
      ),
  };
  (window as unknown as { __bench: typeof bench }).__bench = bench;
  const original = window.setTimeout;
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
    original(
      typeof handler === 'function' && timeout === debounceMs
        ? (...args: unknown[]) => {
            bench.debounceFired = performance.now();
            (handler as (...a: unknown[]) => void)(...args);
          }
        : handler,
      timeout,
      ...rest,
    )) as typeof window.setTimeout;
  const rows = document.getElementsByClassName('field-list__row');
  const watcher = new MutationObserver(() => {
    if (rows.length < fieldRows) return;
    watcher.disconnect();
    bench.rowsAt = performance.now();
    void bench.afterPaint().then((painted) => {
      bench.rowsPaintedAt = painted;
    });
  });
  watcher.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * The instrument as source text, with the helper tsx's transform may call (__name) defined: the page has
 * neither.
 */
const instrumentScript = () =>
  `var __name = (target) => target;\n(${instrument.toString()})(${JSON.stringify({ debounceMs: DEBOUNCE_MS, fieldRows: FIELDS })});`;

async function signedInPage(browser: Browser, server: BenchServer): Promise<Page> {
  const { tokens } = server;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    (entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    },
    { token: tokens.Token, refreshToken: tokens.RefreshToken },
  );
  await context.addInitScript({ content: instrumentScript() });
  return context.newPage();
}

const longestTaskSince = (page: Page, since: number) =>
  page.evaluate(
    (from) =>
      Math.max(
        0,
        ...(
          window as unknown as { __bench: { longTasks: Array<{ start: number; duration: number }> } }
        ).__bench.longTasks
          .filter((task) => task.start >= from)
          .map((task) => task.duration),
      ),
    since,
  );

const now = (page: Page) => page.evaluate(() => performance.now());

/**
 * ListView over the stored connections on /connectionbuilder: the time from the search debounce
 * firing to the filtered page painted, and from a click on a column header to the sorted page painted.
 */
async function listFigures(browser: Browser, server: BenchServer): Promise<BenchRow[]> {
  // The seeded connections and any the data held before.
  const stored = await httpCall(server.url, 'GET', 'Connection/GetConnections', { token: server.token });
  const count = (stored.body as unknown[]).length;
  const page = await signedInPage(browser, server);
  try {
    await page.goto(`${server.url}/connectionbuilder`);
    const total = `${count} items`;
    await page.locator('.list__count', { hasText: total }).waitFor({ timeout: 120_000 });
    const started = await now(page);

    // Each term, then back to the whole list: narrowing and widening both count.
    const terms = ['BenchConnection1', 'BenchConnection77', '5_', 'zz-none', 'Connection9', '_a'];
    const filter: number[] = [];
    const searches = [...terms.flatMap((term) => [term, '']), ...terms.flatMap((term) => [term, ''])];
    for (const term of searches) {
      const took = await page.evaluate(async (value) => {
        const bench = (
          window as unknown as {
            __bench: { debounceFired: number; afterPaint(): Promise<number> };
          }
        ).__bench;
        const input = document.querySelector<HTMLInputElement>('input.list__search')!;
        const count = document.querySelector('.list__count')!;
        const before = count.textContent;
        bench.debounceFired = 0;
        const changed = new Promise<void>((resolve) => {
          const table = document.querySelector('table.list__table')!;
          const observer = new MutationObserver(() => {
            if (
              bench.debounceFired &&
              count.textContent !== before &&
              table.getAttribute('aria-busy') !== 'true'
            ) {
              observer.disconnect();
              resolve();
            }
          });
          observer.observe(count.parentElement!.parentElement!, {
            childList: true,
            subtree: true,
            characterData: true,
            attributes: true,
          });
        });
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await changed;
        const painted = await bench.afterPaint();
        return painted - bench.debounceFired;
      }, term);
      filter.push(took);
    }
    const filterTask = await longestTaskSince(page, started);
    const slowest = filter.indexOf(max(filter));

    const sortStarted = await now(page);
    const sort: number[] = [];
    for (const header of ['Name', 'Name', 'Last edited', 'Last edited', 'Type', 'Name']) {
      const took = await page.evaluate(async (name) => {
        const bench = (window as unknown as { __bench: { afterPaint(): Promise<number> } }).__bench;
        const button = [...document.querySelectorAll<HTMLButtonElement>('button.list__sort')].find(
          (candidate) => candidate.textContent?.startsWith(name),
        )!;
        const th = button.closest('th')!;
        const table = button.closest('table')!;
        const before = `${th.getAttribute('aria-sort')}|${table.querySelector('tbody tr')?.textContent}`;
        const changed = new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            const after = `${th.getAttribute('aria-sort')}|${table.querySelector('tbody tr')?.textContent}`;
            // A list the server pages marks itself busy until the sorted page has arrived.
            if (after !== before && table.getAttribute('aria-busy') !== 'true') {
              observer.disconnect();
              resolve();
            }
          });
          observer.observe(table, { childList: true, subtree: true, characterData: true, attributes: true });
        });
        const start = performance.now();
        button.click();
        await changed;
        return (await bench.afterPaint()) - start;
      }, header);
      sort.push(took);
    }
    const sortTask = await longestTaskSince(page, sortStarted);
    const rows = count.toLocaleString('en');
    // Issue 20 point 2: within one frame, in the median and in the slowest case within two.
    const frame = { kind: 'max', limit: 16 } as const;
    const twoFrames = { kind: 'max', limit: 33 } as const;
    return [
      {
        group,
        figure: `ListView (${rows} connections): filter, search to page painted, median`,
        value: median(filter),
        unit: 'ms',
        budget: frame,
        note: `${filter.length} searches after the ${DEBOUNCE_MS} ms debounce; longest task ${ms(filterTask)}`,
      },
      {
        group,
        figure: `ListView (${rows} connections): filter, search to page painted, slowest`,
        value: max(filter),
        unit: 'ms',
        budget: twoFrames,
        note: `of the ${filter.length} searches; the slowest was no. ${slowest + 1} (“${searches[slowest]}”)`,
      },
      {
        group,
        figure: `ListView (${rows} connections): sort, click to page painted, median`,
        value: median(sort),
        unit: 'ms',
        budget: frame,
        note: `${sort.length} header clicks; longest task ${ms(sortTask)}`,
      },
      {
        group,
        figure: `ListView (${rows} connections): sort, click to page painted, slowest`,
        value: max(sort),
        unit: 'ms',
        budget: twoFrames,
        note: `of the ${sort.length} header clicks`,
      },
    ];
  } finally {
    await page.context().close();
  }
}

/** A metadata document of `count` top-level String fields. */
const wideDocument = (count: number) => ({
  Guid: randomUUID(),
  Name: `BenchWide_${randomUUID().slice(0, 8)}`,
  Description: null,
  Elements: Array.from({ length: count }, (_, index) => ({
    Name: `Field${index + 1}`,
    Type: 'String',
    Order: index,
  })),
});

/** What the bench types: a few keys into a short field, then a sentence into a long one. */
const NAME_KEYS = 'Renamed';
const DESCRIPTION_KEYS = 'Typed into a form of five hundred fields';

/**
 * Types into two fields through Chromium's own input events, as a user would (click, End, then the
 * keys 120 ms apart), and answers each key's time from key down to the next frame painted and to the
 * end of the work its input event started (React renders a typed value synchronously), before style
 * and paint. The first two keys (End, and the first letter, which follows the click) are not counted.
 */
async function typeKeys(
  page: Page,
  first: { selector: string; label: string },
  second: { selector: string; label: string },
) {
  await page.evaluate(() => {
    const state = window as unknown as {
      __keys: number[];
      __work: number[];
      __bench: { afterPaint(): Promise<number> };
    };
    state.__keys = [];
    state.__work = [];
    let start = 0;
    window.addEventListener(
      'keydown',
      (event) => {
        start = event.timeStamp;
        const from = start;
        void state.__bench.afterPaint().then((painted) => state.__keys.push(painted - from));
      },
      { capture: true },
    );
    window.addEventListener(
      'input',
      () => {
        const from = start;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => state.__work.push(performance.now() - from);
        channel.port2.postMessage(0);
      },
      { capture: true },
    );
  });
  await page.locator(first.selector).click();
  await page.keyboard.press('End');
  await page.keyboard.type(NAME_KEYS, { delay: 120 });
  await page.locator(second.selector).click();
  await page.keyboard.type(DESCRIPTION_KEYS, { delay: 120 });
  await page.waitForTimeout(300);
  const typed = await page.evaluate(() => {
    const state = window as unknown as { __keys: number[]; __work: number[] };
    return { keys: state.__keys, work: state.__work };
  });
  const keys = typed.keys.slice(2);
  // Each key named by the text typed up to it, so a slowest key that recurs from run to run shows.
  const texts = [...NAME_KEYS].map((_, index) => `“${NAME_KEYS.slice(0, index + 1)}” in ${first.label}`);
  texts.push(
    ...[...DESCRIPTION_KEYS].map(
      (_, index) => `“${DESCRIPTION_KEYS.slice(0, index + 1)}” in ${second.label}`,
    ),
  );
  return { keys, work: typed.work.slice(2), slowestKey: texts[keys.indexOf(max(keys)) + 1] ?? 'unknown' };
}

/**
 * The control for the keystroke figure: the same keys typed the same way into a bare page (an input
 * and a textarea in a form, no styles and no script but the bench's instrument) in the same browser.
 * Its slowest key is the floor this machine's headless Chromium sets on any page: the wait for the next
 * frame (up to 16.7 ms) and Chromium's own processes (software compositing) sharing two cores.
 */
async function bareKeystrokeFigure(browser: Browser): Promise<BenchRow> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.setContent('<form><input id="first"><textarea id="second"></textarea></form>');
    // The bench's own instrument, as in the console's pages, so both are measured by one afterPaint.
    await page.addScriptTag({ content: instrumentScript() });
    const { keys, slowestKey } = await typeKeys(
      page,
      { selector: '#first', label: 'the input' },
      { selector: '#second', label: 'the textarea' },
    );
    return {
      group,
      figure: 'control: a bare page (an input, no console): keystroke to next paint, slowest key',
      value: max(keys),
      unit: 'ms',
      note: `the floor under the metadata form's keystroke figure, typed the same way; slowest ${slowestKey} of ${keys.length} keys; median ${ms(median(keys))}`,
    };
  } finally {
    await context.close();
  }
}

/**
 * The 500-field metadata document on /metadatabuilder/<guid>: render (the document's answer received to
 * every field row painted) and each keystroke typed into its Name and Description (key down to the
 * next frame painted), through Chromium's own input events.
 */
async function formFigures(browser: Browser, server: BenchServer): Promise<BenchRow[]> {
  const document = wideDocument(FIELDS);
  const saved = await httpCall(server.url, 'POST', 'MetaDocumentBuilder/MetaDocument', {
    token: server.token,
    body: document,
  });
  const figures = {
    render: `metadata form (${FIELDS} fields): render, answer to fields painted, median`,
    keystroke: `metadata form (${FIELDS} fields): keystroke to next paint, slowest key`,
  };
  // Issue 20 point 3: the form renders within 150 ms, and even its slowest key paints within one frame.
  const renderBudget = { kind: 'max', limit: 150 } as const;
  const keyBudget = { kind: 'max', limit: 16 } as const;
  if (saved.status !== 200) {
    const reason = `pending: saving the document answered ${saved.status}`;
    return [
      { group, figure: figures.render, unit: 'ms', budget: renderBudget, pending: reason },
      { group, figure: figures.keystroke, unit: 'ms', budget: keyBudget, pending: reason },
    ];
  }
  const page = await signedInPage(browser, server);
  try {
    const renders: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.goto(`${server.url}/metadatabuilder/${document.Guid}`);
      // The page's own observer (instrument) notes the rows painted; a Playwright locator would poll the
      // DOM for the 500th row on every frame of the render it times, adding its own work to the figure.
      const took = await page.evaluate(async (guid) => {
        const bench = (window as unknown as { __bench: { rowsPaintedAt: number } }).__bench;
        const deadline = performance.now() + 60_000;
        while (!bench.rowsPaintedAt) {
          if (performance.now() > deadline) throw new Error('the 500 field rows were not painted in 60 s');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const answer = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.includes(`GetMetadataDocument/${guid}`)) as
          | PerformanceResourceTiming
          | undefined;
        if (!answer) throw new Error('no GetMetadataDocument request seen');
        return bench.rowsPaintedAt - answer.responseEnd;
      }, document.Guid);
      renders.push(took);
    }
    const renderTask = await longestTaskSince(page, 0);

    const typingStarted = await now(page);
    const { keys, work, slowestKey } = await typeKeys(
      page,
      { selector: '#root_Name', label: 'Name' },
      { selector: '#root_Description', label: 'Description' },
    );
    const typingTask = await longestTaskSince(page, typingStarted);
    return [
      {
        group,
        figure: figures.render,
        value: median(renders),
        unit: 'ms',
        budget: renderBudget,
        note: `${renders.length} loads; slowest ${ms(max(renders))}, longest task ${ms(renderTask)}`,
      },
      {
        group,
        figure: figures.keystroke,
        value: max(keys),
        unit: 'ms',
        budget: keyBudget,
        note: `slowest ${slowestKey} of ${keys.length} keys; median ${ms(median(keys))}, longest task ${ms(typingTask)}; includes the wait for the next frame (up to 16.7 ms)`,
      },
      {
        group,
        figure: `metadata form (${FIELDS} fields): keystroke, work of its input event, median`,
        value: median(work),
        unit: 'ms',
        note: `${work.length} keys; key down to the end of the input event's task (React's render and commit), before style, layout and paint; slowest ${ms(max(work))}`,
      },
    ];
  } finally {
    await page.context().close();
  }
}

/**
 * What the console costs to use with much data (issue 9): ListView filter and sort over 10,000
 * connections, and render and keystroke time of a 500-field metadata document form, in headless
 * Chromium on the production build against the bench's server.
 *
 * It runs before the server's load figures (api, order 20): those store about 4,000 more connections
 * (the PostConnection load) and 10,000 metadata documents, and issue 20 point 2 names its figures over
 * 10,001 connections. After them the list held 14,099 rows, and the metadata editor loaded the
 * 10,000-document list (its uniqueness check) while the keys were typed.
 */
const ui: BenchModule = {
  name: 'ui',
  order: 15,
  async run(context: BenchContext) {
    const server = await context.server();
    const browser = await context.browser();
    const rows: BenchRow[] = [];
    const connections = await context.seed('connections', await connectionsPlan(context));
    if (connections.ok) rows.push(...(await listFigures(browser, server)));
    else
      rows.push(
        { group, figure: 'ListView: filter', unit: 'ms', pending: connections.reason },
        { group, figure: 'ListView: sort', unit: 'ms', pending: connections.reason },
      );
    rows.push(...(await formFigures(browser, server)));
    rows.push(await bareKeystrokeFigure(browser));
    return rows;
  },
};

export default ui;
