import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { e2eServerLog } from './e2eServerLog';
import { type ConfigOverrides, startTestServer, type TestServer } from './testServer';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * The built console and the reference server on a free port, on a fresh PGlite database. The server logs
 * at debug into the e2e suite's server log, which the suite scans for secrets when it ends (issue 29
 * point 7, tests/support/e2eServerLog.ts).
 */
export async function startConsole(overrides: ConfigOverrides = {}): Promise<TestServer & { url: string }> {
  mkdirSync(path.dirname(e2eServerLog), { recursive: true });
  const server = await startTestServer(
    undefined,
    { staticDir: path.resolve('dist'), ...overrides },
    { logTo: e2eServerLog },
  );
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  // Mailed links are made on the configured address, never the request's (issue 29 point 6); the port
  // is known only now, so this console's address is set as PUBLIC_URL would set it for a deployment.
  if (!overrides.publicUrl) server.config.publicUrl = url;
  return Object.assign(server, { url });
}

/** A page that fails the test on any uncaught script error. */
export async function newPage(browser: Browser, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource'))
      errors.push(message.text());
  });
  return page;
}

export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
}
