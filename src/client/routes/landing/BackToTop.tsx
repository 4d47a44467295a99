import { ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../components/ui/Button';
import { scrollToSection, useWindowScroll } from './scroll';
import { BACK_TO_TOP_AFTER_PX } from './sections';

/** Appears after BACK_TO_TOP_AFTER_PX of scrolling and leads back to the start. */
export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useWindowScroll(() => setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX));
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Nach oben"
      title="Nach oben"
      onClick={() => scrollToSection('hero')}
      className={buttonClasses({
        variant: 'secondary',
        size: 'icon',
        className:
          'fixed right-4 bottom-4 z-20 rounded-full shadow-lg motion-safe:animate-fade-in sm:right-6 sm:bottom-6',
      })}
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
