import type { Page } from '@playwright/test';

/**
 * Waits until the page has stood still for ten frames. A wizard's step change scrolls smoothly to
 * its top; a short step's Weiter moves with that scroll, and a click whose press and release land
 * on different points is no click (a landlord waits for the page to stop, too).
 */
export function scrollSettled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        const look = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 10) resolve();
          else requestAnimationFrame(look);
        };
        look();
      }),
  );
}
