import type { Page } from '@playwright/test';

/**
 * Opens a landing page address and waits until React has taken over the prerendered page: a click
 * in the moment React replaces it can be lost, and a signed-in visitor's links change with it.
 */
export async function openLandingWithReact(page: Page, path: string) {
  await page.goto(path);
  // any sign of interest starts React (landing.tsx); a signed-in visitor's page starts it at once
  await page.mouse.move(1, 1);
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );
}
