import { ArrowUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { buttonClasses } from '../../components/ui/Button';
import { actionTargets, coversAny, useMeasuredLayout } from '../../components/ui/clearOfActions';
import { cx } from '../../components/ui/cx';
import { scrollToSection, useWindowScroll } from './scroll';
import { BACK_TO_TOP_AFTER_PX } from './sections';

const coversActionHere = (own: Element) => coversAny(own.getBoundingClientRect(), actionTargets(own));

/**
 * Appears after BACK_TO_TOP_AFTER_PX of scrolling and leads back to the start. It steps aside
 * (invisible, still measured) while an action of the page lies under it, e.g. the wizard's Weiter on a phone.
 */
export function BackToTop() {
  const [scrolled, setScrolled] = useState(false);
  useWindowScroll(() => setScrolled(window.scrollY > BACK_TO_TOP_AFTER_PX));
  const ref = useRef<HTMLButtonElement>(null);
  const covering = useMeasuredLayout(ref, coversActionHere, true, scrolled);
  if (!scrolled) return null;
  return (
    <button
      ref={ref}
      type="button"
      aria-label="Nach oben"
      title="Nach oben"
      aria-hidden={covering || undefined}
      tabIndex={covering ? -1 : undefined}
      onClick={() => scrollToSection('hero')}
      className={buttonClasses({
        variant: 'secondary',
        size: 'icon',
        className: cx(
          'fixed right-4 bottom-4 z-20 rounded-full shadow-lg motion-safe:animate-fade-in sm:right-6 sm:bottom-6',
          covering && 'invisible',
        ),
      })}
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
