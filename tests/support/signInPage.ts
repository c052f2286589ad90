import type { Page } from 'playwright-core';
import type { TestServer } from './testServer';

export interface Account {
  email: string;
  password: string;
  secret: string;
}

/**
 * Signs in through the console's two steps and waits for home. The server clock moves one TOTP step
 * first, since a code already used in its window is refused and tests sign in more than once.
 */
export async function signInPage(
  page: Page,
  server: TestServer & { url: string },
  account: Account,
  { nextCode = true } = {},
) {
  // A test that times the token against the browser's clock keeps the server clock where it is.
  if (nextCode) server.clock.advance(30);
  if (!page.url().endsWith('/login')) await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code').fill(await server.code(account.secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
}
