import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { testAdmin } from '../support/testServer';

describe('sign-in in headless Chromium (spec part 1 §2 /login, §4 "Sign-in")', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    page = await newPage(browser, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const notice = () => page.locator('.notice').last();

  it('sends a visitor to /login', async () => {
    await page.goto(`${server.url}/connectionbuilder`);
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.title()).toBe('Sign in - Integration Console');
    await screenshot(page, 'login');
  });

  it('prompts for missing fields and refuses a wrong password with the catalogue text', async () => {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Please enter your email address').count()).toBe(1);
    expect(await page.getByText('Please enter your password').count()).toBe(1);
    await page.getByLabel('E-mail').fill(testAdmin.email);
    await page.getByLabel('Password').fill('Wrong!2345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => notice().textContent()).toContain('The email address and password do not match');
  });

  it('asks for the code after the password, and refuses a wrong code', async () => {
    await page.getByLabel('Password').fill(testAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authentication code').waitFor();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => notice().textContent())
      .toContain('The two factor authentication code is incorrect');
  });

  it('signs in with the TOTP code and sees the home page', async () => {
    await page.getByLabel('Authentication code').fill(await server.code(testAdmin.totpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.title()).toBe('Home - Integration Console');
    await page.locator('.module-card:not(.module-card--placeholder)').first().waitFor();
    expect(await page.locator('.module-card').count()).toBeGreaterThan(10);
    const stored = await page.evaluate(() => [
      localStorage.getItem('token'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(stored.every(Boolean)).toBe(true);
    await screenshot(page, 'home');
  });

  it('sends a signed-in user away from /login to home, and logs out', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
  });
});
