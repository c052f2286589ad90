import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, screenshot, startConsole } from '../support/browser';
import { signedInPage } from '../support/consolePages';
import { testAdmin } from '../support/testServer';

/**
 * Issue 10 point 5: search, sort, page and the open item live in the URL, so a reload, back/forward and
 * a shared link restore the exact view. The Connection Builder's list is paged by the server (issue 9:
 * GetConnections with paging parameters), the Script Builder's in the browser; both keep their state the
 * same way (src/engine/list/useListUrlState.ts).
 */
describe('list state held in the URL, in headless Chromium', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  const errors: string[] = [];
  const prefix = 'ListState';

  const rowNames = () => page.locator('.list__table tbody tr td:first-child').allTextContents();
  const count = () => page.locator('.list__count').textContent();
  const settled = async () => {
    await page.locator('.list__table:not([aria-busy="true"]) tbody tr').first().waitFor();
  };

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    token = tokens.Token;
    // A REST API connection needs no reachable database (server/connections/credentialTypes.ts).
    const type = 'REST API';
    // 25 connections named ListState01..ListState25: two pages of 20 when searched.
    for (let n = 1; n <= 25; n++) {
      const guid = crypto.randomUUID();
      const saved = await call(server, 'POST', 'Connection/PostConnection', {
        token,
        body: {
          FlowConnectionGuid: guid,
          Name: `${prefix}${String(n).padStart(2, '0')}`,
          Type: type,
          IsInternal: false,
          AvailableModules: [],
          FlowCredential: { Type: type, Settings: { BaseUrl: `https://example.com/${n}`, ApiKey: 'k3y' } },
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    page = await signedInPage(browser, server.url, tokens, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a server-paged list: search, descending sort and page 2 survive a reload, back and forward', async () => {
    await page.goto(`${server.url}/connectionbuilder`);
    await settled();
    await page.getByRole('searchbox', { name: 'Search Connections' }).fill('liststate');
    await page.waitForURL(/[?&]q=liststate/);
    await page.locator('.list__count', { hasText: '25 items' }).waitFor();
    await page.getByRole('button', { name: /^Name/ }).click();
    await page.waitForURL(/dir=desc/);
    await settled();
    expect((await rowNames())[0]).toBe(`${prefix}25`);
    await page
      .getByRole('navigation', { name: 'Connections pages' })
      .getByRole('button', { name: '2' })
      .click();
    await page.waitForURL(/page=2/);
    await settled();
    const pageTwo = await rowNames();
    expect(pageTwo).toEqual([`${prefix}05`, `${prefix}04`, `${prefix}03`, `${prefix}02`, `${prefix}01`]);
    await screenshot(page, 'list-state-connections-page-2');

    await page.reload();
    await settled();
    expect(await rowNames()).toEqual(pageTwo);
    expect(await page.getByRole('searchbox', { name: 'Search Connections' }).inputValue()).toBe('liststate');
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Name');
    expect(await count()).toBe('25 items');

    // Opening an item keeps the list's state in the URL; closing it comes back to the same page.
    await page.getByRole('button', { name: `${prefix}03`, exact: true }).click();
    await page.getByLabel('Name').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    const deepLink = page.url();
    await page.goBack();
    await settled();
    expect(await rowNames()).toEqual(pageTwo);
    await page.goForward();
    expect(await page.getByLabel('Name').inputValue()).toBe(`${prefix}03`);

    // A shared link opens the same item in a fresh tab.
    const shared = await signedInPage(browser, server.url, { Token: token, RefreshToken: '' }, errors);
    await shared.goto(deepLink);
    expect(await shared.getByLabel('Name').inputValue()).toBe(`${prefix}03`);
    await shared.close();
  });

  it('a server-paged list small enough is loaded whole once, then searched and sorted with no call (issue 20 point 2)', async () => {
    const calls: string[] = [];
    const record = (request: { url(): string }) => {
      if (request.url().includes('Connection/GetConnections')) calls.push(new URL(request.url()).search);
    };
    page.on('request', record);
    try {
      const whole = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname.endsWith('/Connection/GetConnections') &&
          !new URL(response.url()).search,
      );
      await page.goto(`${server.url}/connectionbuilder`);
      await settled();
      await whole;
      // The first page, then the whole list (no paging parameters) once the page said how many there are.
      expect(calls[0]).toContain('page=1');
      expect(calls).toContain('');
      const search = page.getByRole('searchbox', { name: 'Search Connections' });
      await search.fill('liststate2');
      await page.locator('.list__count', { hasText: '6 items' }).waitFor();
      calls.length = 0;

      await search.fill('liststate1');
      await page.locator('.list__count', { hasText: '10 items' }).waitFor();
      expect((await rowNames())[0]).toBe(`${prefix}10`);
      await page.getByRole('button', { name: /^Name/ }).click();
      await page.waitForURL(/dir=desc/);
      expect((await rowNames()).slice(0, 2)).toEqual([`${prefix}19`, `${prefix}18`]);
      expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Name');
      expect(calls).toEqual([]);
    } finally {
      page.off('request', record);
    }
  });

  it('a browser-paged list keeps its search and sort across a reload too', async () => {
    await page.goto(`${server.url}/metadatabuilder?q=S&sort=name&dir=desc`);
    await settled();
    const before = await rowNames();
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((name) => name.toLowerCase().includes('s'))).toBe(true);
    expect(before).toEqual([...before].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    await page.reload();
    await settled();
    expect(await rowNames()).toEqual(before);
    expect(await page.getByRole('searchbox', { name: 'Search Metadata documents' }).inputValue()).toBe('S');
  });

  it("a drawer's item is in the URL too: a reload and a shared link show it, back closes it", async () => {
    await page.goto(`${server.url}/usermanagement?tab=roles`);
    await page.getByRole('button', { name: 'Demo viewers', exact: true }).click();
    const role = page.getByRole('dialog', { name: 'Role Demo viewers' });
    await role.waitFor();
    expect(new URL(page.url()).searchParams.get('role')).toMatch(/^\d+$/);
    const link = page.url();

    await page.reload();
    await role.waitFor();
    // Back takes the role out of the URL and closes its drawer; forward opens it again.
    await page.goBack();
    await role.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('role')).toBeNull();
    await page.goForward();
    await role.waitFor();
    // Closing the drawer takes it out of the URL.
    await role.getByRole('button', { name: 'Cancel' }).click();
    await role.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('role')).toBeNull();

    const shared = await signedInPage(browser, server.url, { Token: token, RefreshToken: '' }, errors);
    await shared.goto(link);
    await shared.getByRole('dialog', { name: 'Role Demo viewers' }).waitFor();
    await shared.close();
  });

  it('no script error happened', () => {
    expect(errors).toEqual([]);
  });
});
