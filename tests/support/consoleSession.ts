import type { Page } from 'playwright-core';
import type { TestServer } from './testServer';

/**
 * Signs in through the console's /login screen (password, then the TOTP code) and waits for home.
 * The server clock moves one TOTP step first, since a code already used in its window is refused.
 */
export async function signInInBrowser(
  page: Page,
  server: TestServer & { url: string },
  credentials: { email: string; password: string; totpSecret: string },
): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code').waitFor();
  server.clock.advance(30);
  await page.getByLabel('Authentication code').fill(await server.code(credentials.totpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
}
