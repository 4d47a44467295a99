import { lazy } from 'react';
import { Spinner } from '../../components/ui/Spinner';
import { SECTION_TITLE_CLASSES } from './sections';
import { REVEAL_CLASSES, useReveal } from './useReveal';
import { WhenNear } from './WhenNear';

const loadWizard = () => import('./LandingWizard');
const LandingWizard = lazy(async () => ({ default: (await loadWizard()).LandingWizard }));

/** Starts loading the wizard's code early (the start button calls it on hover, focus and click). */
export function preloadLandingWizard() {
  void loadWizard();
}

function WizardPlaceholder() {
  return (
    // About the height of step 1, so that nothing below jumps when the wizard arrives.
    <div className="flex min-h-[114rem] items-start justify-center rounded-xl border border-slate-200 bg-white pt-24 sm:min-h-[80rem]">
      <Spinner label="Formular wird geladen …" />
    </div>
  );
}

/** #billing-form: the three-step statement wizard, loaded when the reader gets near it. */
export function BillingFormSection() {
  const revealRef = useReveal<HTMLDivElement>();
  return (
    <section
      id="billing-form"
      tabIndex={-1}
      aria-labelledby="billing-form-title"
      className="scroll-mt-16 bg-slate-50 py-16 outline-none sm:py-24"
    >
      <div ref={revealRef} className={`mx-auto max-w-6xl px-4 sm:px-6 ${REVEAL_CLASSES}`}>
        <div className="max-w-2xl">
          <h2 id="billing-form-title" className={SECTION_TITLE_CLASSES}>
            Ihre Abrechnung in drei Schritten
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            Stammdaten, Kostenpositionen, Vorschau: Probieren Sie es gleich hier aus. Ihre Eingaben bleiben in
            Ihrem Browser gespeichert und werden nach der Registrierung als Entwurf in Ihr Konto übernommen.
          </p>
        </div>
        <div className="mt-10">
          <WhenNear fallback={<WizardPlaceholder />}>
            <LandingWizard />
          </WhenNear>
        </div>
      </div>
    </section>
  );
}
