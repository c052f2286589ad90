import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleRoutes } from '../../src/shell/modules/moduleRoutes';
import { call, signIn } from '../support/api';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { signInThroughPage } from '../support/consolePages';
import { eventually } from '../support/eventually';
import { testAdmin } from '../support/testServer';
import { createEnrolledUser, createRole } from '../support/users';

type Console = Awaited<ReturnType<typeof startConsole>>;

/** The menu as the user sees it: group labels (or '' for ungrouped items) with their item labels. */
async function menuOf(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Main' });
  // Once the module list is in, open every group, so the items are visible to read.
  await menu.locator('.menu__group-toggle').first().waitFor();
  const closed = menu.locator('.menu__group-toggle[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  return menu.locator('.menu__sections > li').evaluateAll((items) =>
    items.map((item) => ({
      group: item.querySelector('.menu__group-toggle')?.textContent ?? '',
      items: [...item.querySelectorAll('a')].map((link) => link.textContent),
    })),
  );
}

describe('module routes, side menu and permissions (spec part 1 §2, §6)', () => {
  let server: Console;
  let browser: Browser;
  let adminToken: string;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    adminToken = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  describe('the administrator', () => {
    let page: Page;
    beforeAll(async () => {
      page = await newPage(browser, errors);
      await signInThroughPage(page, server);
    });
    afterAll(() => page.context().close());

    it('sees every group in order with its label, items by order, profile, log out and environment', async () => {
      expect(await menuOf(page)).toEqual([
        { group: '', items: ['Home'] },
        { group: '', items: ['Flow Builder'] },
        {
          group: 'Admin Builder',
          items: [
            'Document Builder',
            'Composed Document',
            'Action Document',
            'Method Builder',
            'Connection Builder',
            'REST API',
          ],
        },
        { group: 'Management', items: ['User Management', 'Document Editor'] },
        {
          group: 'Admin Modules',
          items: ['Metadata Builder', 'Script Builder', 'Audit trail', 'Export and import'],
        },
        {
          group: 'Client Module',
          items: [
            'Reporting',
            'Dashboard',
            'Customers',
            'Queue',
            'Dispatcher',
            'Datacleansing',
            'Function Blocks',
            'Insight Tags',
            'Insight KPI',
            'Generative AI',
            'Dashboard Settings',
            'Reports Settings',
            'Datacleansing Settings',
            'Segment Builder',
          ],
        },
      ]);
      const menu = page.getByRole('navigation', { name: 'Main' });
      expect(await menu.getByRole('link', { name: 'Demo Administrator' }).getAttribute('href')).toBe(
        '/profile',
      );
      expect(await menu.getByRole('button', { name: 'Log out' }).count()).toBe(1);
      expect(await menu.locator('.menu__env').textContent()).toBe('demo');
      // Tall enough for the whole open menu, which scrolls on its own on shorter screens.
      await page.setViewportSize({ width: 1280, height: 1120 });
      await page.mouse.move(0, 0);
      await screenshot(page, 'home-full-menu');
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    it('opens each module route with its title; a group is active and open when the path contains an item', async () => {
      await page.goto(`${server.url}/connectionbuilder`);
      await eventually(() => page.title()).toBe('Connection Builder - Integration Console');
      const builderGroup = page.locator('.menu__group', { hasText: 'Admin Builder' });
      await eventually(() => builderGroup.getAttribute('class')).toContain('menu__group--active');
      expect(await builderGroup.locator('.menu__group-toggle').getAttribute('aria-expanded')).toBe('true');
      expect(await page.locator('.menu__group--active').count()).toBe(1);
      // Collapsing is the user's choice, and keyboard-operable.
      await builderGroup.locator('.menu__group-toggle').focus();
      await page.keyboard.press('Enter');
      expect(await builderGroup.locator('.menu__group-toggle').getAttribute('aria-expanded')).toBe('false');
      expect(await builderGroup.getByRole('link', { name: 'Connection Builder' }).isVisible()).toBe(false);

      // A builder without its page yet shows the placeholder (builders are found by folder).
      const pending = moduleRoutes.find(
        (route) =>
          !route.embedded &&
          route.path !== '/audit' &&
          !existsSync(`src/builders${route.path}/page.tsx`) &&
          !existsSync(`src/builders${route.path}/builder.ts`),
      );
      if (pending) {
        await page.goto(`${server.url}${pending.path}`);
        await page.getByTestId('builder-placeholder').waitFor();
        expect(await page.getByText('This builder is being built').count()).toBe(1);
        await screenshot(page, 'builder-placeholder');
        await eventually(() => page.title()).toBe(`${pending.label} - Integration Console`);
      }
    });

    it('shows a client module in a frame from GetIFrameInfo, with the token as a query parameter', async () => {
      await menuOf(page);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Dashboard', exact: true })
        .click();
      await page.waitForURL(/\/dashboard$/);
      const frame = page.locator('iframe.module-frame');
      await frame.waitFor();
      const src = new URL((await frame.getAttribute('src'))!);
      expect(src.pathname).toBe('/apps/dashboard');
      expect(src.searchParams.get('token')).toBe(await page.evaluate(() => localStorage.getItem('token')));
      expect(await frame.getAttribute('title')).toBe('Dashboard');
      await eventually(() => page.frameLocator('iframe.module-frame').locator('h1').textContent()).toBe(
        'dashboard',
      );
      await eventually(() => page.frameLocator('iframe.module-frame').locator('p').textContent()).toContain(
        'opened with your session token',
      );
      await eventually(() => page.title()).toBe('Dashboard - Integration Console');
      await screenshot(page, 'client-module');
    });

    it('sends an unknown route home, and a public screen home when signed in (§2 Navigation rules)', async () => {
      await page.goto(`${server.url}/no-such-page`);
      await page.waitForURL(`${server.url}/`);
      await page.goto(`${server.url}/request-password`);
      await page.waitForURL(`${server.url}/`);
      await eventually(() => page.title()).toBe('Home - Integration Console');
    });

    it('rebuilds the routes when the module list changes (§2)', async () => {
      await server.db.query("delete from client_modules where name = 'Queue'");
      try {
        await page.goto(`${server.url}/queue`);
        await page.waitForURL(`${server.url}/`);
        expect(
          await page
            .getByRole('navigation', { name: 'Main' })
            .getByRole('link', { name: 'Queue', exact: true })
            .count(),
        ).toBe(0);
      } finally {
        await server.db.query("insert into client_modules (name, label, sort) values ('Queue', 'Queue', 15)");
      }
      await page.reload();
      await menuOf(page);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Queue', exact: true })
        .waitFor();
    });
  });

  describe('a user whose role gives Connection Builder and Dashboard only', () => {
    let page: Page;
    let user: Awaited<ReturnType<typeof createEnrolledUser>>;
    beforeAll(async () => {
      const role = await createRole(server, adminToken, 'Connection and dashboard readers', {
        ConnectionBuilder: { Read: true },
        Dashboard: { Read: true },
      });
      user = await createEnrolledUser(server, adminToken, [role]);
      page = await newPage(browser, errors);
      await signInThroughPage(page, server, user);
    });
    afterAll(() => page.context().close());

    it('sees only the permitted items and groups (§2: items only when permitted)', async () => {
      expect(await menuOf(page)).toEqual([
        { group: '', items: ['Home'] },
        { group: 'Admin Builder', items: ['Connection Builder'] },
        { group: 'Client Module', items: ['Dashboard'] },
      ]);
      expect(await page.locator('.module-card').allTextContents()).toHaveLength(2);
      expect(await page.getByRole('link', { name: user.name }).getAttribute('href')).toBe('/profile');
      await page.mouse.move(0, 0);
      await screenshot(page, 'menu-limited-user');
    });

    it('has no route for a module it lacks: the address goes home (§2, §6)', async () => {
      for (const path of ['/usermanagement', '/flowbuilder', '/queue']) {
        await page.goto(`${server.url}${path}`);
        await page.waitForURL(`${server.url}/`);
      }
      await page.goto(`${server.url}/connectionbuilder`);
      await eventually(() => page.title()).toBe('Connection Builder - Integration Console');
      expect(new URL(page.url()).pathname).toBe('/connectionbuilder');
    });

    it('is answered 403 by the server for that module, with its own session token (§6)', async () => {
      const token = (await page.evaluate(() => localStorage.getItem('token')))!;
      expect((await call(server, 'GET', 'UserManagement/GetUsers', { token })).status).toBe(403);
      expect((await call(server, 'GET', 'ClientAdmin/GetIFrameInfo?Name=Queue', { token })).status).toBe(403);
      expect((await call(server, 'GET', 'ClientAdmin/GetIFrameInfo?Name=Dashboard', { token })).status).toBe(
        200,
      );
      // The same from the browser: the console's own client, with the 403's catalogue text.
      const status = await page.evaluate(async () => {
        const response = await fetch('/api/UIServices/UserManagement/GetRoles', {
          headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
        });
        return response.status;
      });
      expect(status).toBe(403);
      // A 403 is not a reason to end the session.
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { name: `Welcome, ${user.name}` }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  describe('on a phone-sized screen (below 768, spec part 1 §9)', () => {
    it('collapses the menu to a toggle; Escape and navigation close it', async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 780 } });
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await signInThroughPage(page, server);
      const menu = page.getByRole('navigation', { name: 'Main' });
      const toggle = page.getByRole('button', { name: 'Menu', exact: true });
      expect(await menu.isVisible()).toBe(false);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      await menu.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await screenshot(page, 'menu-phone-open', { fullPage: false });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      await toggle.click();
      await menu.getByRole('link', { name: 'Flow Builder' }).click();
      await page.waitForURL(/\/flowbuilder$/);
      await menu.waitFor({ state: 'hidden' });
      await context.close();
      expect(errors).toEqual([]);
    });
  });
});
