import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { confirmDialog, drawer, lastNotice, signInThroughPage } from '../support/consolePages';
import { testAdmin } from '../support/testServer';

/**
 * Acceptance of issue 6 (spec part 1 §2 'User management', §3 'User', 'Role', §4 'Reset two-factor',
 * 'Role save', §6): an admin makes a role with only Connection Builder Read and a user with it; the user
 * signs in and sees only what the role allows, read-only; the admin resets the user's two-factor and the
 * user enrols again through the QR / manual code screen.
 */
describe('user management in headless Chromium', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let admin: Page;
  let member: Page;
  const errors: string[] = [];
  const account = { email: 'reader@example.com', password: 'Reader!2345', secret: '' };
  const admins = { email: testAdmin.email, password: testAdmin.password, secret: testAdmin.totpSecret };

  beforeAll(async () => {
    server = await startConsole();
    browser = await launchBrowser();
    admin = await newPage(browser, errors);
    member = await newPage(browser, errors);
    await signInThroughPage(admin, server, admins);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a role with only Connection Builder Read; implied boxes show locked (§4, §6)', async () => {
    await admin.goto(`${server.url}/usermanagement?tab=roles`);
    await admin.getByRole('tab', { name: 'Roles', selected: true }).waitFor();
    await admin.getByRole('button', { name: 'New role', exact: true }).click();
    const roleDrawer = drawer(admin, 'New role');
    await roleDrawer.getByRole('textbox', { name: 'Name', exact: true }).fill('Connection readers');
    // Upsert implies Read and Publish: Read shows checked and locked; Publish is not assignable, so it
    // has no box (issue 33 point 3) and is stored switched on with Upsert.
    const read = roleDrawer.getByLabel('Connection Builder: Read');
    expect(await roleDrawer.getByLabel('Connection Builder: Publish').count()).toBe(0);
    await roleDrawer.getByLabel('Connection Builder: Upsert').check();
    expect(await read.isChecked()).toBe(true);
    expect(await read.isDisabled()).toBe(true);
    await screenshot(admin, 'usermanagement-role-drawer');
    await roleDrawer.getByLabel('Connection Builder: Upsert').uncheck();
    expect(await read.isDisabled()).toBe(false);
    expect(await read.isChecked()).toBe(false);
    await read.check();
    await roleDrawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => lastNotice(admin), { timeout: 15_000 }).toContain('Role created');
    await admin.getByRole('button', { name: 'Connection readers', exact: true }).waitFor();
    const [role] = await server.db.query<{ permissions: unknown }>(
      "select permissions from roles where name = 'Connection readers'",
    );
    expect(role?.permissions).toEqual({ ConnectionBuilder: { Read: true, Upsert: false, Publish: false } });
  });

  it('refuses a second role of the same name, ignoring case, in the drawer (§5 "Role")', async () => {
    await admin.getByRole('button', { name: 'New role', exact: true }).click();
    const roleDrawer = drawer(admin, 'New role');
    await roleDrawer.getByRole('textbox', { name: 'Name', exact: true }).fill('CONNECTION readers');
    expect(await roleDrawer.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await roleDrawer.getByRole('button', { name: 'Cancel' }).click();
    await confirmDialog(admin, 'Close');
  });

  it('creates a user with that role; the gender reads male, female, unknown (§3 "User")', async () => {
    await admin.getByRole('tab', { name: 'Users' }).click();
    await admin.getByRole('button', { name: 'New user', exact: true }).click();
    const userDrawer = drawer(admin, 'New user');
    await userDrawer.getByLabel('E-mail').fill('not an address');
    expect(await userDrawer.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await userDrawer.getByLabel('E-mail').fill(testAdmin.email.toUpperCase());
    expect(await userDrawer.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await userDrawer.getByLabel('E-mail').fill(account.email);
    await userDrawer.getByLabel('First name').fill('Rita');
    await userDrawer.getByLabel('Last name').fill('Reader');
    expect(await userDrawer.getByLabel('unknown', { exact: true }).isChecked()).toBe(true);
    await userDrawer.getByLabel('female', { exact: true }).check();
    await userDrawer.getByLabel('Connection readers').check();
    // The admin holds See Admin Status, so the admin flag shows (read-only).
    expect(await userDrawer.getByLabel('Administrator').isDisabled()).toBe(true);
    await screenshot(admin, 'usermanagement-user-drawer');
    await userDrawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => lastNotice(admin), { timeout: 15_000 }).toContain('User created');
    await admin.getByRole('button', { name: account.email, exact: true }).waitFor();
    await screenshot(admin, 'usermanagement-users');
  });

  it('the new user enrols and sees only the Connection Builder', async () => {
    const [mail] = await server.db.query<{ link: string }>(
      'select link from outbox where recipient = $1 order by id desc limit 1',
      [account.email],
    );
    const key = new URL(mail!.link).searchParams.get('key')!;
    // The reset screen (/reset-password) belongs to the shell issue and is not in this branch: the
    // password is set through its API here, with the QR secret confirmed by a first code.
    const shared = await call(server, 'GET', `Users/CreateSharedKey?Key=${encodeURIComponent(key)}`);
    account.secret = String(shared.body.Secret);
    const reset = await call(server, 'POST', 'Users/ResetPassword', {
      body: { Password: account.password, Key: key, TwoFA: await server.code(account.secret) },
    });
    expect(reset.status).toBe(200);

    await signInThroughPage(member, server, account);
    const menu = member.getByRole('navigation', { name: 'Main' });
    expect(await menu.locator('.menu__group-toggle').allTextContents()).toEqual(['Admin Builder']);
    await menu.getByRole('button', { name: 'Admin Builder' }).click();
    expect(await menu.locator('.menu__list .menu__link').allTextContents()).toEqual([
      'Home',
      'Connection Builder',
    ]);
    expect(await member.locator('.module-card').allTextContents()).toEqual([
      expect.stringContaining('Connection Builder'),
    ]);
    await screenshot(member, 'usermanagement-limited-menu');
  });

  it('with User management Read added, the user sees view-only lists and read-only drawers (§6)', async () => {
    await admin.getByRole('tab', { name: 'Roles' }).click();
    await admin.getByRole('button', { name: 'Connection readers', exact: true }).click();
    const roleDrawer = drawer(admin, 'Role Connection readers');
    await roleDrawer.getByLabel('User Management: Read').check();
    await roleDrawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => lastNotice(admin), { timeout: 15_000 }).toContain('Role saved');

    // The role change takes effect at the next token refresh; signing in again is one.
    await member.getByRole('button', { name: 'Log out' }).click();
    await member.waitForURL(/\/login$/);
    await signInThroughPage(member, server, account);
    await member.goto(`${server.url}/usermanagement`);
    await member.getByRole('button', { name: account.email, exact: true }).waitFor();
    expect(await member.getByRole('button', { name: 'New user', exact: true }).count()).toBe(0);
    expect(await member.getByRole('button', { name: 'delete' }).count()).toBe(0);
    expect(await member.getByRole('button', { name: 'view' }).count()).toBeGreaterThan(0);
    await member.getByRole('button', { name: account.email, exact: true }).click();
    const userDrawer = drawer(member, `User ${account.email}`);
    expect(await userDrawer.getByLabel('E-mail').isDisabled()).toBe(true);
    expect(await userDrawer.getByLabel('Connection readers').isDisabled()).toBe(true);
    expect(await userDrawer.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await userDrawer.getByRole('button', { name: 'Reset two-factor' }).count()).toBe(0);
    // Without See Admin Status the admin flag is not shown.
    expect(await userDrawer.getByLabel('Administrator').count()).toBe(0);
    await screenshot(member, 'usermanagement-readonly-user');
    await userDrawer.getByRole('button', { name: 'Close', exact: true }).click();

    await member.getByRole('tab', { name: 'Roles' }).click();
    await member.getByRole('button', { name: 'Connection readers', exact: true }).click();
    const readOnlyRole = drawer(member, 'Role Connection readers');
    expect(await readOnlyRole.getByLabel('Connection Builder: Read').isDisabled()).toBe(true);
    expect(await readOnlyRole.getByLabel('Connection Builder: Read').isChecked()).toBe(true);
    expect(await readOnlyRole.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await screenshot(member, 'usermanagement-readonly-role');
    await readOnlyRole.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it("the admin resets the user's two-factor; the user enrols again with the QR / manual code (§4)", async () => {
    await admin.getByRole('tab', { name: 'Users' }).click();
    await admin.getByRole('button', { name: account.email, exact: true }).click();
    const userDrawer = drawer(admin, `User ${account.email}`);
    expect(await userDrawer.getByLabel('Two-factor authentication enrolled').isChecked()).toBe(true);
    await userDrawer.getByRole('button', { name: 'Reset two-factor' }).click();
    await confirmDialog(admin, 'Reset two-factor');
    await expect
      .poll(() => lastNotice(admin), { timeout: 15_000 })
      .toContain('Two-factor authentication is reset');
    const [row] = await server.db.query<{ two_factor: boolean }>(
      'select two_factor from users where email = $1',
      [account.email],
    );
    expect(row?.two_factor).toBe(false);
    // No reset offered for a user without two-factor.
    await admin.getByRole('button', { name: account.email, exact: true }).click();
    expect(
      await drawer(admin, `User ${account.email}`).getByRole('button', { name: 'Reset two-factor' }).count(),
    ).toBe(0);
    await drawer(admin, `User ${account.email}`).getByRole('button', { name: 'Cancel' }).click();

    // The user's sessions ended; at the next sign-in the login screen enrols a new authenticator.
    await member.goto(`${server.url}/usermanagement`);
    await member.waitForURL(/\/login$/);
    server.clock.advance(30);
    await member.getByLabel('E-mail').fill(account.email);
    await member.getByLabel('Password').fill(account.password);
    await member.getByRole('button', { name: 'Sign in' }).click();
    await member.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const manual = (await member.getByTestId('manual-code').textContent()) ?? '';
    expect(manual).toMatch(/^[A-Z2-7]{16,}$/);
    expect(manual).not.toBe(account.secret);
    await screenshot(member, 'usermanagement-enrol-again');
    await member.getByLabel('Authentication code').fill(await server.code(manual));
    await member.getByRole('button', { name: 'Verify' }).click();
    await member.getByRole('heading', { name: /Welcome/ }).waitFor();
    expect(errors).toEqual([]);
  });
});
