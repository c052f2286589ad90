import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser';

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
