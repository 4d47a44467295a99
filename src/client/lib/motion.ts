/** Whether the visitor's system asks for less motion (WCAG 2.3.3): then pages jump instead of gliding. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** How a scroll the page starts itself moves: smoothly, unless less motion is asked for. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
