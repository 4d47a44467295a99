import { type RefObject, useEffect, useState } from 'react';

/** What a landlord can click or type into. */
const ACTIONS =
  'a[href],button,input:not([type="hidden"]),select,textarea,summary,[role="button"],[role="link"],[role="checkbox"],[role="radio"],[role="tab"],[role="combobox"],[role="switch"]';

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Up to this size (px²) an action is a target that any overlap gets in the way of, e.g. a button. */
const SMALL_TARGET = 200 * 64;

/**
 * What of each visible action outside `own` must stay uncovered: all of a button-sized one, the
 * centre of a large one (a drop zone or a wide field stays usable around a corner laid over it).
 */
export function actionTargets(own: Element): Box[] {
  const targets: Box[] = [];
  for (const action of document.querySelectorAll(ACTIONS)) {
    if (own.contains(action)) continue;
    const r = action.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.top > window.innerHeight) continue;
    if (!action.checkVisibility({ visibilityProperty: true })) continue;
    if (r.width * r.height <= SMALL_TARGET) {
      targets.push({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    } else {
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      targets.push({ top: y, bottom: y, left: x, right: x });
    }
  }
  return targets;
}

/** Whether the box (viewport coordinates) touches any of the targets. */
export function coversAny(box: Box, targets: readonly Box[]): boolean {
  return targets.some(
    (t) => t.left <= box.right && t.right >= box.left && t.top <= box.bottom && t.bottom >= box.top,
  );
}

/**
 * Calls `measure` now and, once per frame at most, after every scroll, resize or change of the page
 * while `active`; returns its last answer (kept while `same` finds it unchanged). Floating elements
 * use it to step aside from actions the page moves under them.
 */
export function useMeasuredLayout<T>(
  ref: RefObject<Element | null>,
  measure: (own: Element) => T,
  initial: T,
  active: boolean,
  same: (a: T, b: T) => boolean = Object.is,
): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const own = ref.current;
        if (own) {
          const next = measure(own);
          setValue((last) => (same(last, next) ? last : next));
        }
      });
    };
    schedule();
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true, attributes: true });
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [ref, measure, active, same]);
  return value;
}
