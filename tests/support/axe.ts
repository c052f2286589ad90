import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Impact levels that fail a screen (issue 9 'Accessibility': no serious or critical violations). */
const failing = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) on the page as it is now, and answers the serious and
 * critical violations as sentences naming the rule and the first offending elements.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
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
