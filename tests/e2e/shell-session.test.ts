import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { signInThroughPage } from '../support/consolePages';
import { eventually } from '../support/eventually';
import { testAdmin } from '../support/testServer';

type Console = Awaited<ReturnType<typeof startConsole>>;

const admin = { email: testAdmin.email, password: testAdmin.password, secret: testAdmin.totpSecret };
const expOf = (token: string | null) =>
  JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()).exp as number;
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** Session keeping in the browser: token refresh, the 401 retry, failed refresh, inactivity (spec part 1 §4, §9). */
describe('the session in headless Chromium (spec part 1 §4 "Token refresh", "Inactivity")', () => {
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const servers: Console[] = [];
  const start = async (overrides: Parameters<typeof startConsole>[0] = {}) => {
    const server = await startConsole(overrides);
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await page?.context().close();
    expect(errors).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await server.close();
  });

  it('refreshes the token about 2 s before it expires, and keeps the user signed in (§4, §9)', async () => {
    const server = await start({ accessTokenSeconds: 5 });
    page = await newPage(browser, errors);
    // The server clock stays put, so the token's exp is on the browser's clock.
    await signInThroughPage(page, server, admin, { nextCode: false });
    const first = await storedToken(page);
    const refresh = await page.waitForRequest(/\/Users\/RefreshToken$/, { timeout: 15_000 });
    expect((await refresh.response())?.status()).toBe(200);
    // When the browser sent it, not when the test heard of it, which a busy machine may delay.
    const sentAt = refresh.timing().startTime / 1000;
    const exp = expOf(first);
    // Due from exp - 2 s; the one-second clock tick may add up to a second.
    expect(sentAt).toBeGreaterThanOrEqual(exp - 2 - 0.5);
    expect(sentAt).toBeLessThan(exp);
    await eventually(() => storedToken(page)).not.toBe(first);
    expect(expOf(await storedToken(page))).toBeGreaterThan(exp);
    // A second cycle works off the rotated refresh token.
    await page.waitForRequest(/\/Users\/RefreshToken$/, { timeout: 15_000 });
    await page.getByRole('link', { name: 'Demo Administrator' }).click();
    await page.waitForURL(/\/profile$/);
    // The profile screen loads on first opening (issue 20 point 1), after the address changed.
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Profile' }).count()).toBe(1);
  });

  it('logs out when the refresh fails (§4: the tokens are cleared)', async () => {
    const server = await start({ accessTokenSeconds: 5 });
    page = await newPage(browser, errors);
    await signInThroughPage(page, server, admin, { nextCode: false });
    await server.db.query('update sessions set revoked_at = now()');
    await page.waitForURL(/\/login$/, { timeout: 15_000 });
    await eventually(() => page.locator('.notice').last().textContent()).toContain(
      'Your session has ended. Please sign in again.',
    );
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')]),
    ).toEqual([null, null]);
  });

  it('the log-out button ends the session on the server too: its tokens answer 401 (issue 29 point 5)', async () => {
    const server = await start();
    page = await newPage(browser, errors);
    await signInThroughPage(page, server, admin);
    const [token, refreshToken] = await page.evaluate(() => [
      localStorage.getItem('token')!,
      localStorage.getItem('refreshToken')!,
    ]);
    const modules = () => call(server, 'GET', 'ClientAdmin/GetClientModules', { token });
    expect((await modules()).status).toBe(200);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    await eventually(() => page.locator('.notice').last().textContent()).toContain('You are signed out');
    // A copy of the tokens kept anywhere (another tool, a stolen copy) is worth nothing now.
    await eventually(async () => (await modules()).status).toBe(401);
    const refresh = await call(server, 'POST', 'Users/RefreshToken', {
      body: { RefreshToken: refreshToken },
    });
    expect(refresh.status).toBe(401);
  });

  it('on a 401 refreshes once and retries the call once, with the new token (§4)', async () => {
    const server = await start();
    page = await newPage(browser, errors);
    await signInThroughPage(page, server, admin);
    // The home page's own calls after sign-in must not land in the list. Waiting for 'networkidle' is
    // not enough: that load state was reached before the sign-in, so it resolves at once, and a home
    // call still in flight answered 200 into the list (CI run of 79631c9). Only requests the browser
    // sends from here on count.
    await page.waitForLoadState('networkidle');
    const sent = new Set<Request>();
    page.on('request', (request) => sent.add(request));
    const calls: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/api/') && sent.has(response.request()))
        calls.push(`${response.status()} ${path.replace('/api/UIServices/', '')}`);
    });
    // The server's clock passes the token's expiry; the browser still thinks it is valid.
    server.clock.advance(server.config.accessTokenSeconds + 60);
    await page.goto(`${server.url}/queue`);
    await page.locator('iframe.module-frame').waitFor();
    expect(calls).toEqual([
      '401 ClientAdmin/GetClientModules',
      '200 Users/RefreshToken',
      '200 ClientAdmin/GetClientModules',
      '200 ClientAdmin/GetIFrameInfo',
    ]);
    const src = new URL((await page.locator('iframe.module-frame').getAttribute('src'))!);
    expect(src.searchParams.get('token')).toBe(await storedToken(page));
  });

  it('warns in the last 60 s of inactivity with a countdown, Continue dismisses, then logs out at 1200 s', async () => {
    const server = await start();
    page = await newPage(browser, errors);
    await page.clock.install();
    await signInThroughPage(page, server, admin);
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    const fastForward = async (seconds: number) => {
      // The server's clock keeps pace, so tokens stay valid on both sides.
      server.clock.advance(seconds);
      await page.clock.fastForward(seconds * 1000);
    };

    // Activity restarts the 1200 s: a key press at 1000 s leaves no warning at 1300 s.
    await fastForward(1000);
    await page.keyboard.press('Shift');
    await fastForward(300);
    await page.clock.runFor(2000);
    expect(await warning.count()).toBe(0);
    await fastForward(800);
    await page.clock.runFor(2000);
    expect(await warning.count()).toBe(0);
    await fastForward(36);
    await warning.waitFor();
    // 1140 s idle: about 60 s left (the browser's clock also runs on while the test works).
    const secondsLeft = async () =>
      Number((await warning.textContent())?.match(/signed out in (\d+) seconds/)?.[1]);
    const first = await secondsLeft();
    expect(first).toBeGreaterThanOrEqual(55);
    expect(first).toBeLessThanOrEqual(60);
    expect(await warning.textContent()).toContain('because of inactivity');
    // The clock ticks every second: ten seconds on, the countdown is ten lower.
    await page.clock.runFor(10_000);
    await eventually(async () => first - (await secondsLeft())).toBeGreaterThanOrEqual(10);
    expect(first - (await secondsLeft())).toBeLessThanOrEqual(12);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue');
    await screenshot(page, 'inactivity-warning', { fullPage: false });
    await warning.getByRole('button', { name: 'Continue' }).click();
    await warning.waitFor({ state: 'detached' });

    // Escape is Continue too: the warning is the topmost overlay.
    await fastForward(1150);
    await warning.waitFor();
    await page.keyboard.press('Escape');
    await warning.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');

    await fastForward(1150);
    await warning.waitFor();
    await fastForward(55);
    await page.waitForURL(/\/login$/);
    await eventually(() => page.locator('.notice').last().textContent()).toContain(
      'You were signed out after a period of inactivity',
    );
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
