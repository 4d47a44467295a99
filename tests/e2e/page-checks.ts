// Checks every browser journey makes of the pages it visits.

import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * axe-core finds no violation on the page as it is now, the experimental check that a control's
 * name contains its visible label included (a speech user says what he sees).
 */
export async function expectNoAxeViolations(page: Page, label?: string) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, label).toEqual([]);
}

/** Scrolls through the whole page so that every lazily loaded part renders. */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState('networkidle');
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

/**
 * The field that has the cursor right after a click or Enter on the target, asked in the same task as
 * the event: a cursor moved later (on a timer, after a render) would let keys typed at once land in
 * the field before.
 */
export async function focusedAfter(target: Locator, event: 'click' | 'Enter'): Promise<string | null> {
  return target.evaluate((element, kind) => {
    (element as HTMLElement).focus();
    if (kind === 'click') (element as HTMLElement).click();
    else
      element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    return document.activeElement?.getAttribute('name') ?? null;
  }, event);
}
