import type { Page } from 'playwright-core';
import { type TestServer, testAdmin } from './testServer';

/** Signs the demo administrator in through the login screen (both steps) and waits for home. */
export async function signInInBrowser(page: Page, server: TestServer & { url: string }) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail').fill(testAdmin.email);
  await page.getByLabel('Password').fill(testAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code').waitFor();
  // A code already used in its window is refused; move the server's clock one step on.
  server.clock.advance(30);
  await page.getByLabel('Authentication code').fill(await server.code(testAdmin.totpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
}
