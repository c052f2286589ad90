import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../support/api';
import { launchBrowser, screenshot, startConsole } from '../../support/browser';
import { signedInPage } from '../../support/consolePages';
import { testAdmin } from '../../support/testServer';

/**
 * Issue 9 point 4, the console by keyboard alone: focus is trapped in drawers, dialogs and the command
 * palette (Tab from the last control goes to the first inside the overlay, never to the page behind),
 * and Escape closes only the topmost overlay (spec part 1 §2 'Keyboard shortcuts': only the topmost
 * open overlay reacts; part 2 §2 'Drawers': drawers stack and close by key).
 */

/** Where the keyboard focus is: in which layer, and on what (its accessible name or text). */
interface Focus {
  layer: 'palette' | 'dialog' | 'drawer' | 'lower drawer' | 'page' | 'nowhere';
  /** The title of the drawer it is in, if any. */
  drawer: string | null;
  name: string;
}

async function focus(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const active = document.activeElement;
    const labelled = (active as HTMLInputElement | null)?.labels?.[0]?.textContent;
    const name = (active?.getAttribute('aria-label') ?? labelled ?? active?.textContent ?? '')
      .trim()
      .slice(0, 60);
    if (!active || active === document.body) return { layer: 'nowhere', drawer: null, name } as const;
    const drawers = [...document.querySelectorAll('.drawer-stack > [role="dialog"]')];
    const drawer = active.closest('.drawer-stack > [role="dialog"]');
    const title = drawer?.getAttribute('aria-label') ?? null;
    if (active.closest('.palette')) return { layer: 'palette', drawer: null, name } as const;
    if (active.closest('[role="alertdialog"]')) return { layer: 'dialog', drawer: null, name } as const;
    if (drawer)
      return { layer: drawer === drawers.at(-1) ? 'drawer' : 'lower drawer', drawer: title, name } as const;
    return { layer: 'page', drawer: null, name } as const;
  });
}

/** The controls Tab can reach inside the topmost overlay, in document order, by name. */
async function tabbables(page: Page, overlay: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = [...document.querySelectorAll(selector)].at(-1);
    if (!root) return [];
    return [
      ...root.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]',
      ),
    ]
      .filter(
        (element) =>
          !(element as HTMLButtonElement).disabled &&
          element.tabIndex >= 0 &&
          element.getClientRects().length > 0 &&
          getComputedStyle(element).visibility !== 'hidden',
      )
      .map((element) =>
        (
          element.getAttribute('aria-label') ??
          (element as HTMLInputElement).labels?.[0]?.textContent ??
          element.textContent ??
          ''
        )
          .trim()
          .slice(0, 60),
      );
  }, overlay);
}

const topDrawer = '.drawer-stack > [role="dialog"]';

describe('the console by keyboard alone: focus traps and Escape (issue 9 point 4)', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const press = (key: string) => page.keyboard.press(key);
  const drawer = (title: string | RegExp) => page.getByRole('dialog', { name: title });

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    const tokens = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    page = await signedInPage(browser, server.url, tokens, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a drawer opened with Enter takes the focus; Tab from its last control goes to its first, Shift+Tab back', async () => {
    await page.goto(`${server.url}/restapi?tab=apiUsers`);
    await page.getByRole('button', { name: 'demo-importer', exact: true }).waitFor();
    await page.getByRole('button', { name: 'New API user', exact: true }).focus();
    await press('Enter');
    await drawer('New API user').waitFor();
    // The roles are a lookup answered after the drawer opens; count the controls once they are there.
    await drawer('New API user').getByRole('checkbox', { name: 'Demo viewers' }).waitFor();
    const controls = await tabbables(page, topDrawer);
    expect(controls.length).toBeGreaterThan(2);
    expect(await focus(page)).toEqual({ layer: 'drawer', drawer: 'New API user', name: controls[0] });
    // Backwards from the first control: the last one, not the page behind.
    await press('Shift+Tab');
    expect(await focus(page)).toMatchObject({ layer: 'drawer', name: controls.at(-1) });
    await press('Tab');
    expect(await focus(page)).toMatchObject({ layer: 'drawer', name: controls[0] });
    // Round the whole drawer and once more: every stop is inside it, in order.
    const stops: Focus[] = [];
    for (let step = 0; step < controls.length + 1; step++) {
      await press('Tab');
      stops.push(await focus(page));
    }
    expect(stops.map((stop) => stop.layer)).toEqual(stops.map(() => 'drawer'));
    expect(stops.map((stop) => stop.name)).toEqual([...controls.slice(1), controls[0], controls[1]]);
    // Escape closes it (nothing changed, so nothing to ask) and focus goes back where it was.
    await press('Escape');
    await drawer('New API user').waitFor({ state: 'detached' });
    expect(await focus(page)).toEqual({ layer: 'page', drawer: null, name: 'New API user' });
  });

  it('the confirmation dialog keeps the focus between its buttons; Escape cancels it', async () => {
    const row = page.locator('.list__table tbody tr', { hasText: 'demo-importer' });
    await row.getByRole('button', { name: 'delete' }).focus();
    await press('Enter');
    await page.getByRole('alertdialog').waitFor();
    const buttons = await tabbables(page, '[role="alertdialog"]');
    expect(buttons).toEqual(['Cancel', 'Delete']);
    // The dialog's own action has the focus first.
    expect(await focus(page)).toMatchObject({ layer: 'dialog', name: 'Delete' });
    const stops: Focus[] = [];
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await press(key);
      stops.push(await focus(page));
    }
    expect(stops).toEqual(
      ['Cancel', 'Delete', 'Cancel', 'Delete'].map((name) => ({ layer: 'dialog', drawer: null, name })),
    );
    await press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(await focus(page)).toMatchObject({ layer: 'page', name: 'delete' });
    // Cancelled: the API user is still there.
    expect(await row.count()).toBe(1);
  });

  it('Escape closes only the topmost overlay: a drawer over a drawer, one Escape each', async () => {
    await page.goto(`${server.url}/actiondocument`);
    await page.getByRole('button', { name: 'UpsertSalesOrder', exact: true }).click();
    await page.locator('tr[data-action="SalesOrderLine"] .list__open').click();
    const details = drawer(/SalesOrderLine/);
    await details.getByLabel('Acts by').waitFor();
    await details.getByRole('button', { name: 'Add sorting fields' }).focus();
    await press('Enter');
    await drawer('Action sorting fields').waitFor();
    expect(await focus(page)).toMatchObject({ layer: 'drawer', drawer: 'Action sorting fields' });
    // Tab stays in the top drawer, never reaching the one under it.
    for (let step = 0; step < (await tabbables(page, topDrawer)).length + 1; step++) {
      await press('Tab');
      expect(await focus(page)).toMatchObject({ layer: 'drawer', drawer: 'Action sorting fields' });
    }
    await screenshot(page, 'keyboard-drawer-over-drawer');

    await press('Escape');
    await drawer('Action sorting fields').waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(1);
    // Back on the button that opened it, in the drawer now on top.
    expect(await focus(page)).toMatchObject({ layer: 'drawer', name: 'Add sorting fields' });

    await press('Escape');
    await details.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await focus(page)).toMatchObject({ layer: 'page', name: 'SalesOrderLine' });
  });

  it('a dialog over a drawer: Escape answers the dialog (Stay) and leaves the drawer open', async () => {
    await page.locator('tr[data-action="SalesOrderLine"] .list__open').click();
    const details = drawer(/SalesOrderLine/);
    await details.getByLabel('Alias').fill('OrderLines');
    // Unsaved changes in the drawer: Escape asks first (spec part 2 §2 'Drawers').
    await press('Escape');
    const question = page.getByRole('alertdialog');
    await question.waitFor();
    expect(await focus(page)).toMatchObject({ layer: 'dialog' });
    await press('Tab');
    await press('Tab');
    expect(await focus(page)).toMatchObject({ layer: 'dialog' });
    await press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await details.count()).toBe(1);
    expect(await details.getByLabel('Alias').inputValue()).toBe('OrderLines');
    // Focus is back where it was when Escape was pressed, in the drawer.
    expect(await focus(page)).toMatchObject({ layer: 'drawer', name: 'Alias' });
    // Asked again, Enter on the focused button closes the drawer without its changes.
    await press('Escape');
    await question.waitFor();
    await press('Enter');
    await details.waitFor({ state: 'detached' });
  });

  it('the command palette over a drawer keeps the focus, and Escape closes the palette first', async () => {
    await page.locator('tr[data-action="SalesOrderLine"] .list__open').click();
    const details = drawer(/SalesOrderLine/);
    await details.getByLabel('Acts by').focus();
    await press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    expect(await focus(page)).toMatchObject({ layer: 'palette' });
    await press('Tab');
    await press('Shift+Tab');
    expect(await focus(page)).toMatchObject({ layer: 'palette' });
    await press('Escape');
    await palette.waitFor({ state: 'detached' });
    expect(await details.count()).toBe(1);
    expect(await focus(page)).toMatchObject({ layer: 'drawer', name: 'Acts by' });
    await press('Escape');
    await details.waitFor({ state: 'detached' });
  });

  it('control: the check sees focus that got to the page behind a drawer', async () => {
    await page.locator('tr[data-action="SalesOrderLine"] .list__open').click();
    await drawer(/SalesOrderLine/).waitFor();
    await page.locator('.menu__brand').focus();
    expect(await focus(page)).toMatchObject({ layer: 'page' });
    await press('Escape');
    expect(errors).toEqual([]);
  });
});
