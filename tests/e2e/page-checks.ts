// Checks every browser journey makes of the pages it visits.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type WithAxe = { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };

/**
 * axe-core's violations on the page as it is now, the experimental check that a control's name
 * contains its visible label included (a speech user says what he sees). axe is loaded into the page
 * once and run there: the app has no frames, and the frame-by-frame run of `@axe-core/playwright`
 * took three times as long (ADR 0026).
 */
async function axeViolations(page: Page): Promise<string[]> {
  // a button's colours glide for 150 ms after a click: halfway through, its contrast is neither state's
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { violations } = await (window as unknown as WithAxe).axe.run(document, {
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
      iframes: false,
    });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** axe-core finds no violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page, label?: string) {
  expect(await axeViolations(page), label).toEqual([]);
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
