import ELK from 'elkjs/lib/elk.bundled.js';
import type { Page } from 'playwright-core';
import { BLOCK_SIZE } from '../src/builders/flowbuilder/canvas/canvasActions';
import { layoutInput, layoutWithElk } from '../src/flow/layout/elkLayout';
import { generatedFlow } from '../src/flow/testing';
import { validateFlow } from '../src/flow/validateFlow';
import { signedInPage } from '../tests/support/consolePages';
import { httpSignIn } from '../tests/support/serverProcess';
import { testAdmin } from '../tests/support/testServer';
import type { BenchModule, BenchRow } from './lib/types';

/**
 * Flow Builder figures (issue 8): the block rules (validateFlow, the same pure functions the validation
 * panel and the server run) and the elkjs layout (layered, left to right, as the layout worker runs it) on
 * generated flows of 100, 500 and 1,000 blocks; and the canvas frame time while panning a 500-block flow
 * in headless Chromium on the production build.
 */
const sizes = [100, 500, 1000] as const;

/** Median of `runs` timings of `work`, after one warm-up run. */
async function median(runs: number, work: () => unknown | Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Frame intervals (ms) while the pointer drags the canvas pane across it. */
async function panFrames(page: Page): Promise<number[]> {
  const pane = await page.locator('.react-flow__pane').boundingBox();
  if (!pane) throw new Error('the canvas pane is not on the page');
  await page.evaluate(() => {
    const frames: number[] = [];
    (window as unknown as { __frames: number[] }).__frames = frames;
    const tick = (time: number) => {
      frames.push(time);
      if (frames.length < 2000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const y = pane.y + pane.height / 2;
  await page.mouse.move(pane.x + pane.width - 20, y);
  await page.mouse.down();
  for (let sweep = 0; sweep < 4; sweep++) {
    await page.mouse.move(pane.x + 20, y, { steps: 60 });
    await page.mouse.move(pane.x + pane.width - 20, y, { steps: 60 });
  }
  await page.mouse.up();
  const stamps = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames.slice());
  return stamps.slice(1).map((time, index) => time - stamps[index]!);
}

const flowBench: BenchModule = {
  name: 'flow',
  order: 60,
  async run(context) {
    const rows: BenchRow[] = [];
    const elk = new ELK();
    for (const size of sizes) {
      const { flow, lookups } = generatedFlow(size);
      const blocks = flow.Flow?.Blocks?.length ?? 0;
      const errors = validateFlow(flow, lookups).length;
      rows.push({
        group: 'flow',
        figure: `validation of a ${size}-block flow`,
        value: await median(9, () => validateFlow(flow, lookups)),
        unit: 'ms',
        note: `${blocks} blocks, ${errors} errors, median of 9`,
      });
      const input = layoutInput(flow.Flow ?? { Blocks: [] }, () => BLOCK_SIZE);
      rows.push({
        group: 'flow',
        figure: `elkjs layout of a ${size}-block flow`,
        value: await median(5, () => layoutWithElk(elk, input)),
        unit: 'ms',
        note: `${input.nodes.length} nodes, ${input.edges.length} links; runs in the layout worker in the console; median of 5`,
      });
    }

    try {
      const server = await context.server();
      const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
      const apis = (await (
        await fetch(`${server.url}/api/UIServices/FlowBuilder/GetApiList`, { headers })
      ).json()) as Array<{ Guid: string }>;
      const { flow } = generatedFlow(500);
      const stored = { ...flow, Name: `bench/canvas${Date.now()}`, Api: apis[0]?.Guid ?? null };
      const saved = await fetch(`${server.url}/api/UIServices/FlowBuilder/PostRestMethodFlow`, {
        method: 'POST',
        headers,
        body: JSON.stringify(stored),
      });
      if (!saved.ok) throw new Error(`storing the 500-block flow answered ${saved.status}`);
      const errors: string[] = [];
      const page = await signedInPage(
        await context.browser(),
        server.url,
        await httpSignIn(server.url, testAdmin),
        errors,
      );
      await page.goto(`${server.url}/flowbuilder/${stored.Guid}`);
      await page.locator('.flow-node').first().waitFor({ timeout: 60_000 });
      const intervals = (await panFrames(page)).sort((a, b) => a - b);
      await page.context().close();
      const mean = intervals.reduce((sum, value) => sum + value, 0) / Math.max(1, intervals.length);
      const p95 = intervals[Math.floor(intervals.length * 0.95)] ?? Number.NaN;
      rows.push(
        {
          group: 'flow',
          figure: 'canvas frame time while panning a 500-block flow (mean)',
          value: mean,
          unit: 'ms',
          note: `${intervals.length} frames, headless Chromium, production build`,
        },
        {
          group: 'flow',
          figure: 'canvas frame time while panning a 500-block flow (p95)',
          value: p95,
          unit: 'ms',
          note: errors.length > 0 ? `page errors: ${errors.join('; ')}` : 'no page errors',
        },
      );
    } catch (error) {
      rows.push({
        group: 'flow',
        figure: 'canvas frame time while panning a 500-block flow',
        unit: 'ms',
        failed: error instanceof Error ? error.message : String(error),
      });
    }
    return rows;
  },
};

export default flowBench;
