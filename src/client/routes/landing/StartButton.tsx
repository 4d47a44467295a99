import { ArrowDown } from 'lucide-react';
import { buttonClasses } from '../../components/ui/Button';
import { preloadLandingWizard } from './BillingFormSection';
import { scrollToSection } from './scroll';

/** 'Jetzt Nebenkostenabrechnung erstellen' ('Abrechnung erstellen' on small screens): scrolls to the form. */
export function StartButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      className={buttonClasses({ size: 'lg', className })}
      // Fetch the form's code as soon as the reader shows interest.
      onPointerEnter={preloadLandingWizard}
      onFocus={preloadLandingWizard}
      onClick={() => {
        preloadLandingWizard();
        scrollToSection('billing-form');
      }}
    >
      <span className="sm:hidden">Abrechnung erstellen</span>
      <span className="hidden sm:inline">Jetzt Nebenkostenabrechnung erstellen</span>
      <ArrowDown aria-hidden="true" className="size-5" />
    </button>
  );
}
