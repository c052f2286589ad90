import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Impact levels that fail a screen (issue 9 'Accessibility': no serious or critical violations). */
const failing = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules and best practices) on the page as it is now, or only on
 * the elements `include` selects (a drawer on top of a page already checked), and answers the serious
 * and critical violations as sentences naming the rule and the first offending elements.
 *
 * Legacy mode runs axe in the page itself instead of finishing each run in a new blank page, about
 * twice as fast; it does not look into cross-origin frames, which the console's screens do not have
 * (a client module's frame is not the console's, spec part 1 §1). Only violations are collected.
 */
export async function accessibilityProblems(page: Page, include?: string): Promise<string[]> {
  // axe-core's source (half a megabyte) is evaluated once per document: a page that already has it
  // gets an empty script instead, which saves most of a check's time on screens reached in-app.
  const loaded = await page.evaluate(() => 'axe' in window);
  const builder = new AxeBuilder({ page, ...(loaded ? { axeSource: ';' } : {}) })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => failing.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
