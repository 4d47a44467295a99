import type { Locator } from '@playwright/test';

/**
 * Whether nothing floating covers the element: at its centre the element itself is hit. An element
 * outside the window counts as uncovered (nothing lies over it yet).
 */
export function onTop(element: Locator): Promise<boolean> {
  return element.evaluate((target) => {
    const r = target.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return true;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && target.contains(hit);
  });
}
