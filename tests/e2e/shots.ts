import type { Locator, Page } from '@playwright/test';

/** Where browser journeys leave the screenshots that are looked at (outside the repository). */
export const SHOTS = '/work/screenshots';

/** A full-page screenshot taken with a viewport as tall as the page, so sticky bars stay in place. */
export async function shot(page: Page, name: string, element?: Locator) {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await (element ?? page).screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize(viewport);
}
