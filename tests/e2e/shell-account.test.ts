import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { launchBrowser, newPage, screenshot, startConsole } from '../support/browser';
import { signInThroughPage } from '../support/consolePages';
import { eventually } from '../support/eventually';
import { testAdmin } from '../support/testServer';
import { mailedLink } from '../support/users';

/**
 * The account screens end to end: sign-in with both steps and every prompt and refusal, request and
 * reset password with the mailed link (including an expired link, 498), and change password.
 */
describe('account flows in headless Chromium (spec part 1 §2, §4, §5 "Account", §8 "Account")', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  let password = testAdmin.password;

  beforeAll(async () => {
    // Wrong passwords and codes are part of the test; the throttle is the server suite's subject.
    server = await startConsole({ throttle: { slowAfter: 100, blockAfter: 200 } });
    browser = await launchBrowser();
    page = await newPage(browser, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const notices = () => page.locator('.notice .notice__text');
  const lastNotice = () => notices().last();
  const fieldError = (label: string) =>
    page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field__error');
  const closeNotices = async () => {
    while ((await page.locator('.notice__close').count()) > 0)
      await page.locator('.notice__close').first().click();
  };

  it('login step 1: a prompt per missing or invalid field, and the refusal text (§5, §8)', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await eventually(() => fieldError('E-mail').textContent()).toBe('Please enter your email address');
    expect(await fieldError('Password').textContent()).toBe('Please enter your password');
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByLabel('Password').fill('x');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await eventually(() => fieldError('E-mail').textContent()).toBe('Please enter a valid email address');
    expect(await fieldError('Password').count()).toBe(0);
    await page.getByLabel('E-mail').fill(testAdmin.email);
    await page.getByLabel('Password').fill('Wrong!2345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await eventually(() => lastNotice().textContent()).toBe('The email address and password do not match');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('login step 2: the code is required, has 6 digits, and a wrong one is refused (§5, §8)', async () => {
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authentication code').waitFor();
    await eventually(() => page.title()).toBe('Two-factor authentication - Integration Console');
    await page.getByRole('button', { name: 'Verify' }).click();
    await eventually(() => fieldError('Authentication code').textContent()).toBe(
      'Please enter the two factor authentication code',
    );
    await page.getByLabel('Authentication code').fill('12a3');
    expect(await page.getByLabel('Authentication code').inputValue()).toBe('123');
    await page.getByRole('button', { name: 'Verify' }).click();
    await eventually(() => fieldError('Authentication code').textContent()).toBe(
      'The code has exactly 6 digits',
    );
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await eventually(() => lastNotice().textContent()).toBe(
      'The two factor authentication code is incorrect',
    );
  });

  it('signs in with the code: session stored, success shown, refusals gone, home (§4 Sign-in)', async () => {
    server.clock.advance(30);
    await page.getByLabel('Authentication code').fill(await server.code(testAdmin.totpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Welcome, Demo Administrator' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await notices().allTextContents()).toEqual(['You are signed in']);
    const claims = await page.evaluate(() =>
      JSON.parse(atob(localStorage.getItem('token')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))),
    );
    expect(claims.acr).toBe('2');
    expect(await page.evaluate(() => Boolean(localStorage.getItem('refreshToken')))).toBe(true);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    await eventually(() => lastNotice().textContent()).toBe('You are signed out');
    await closeNotices();
  });

  it('request password: disabled while empty, noEmail and noValidEmail; an unknown address is answered as a known one (§5; issue 29 point 6)', async () => {
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/request-password$/);
    await eventually(() => page.title()).toBe('Forgot password - Integration Console');
    const send = page.getByRole('button', { name: 'Send reset link' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('E-mail').focus();
    await page.getByLabel('E-mail').blur();
    await eventually(() => fieldError('E-mail').textContent()).toBe('Please enter your email address');
    await page.getByLabel('E-mail').fill('nobody');
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    await eventually(() => fieldError('E-mail').textContent()).toBe('Please enter a valid email address');
    await page.getByLabel('E-mail').fill('nobody@example.com');
    await send.click();
    // The spec's 'The email address does not exist' told anyone which addresses have an account: the
    // server answers every address alike now, and so does the screen.
    await page.waitForURL(/\/login$/);
    await eventually(() => lastNotice().textContent()).toBe('Check your email to reset your password');
    expect(await notices().allTextContents()).not.toContain('The email address does not exist');
    await closeNotices();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/request-password$/);
  });

  it('request password success: the check-your-email text and back to /login (§4 Other account flows)', async () => {
    await page.getByLabel('E-mail').fill(testAdmin.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL(/\/login$/);
    await eventually(() => lastNotice().textContent()).toBe('Check your email to reset your password');
    await closeNotices();
  });

  it('reset password: no key or a refused key goes to /request-password (§2 /reset-password)', async () => {
    await page.goto(`${server.url}/reset-password`);
    await page.waitForURL(/\/request-password$/);
    await page.goto(`${server.url}/reset-password?key=not-a-key`);
    await page.waitForURL(/\/request-password$/);
    await eventually(() => lastNotice().textContent()).toBe(
      'This reset link has expired or was already used. Please request a new one.',
    );
    await closeNotices();
  });

  it('reset password with the mailed link: rule after typing stops, order of checks, wrong code (§5)', async () => {
    const link = await mailedLink(server, testAdmin.email);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).waitFor();
    await eventually(() => page.title()).toBe('Reset password - Integration Console');
    // The administrator already has two-factor: no QR code.
    expect(await page.locator('.enrol').count()).toBe(0);
    await page.getByLabel('New password', { exact: true }).pressSequentially('weak', { delay: 20 });
    expect(await fieldError('New password').count()).toBe(0);
    await eventually(() => fieldError('New password').textContent()).toBe(
      'Your password does not match the requirements',
    );
    await page.getByLabel('New password', { exact: true }).fill('Reset!2345');
    await page.getByLabel('Confirm new password').fill('Reset!2346');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await eventually(() => fieldError('Confirm new password').textContent()).toBe("Passwords don't match");
    await screenshot(page, 'reset-password');
    await page.getByLabel('Confirm new password').fill('Reset!2345');
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Reset password' }).click();
    // 400: the server's message.
    await eventually(() => lastNotice().textContent()).toBe(
      'The two factor authentication code is incorrect',
    );
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await closeNotices();
  });

  it('reset password success goes to /login, and the new password signs in (§4)', async () => {
    server.clock.advance(30);
    await page.getByLabel('New password', { exact: true }).fill('Reset!2345');
    await page.getByLabel('Confirm new password').fill('Reset!2345');
    await page.getByLabel('Authentication code').fill(await server.code(testAdmin.totpSecret));
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/\/login$/);
    await eventually(() => lastNotice().textContent()).toBe(
      'Your password has been reset. You can sign in now.',
    );
    password = 'Reset!2345';
    await signInThroughPage(page, server, { email: testAdmin.email, password, secret: testAdmin.totpSecret });
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    await closeNotices();
  });

  it('a link that expires while the screen is open: 498 → /request-password with the server message', async () => {
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail').fill(testAdmin.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL(/\/login$/);
    await closeNotices();
    await page.goto(await mailedLink(server, testAdmin.email));
    await page.getByLabel('New password', { exact: true }).fill('Later!2345');
    await page.getByLabel('Confirm new password').fill('Later!2345');
    await page.getByLabel('Authentication code').fill(await server.code(testAdmin.totpSecret));
    server.clock.advance(server.config.resetKeySeconds + 60);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/\/request-password$/);
    await eventually(() => lastNotice().textContent()).toBe(
      'This reset link has expired or was already used. Please request a new one.',
    );
    await closeNotices();
  });

  it('a new user enrols an authenticator on the reset screen: QR code, manual code, first code (§2)', async () => {
    const adminToken = (await signIn(server, testAdmin.email, password, testAdmin.totpSecret)).Token;
    const email = 'new.user@example.com';
    const created = await call(server, 'POST', 'UserManagement/PostUser', {
      token: adminToken,
      body: {
        Guid: '6f9619ff-8b86-4d01-b42d-00c04fc964ff',
        Email: email,
        FirstName: 'New',
        LastName: 'User',
        Roles: [],
      },
    });
    expect(created.status).toBe(200);
    // Made through the API in process, the link names no port; open it on the console's.
    const link = new URL(await mailedLink(server, email));
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('manual-code').textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, 'reset-password-enrol');
    await page.getByLabel('New password', { exact: true }).fill('Newbie!2345');
    await page.getByLabel('Confirm new password').fill('Newbie!2345');
    await page.getByLabel('Authentication code').fill(await server.code(secret));
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/\/login$/);
    await signInThroughPage(page, server, { email, password: 'Newbie!2345', secret });
    await page.getByRole('heading', { name: 'Welcome, New User' }).waitFor();
    expect(await page.locator('.empty-state').textContent()).toContain('Your roles give you no modules yet');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    await closeNotices();
  });

  it('change password on /profile: checks in order, wrong current password, new tokens (§5 Account)', async () => {
    await signInThroughPage(page, server, { email: testAdmin.email, password, secret: testAdmin.totpSecret });
    await page.getByRole('link', { name: 'Demo Administrator' }).click();
    await page.waitForURL(/\/profile$/);
    await eventually(() => page.title()).toBe('Profile - Integration Console');
    const save = page.getByRole('button', { name: 'Change password' });
    const steps: Array<[() => Promise<void>, string, string]> = [
      [async () => {}, 'New password', 'Please enter a new password'],
      [
        () => page.getByLabel('New password', { exact: true }).fill('weak'),
        'New password',
        'Your password does not match the requirements',
      ],
      [
        () => page.getByLabel('New password', { exact: true }).fill('Profile!2345'),
        'Confirm new password',
        'Please confirm the new password',
      ],
      [
        () => page.getByLabel('Confirm new password').fill('Profile!2344'),
        'Confirm new password',
        "Passwords don't match",
      ],
      [
        () => page.getByLabel('Confirm new password').fill('Profile!2345'),
        'Current password',
        'Please enter your current password',
      ],
    ];
    for (const [act, field, text] of steps) {
      await act();
      await save.click();
      await eventually(() => fieldError(field).textContent()).toBe(text);
    }
    await screenshot(page, 'profile');
    await page.getByLabel('Current password').fill('Wrong!2345');
    await save.click();
    await eventually(() => fieldError('Current password').textContent()).toBe(
      'The current password is not correct',
    );

    const before = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByLabel('Current password').fill(password);
    await save.click();
    await eventually(() => lastNotice().textContent()).toBe('Your password has been changed');
    const after = await page.evaluate(() => localStorage.getItem('token'));
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    password = 'Profile!2345';
    // The new tokens work: a call after the change still succeeds, and the user stays signed in.
    await page.getByRole('link', { name: 'Home' }).click();
    await page.locator('.module-card:not(.module-card--placeholder)').first().waitFor();
    await page.reload();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    expect(errors).toEqual([]);
  });
});
