import type { Page } from 'playwright-core';

/**
 * Script injection through text fields (issue 9 'Security'). A payload is stored through the API,
 * the screen that shows it is opened, and the page is checked three ways, each independent of the
 * others: the text is shown literally, no element was made from it, and no script ran or was blocked.
 * The third matters because the content security policy blocks inline handlers on its own: a
 * violation report means the markup reached the DOM and only the policy stopped it.
 *
 * For a new field: store `xssPayloads(id)` in it, open the screen, then `expectRenderedAsText`.
 */

declare global {
  interface Window {
    __xss?: string;
    __cspViolations?: string[];
  }
}

/** Payloads that run script wherever text is parsed as HTML; each would set window.__xss to `id`. */
export function xssPayloads(id: string): string[] {
  return [
    `<img src=x onerror="window.__xss='${id}'">`,
    `<svg onload="window.__xss='${id}'"></svg>`,
    `"><script>window.__xss='${id}'</script>`,
  ];
}

/** Records content-security-policy violations from the next navigation on; call before page.goto. */
export async function watchForScriptInjection(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective}: ${event.sample || event.blockedURI}`);
    });
  });
}

/** What shows that a payload was treated as markup or script, as sentences; empty when it was inert. */
export async function injectionProblems(page: Page, payload: string): Promise<string[]> {
  const problems: string[] = [];
  const seen = await page.evaluate((text) => {
    // Shown as text: in the page's text, or as the value of a form control or the label of an option.
    const values = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
      .map((control) => control.value)
      .concat([...document.querySelectorAll('option')].map((option) => option.text));
    const shown = document.body.innerText.includes(text) || values.some((value) => value.includes(text));
    const elements = document.querySelectorAll('img[src="x"], [onerror], [onload], script:not([src])').length;
    return { shown, elements, ran: window.__xss, violations: window.__cspViolations ?? [] };
  }, payload);
  if (!seen.shown) problems.push(`the text ${payload} is not shown literally`);
  if (seen.elements > 0) problems.push(`${seen.elements} element(s) were made from the text`);
  if (seen.ran !== undefined) problems.push(`script ran: window.__xss = ${seen.ran}`);
  if (seen.violations.length > 0) problems.push(`the policy blocked script: ${seen.violations.join('; ')}`);
  return problems;
}
