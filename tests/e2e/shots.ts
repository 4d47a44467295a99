import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';

/** Where browser journeys leave the screenshots that are looked at (outside the repository). */
export const SHOTS = '/work/screenshots';

/** Not under CI, where nobody looks at them: they cost 5–10 % of a journey's time (ADR 0026). */
const taking = !process.env.CI;

/** A full-page screenshot taken with a viewport as tall as the page, so sticky bars stay in place. */
export async function shot(page: Page, name: string, element?: Locator) {
  if (!taking) return;
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await (element ?? page).screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize(viewport);
}

/**
 * The page's viewport (the whole page with `fullPage`) or an element as it is shown now; with `width`,
 * as it is shown at that width (the page returns to its width after).
 */
export async function shotAsSeen(
  page: Page,
  name: string,
  options: { element?: Locator; fullPage?: boolean; width?: number } = {},
) {
  if (!taking) return;
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  if (options.width) await page.setViewportSize({ width: options.width, height: viewport.height });
  const path = `${SHOTS}/${name}.png`;
  await (options.element
    ? options.element.screenshot({ path })
    : page.screenshot({ path, fullPage: options.fullPage }));
  if (options.width) await page.setViewportSize(viewport);
}

/** Each page of a PDF as a PNG at 70 dpi (`name-1.png`, …). */
export function pdfShot(pdf: string, name: string) {
  if (taking) execFileSync('pdftoppm', ['-png', '-r', '70', pdf, `${SHOTS}/${name}`]);
}
