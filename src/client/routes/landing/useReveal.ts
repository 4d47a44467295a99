import { useLayoutEffect, useRef } from 'react';
import { prefersReducedMotion } from '../../lib/motion';
import { REVEAL_OFFSET_PX } from './sections';

/**
 * Classes of an element that fades and slides in: `useReveal` marks it `data-reveal="hidden"` until
 * it is scrolled into view. Without the mark (reduced motion, or already visible) nothing moves.
 */
export const REVEAL_CLASSES =
  'motion-safe:transition motion-safe:duration-700 motion-safe:ease-out data-[reveal=hidden]:translate-y-6 data-[reveal=hidden]:opacity-0';

/** Reveals the element once its top is REVEAL_OFFSET_PX inside the viewport. */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion() || !('IntersectionObserver' in window)) return;
    // Content that is already on screen (the first view, a reload further down) never hides.
    if (element.getBoundingClientRect().top < window.innerHeight - REVEAL_OFFSET_PX) return;
    element.dataset.reveal = 'hidden';
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        element.dataset.reveal = 'shown';
        observer.disconnect();
      },
      { rootMargin: `0px 0px -${REVEAL_OFFSET_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}
