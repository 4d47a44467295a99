import { useEffect, useLayoutEffect, useRef } from 'react';
import { scrollBehavior } from '../../lib/motion';
import { HEADER_HEIGHT_PX, type SectionId } from './sections';

/**
 * Scrolls to a section (smoothly unless reduced motion is asked for), moves keyboard focus there
 * and puts its anchor in the address bar without a router navigation.
 */
export function scrollToSection(id: SectionId) {
  const section = document.getElementById(id);
  if (!section) return;
  const behavior = scrollBehavior();
  if (id === 'hero') window.scrollTo({ top: 0, behavior });
  else section.scrollIntoView({ behavior, block: 'start' });
  section.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', id === 'hero' ? window.location.pathname : `#${id}`);
  if (behavior === 'smooth' && id !== 'hero') settleOn(section);
}

/**
 * Parts that load on the way (the wizard, the contact form) can move a section while a smooth
 * scroll runs towards it; once the scroll ends, land on the section exactly. A reader who scrolls
 * by hand meanwhile is left alone.
 */
function settleOn(section: HTMLElement) {
  const byHand = ['wheel', 'touchstart', 'keydown'] as const;
  const stop = () => {
    window.removeEventListener('scrollend', settle);
    for (const type of byHand) window.removeEventListener(type, stop);
  };
  const settle = () => {
    stop();
    if (Math.abs(section.getBoundingClientRect().top - HEADER_HEIGHT_PX) > 2) {
      section.scrollIntoView({ block: 'start' });
    }
  };
  window.addEventListener('scrollend', settle);
  for (const type of byHand) window.addEventListener(type, stop, { passive: true });
}

/** The section whose top has passed the reading line (a third down the viewport) last. */
export function currentSection<T extends string>(ids: readonly T[]): T | undefined {
  const line = HEADER_HEIGHT_PX + window.innerHeight / 3;
  const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  if (atBottom) return ids[ids.length - 1];
  let current: T | undefined = ids[0];
  for (const id of ids) {
    const top = document.getElementById(id)?.getBoundingClientRect().top;
    if (top !== undefined && top <= line) current = id;
  }
  return current;
}

/** Calls `onScroll` once per animation frame while the window scrolls or resizes, and once at start. */
export function useWindowScroll(onScroll: () => void) {
  const latest = useRef(onScroll);
  useLayoutEffect(() => {
    latest.current = onScroll;
  });
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        latest.current();
      });
    };
    latest.current();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      window.cancelAnimationFrame(frame);
    };
  }, []);
}
