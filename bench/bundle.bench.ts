import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import type { BenchModule } from './lib/types';

const group = 'console';
const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1024;

/**
 * Loads a URL in a fresh browser context and answers every script the page fetched until `ready`
 * resolves (the first render of the screen), by URL path with its body.
 */
async function scriptsUntil(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  storage: Record<string, string> = {},
): Promise<Map<string, Buffer>> {
  const context = await browser.newContext();
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  const pending: Array<Promise<void>> = [];
  const scripts = new Map<string, Buffer>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        scripts.set(new URL(response.url()).pathname, body);
      }),
    );
  });
  await page.goto(url);
  await ready(page);
  await Promise.all(pending);
  await context.close();
  return scripts;
}

const totalKb = (scripts: Map<string, Buffer>) =>
  [...scripts.values()].reduce((sum, body) => sum + gzipKb(body), 0);

/**
 * What the console costs to load (issue 9): JavaScript (gzip, level 9) fetched until the first render
 * of /login and of home after sign-in, in headless Chromium on the production build, and the largest
 * chunk loaded only later (lazily).
 */
const bundle: BenchModule = {
  name: 'bundle',
  order: 10,
  async run(context) {
    const server = await context.server();
    const browser = await context.browser();
    const login = await scriptsUntil(browser, `${server.url}/login`, (page) =>
      page.getByRole('button', { name: 'Sign in' }).waitFor(),
    );
    // A signed-in user opening the console: the session's tokens are in local storage already.
    const { tokens } = server;
    const home = await scriptsUntil(
      browser,
      `${server.url}/`,
      async (page) => {
        await page.getByRole('heading', { name: /Welcome/ }).waitFor();
        await page.locator('.module-card:not(.module-card--placeholder)').first().waitFor();
      },
      { token: tokens.Token, refreshToken: tokens.RefreshToken },
    );
    const initial = new Set([...login.keys(), ...home.keys()]);
    const assets = path.join(context.distDir, 'assets');
    const lazy = readdirSync(assets)
      .filter((file) => file.endsWith('.js') && !initial.has(`/assets/${file}`))
      .map((file) => ({ file, kb: gzipKb(readFileSync(path.join(assets, file))) }))
      .sort((a, b) => b.kb - a.kb);
    const names = (scripts: Map<string, Buffer>) =>
      `${scripts.size} file(s): ${[...scripts.keys()].join(', ')}`;
    return [
      {
        group,
        figure: 'initial JavaScript to first render of /login (gzip)',
        value: totalKb(login),
        unit: 'KB',
        // Issue 20 point 1.
        budget: { kind: 'max', limit: 100 },
        note: names(login),
      },
      {
        group,
        figure: 'initial JavaScript to first render of home, signed in (gzip)',
        value: totalKb(home),
        unit: 'KB',
        budget: { kind: 'max', limit: 120 },
        note: names(home),
      },
      lazy[0]
        ? {
            group,
            figure: 'largest lazily loaded chunk (gzip)',
            value: lazy[0].kb,
            unit: 'KB',
            note: `${lazy[0].file}, of ${lazy.length} lazy chunk(s)`,
          }
        : {
            group,
            figure: 'largest lazily loaded chunk (gzip)',
            unit: 'KB',
            pending: 'pending: no lazy chunk yet',
          },
    ];
  },
};

export default bundle;
