// Checks every browser journey makes of the pages it visits.

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core finds no violation on the page as it is now, the experimental check that a control's
 * name contains its visible label included (a speech user says what he sees).
 */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/**
 * Nothing is wider than the screen. Polled: after a resize the dashboard's sidebar folds away with a
 * short animation, during which the page is briefly wider.
 */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}
