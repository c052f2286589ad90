import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../support/api';
import { launchBrowser, newPage, startConsole } from '../../support/browser';
import { signInInBrowser } from '../../support/consoleSession';
import { testAdmin } from '../../support/testServer';
import { injectionProblems, watchForScriptInjection, xssPayloads } from '../../support/xss';

type Admin = { Guid: string; Email: string; Roles: number[]; Revision: number };

describe('script injected through text fields is shown as text, never run (issue 9)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Stores the payload as the administrator's first name, which the home welcome and the menu show. */
  async function nameAdminAs(payload: string) {
    const { Token } = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    const users = await call(server, 'GET', 'UserManagement/GetUsers', { token: Token });
    const admin = (users.body as unknown as Admin[]).find((user) => user.Email === testAdmin.email)!;
    const saved = await call(server, 'POST', 'UserManagement/PostUser', {
      token: Token,
      body: {
        Guid: admin.Guid,
        Email: admin.Email,
        Roles: admin.Roles,
        FirstName: payload,
        Revision: admin.Revision,
      },
    });
    expect(saved.status).toBe(200);
  }

  async function freshPage(pageErrors = errors): Promise<Page> {
    const page = await newPage(browser, pageErrors);
    await watchForScriptInjection(page);
    return page;
  }

  for (const [index, payload] of xssPayloads('user-first-name').entries()) {
    it(`user first name, payload ${index + 1}: home welcome and side menu show it literally`, async () => {
      await nameAdminAs(payload);
      const page = await freshPage();
      await signInInBrowser(page, server, testAdmin);
      await page.locator('.module-card:not(.module-card--placeholder)').first().waitFor();
      expect(await page.locator('.page__title').textContent()).toContain(payload);
      expect(await page.locator('.menu__profile').textContent()).toContain(payload);
      expect(await injectionProblems(page, payload)).toEqual([]);
      await page.context().close();
    });
  }

  it('control: the check catches markup that reached the page, with and without the policy', async () => {
    const [payload] = xssPayloads('control');
    // Its own error list: the blocked handler is an expected console error here, nowhere else.
    const page = await freshPage([]);
    await signInInBrowser(page, server, testAdmin);
    // What a component rendering text as HTML would do; the policy blocks the handler, the check sees it.
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), payload!);
    await expect
      .poll(async () => (await injectionProblems(page, payload!)).join('\n'))
      .toMatch(/element\(s\) were made/);
    await expect
      .poll(async () => (await injectionProblems(page, payload!)).join('\n'))
      .toMatch(/policy blocked script/);
    // Without a policy the script runs, and the check sees that too.
    await page.goto('about:blank');
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), payload!);
    await expect.poll(async () => (await injectionProblems(page, payload!)).join('\n')).toMatch(/script ran/);
    await page.context().close();
  });

  it('no script error happened in the console', () => {
    expect(errors).toEqual([]);
  });
});
