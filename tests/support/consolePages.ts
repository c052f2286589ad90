import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser';
import { type TestServer, testAdmin } from './testServer';

/** A person who signs in: e-mail, password and the secret of their authenticator. */
export interface Account {
  email: string;
  password: string;
  secret: string;
}

/** The demo administrator every test server starts with. */
export const adminAccount: Account = {
  email: testAdmin.email,
  password: testAdmin.password,
  secret: testAdmin.totpSecret,
};

/**
 * Signs in through /login as a person would: e-mail and password, then the code from the authenticator
 * (spec part 1 §4 'Sign-in'), and waits for home. The one sign-in of the end-to-end suites. The server
 * clock moves one TOTP step first, since a code already used in its window is refused and the suites
 * sign in more than once; a test that times the token against the browser's clock keeps it
 * (`nextCode: false`).
 */
export async function signInThroughPage(
  page: Page,
  server: TestServer & { url: string },
  account: Account = adminAccount,
  { nextCode = true } = {},
) {
  if (nextCode) server.clock.advance(30);
  // A page already showing the first step (after a sign-out, with its notice) is used as it is.
  const atFirstStep = page.url().endsWith('/login') && (await page.getByLabel('E-mail').isVisible());
  if (!atFirstStep) await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code').fill(await server.code(account.secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
}

/** The drawer on top of the stack, by its title. */
export const drawer = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });

/** Confirms the open confirmation dialog with the named button. */
export async function confirmDialog(page: Page, button: string) {
  await page.getByRole('alertdialog').getByRole('button', { name: button }).click();
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });
}

/** The newest notice's text. */
export const lastNotice = (page: Page) => page.locator('.notice').last().textContent();

/**
 * A page of the console signed in with the given tokens: they go into local storage under the names the
 * console reads (spec part 1 §3 'Session token'), as the login screen would leave them.
 */
export async function signedInPage(
  browser: Browser,
  url: string,
  tokens: { Token: string; RefreshToken: string },
  errors: string[],
): Promise<Page> {
  const page = await newPage(browser, errors);
  await page.goto(`${url}/login`);
  await page.evaluate(
    ([token, refreshToken]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('refreshToken', refreshToken);
    },
    [tokens.Token, tokens.RefreshToken] as const,
  );
  return page;
}
