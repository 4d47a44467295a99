import { lazy } from 'react';
import { Spinner } from '../../components/ui/Spinner';
import { StartButton } from './StartButton';
import { SECTION_TITLE_CLASSES } from './sections';
import { REVEAL_CLASSES, useReveal } from './useReveal';
import { WhenNear } from './WhenNear';

const ContactForm = lazy(async () => ({ default: (await import('./ContactForm')).ContactForm }));

function FormPlaceholder() {
  return (
    <div className="flex min-h-[30.5rem] items-center justify-center sm:min-h-[29rem]">
      <Spinner label="Formular wird geladen …" />
    </div>
  );
}

/** #cta: the last call to start, and the contact form. */
export function ContactSection() {
  const revealRef = useReveal<HTMLDivElement>();
  return (
    <section
      id="cta"
      tabIndex={-1}
      aria-labelledby="cta-title"
      className="scroll-mt-16 bg-teal-50 py-16 outline-none sm:py-24"
    >
      <div
        ref={revealRef}
        className={`mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-2 ${REVEAL_CLASSES}`}
      >
        <div>
          <h2 id="cta-title" className={SECTION_TITLE_CLASSES}>
            Bereit für Ihre nächste Abrechnung?
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            Starten Sie ohne Anmeldung und sehen Sie sich die Vorschau an. Registrieren müssen Sie sich erst,
            wenn Sie Ihre Abrechnung speichern und als PDF erhalten möchten.
          </p>
          <div className="mt-8">
            <StartButton />
          </div>
          <h3 className="mt-12 text-xl font-semibold text-slate-900">Fragen? Schreiben Sie uns.</h3>
          <p className="mt-2 text-slate-700">
            Ob zur Bedienung, zu den Preisen oder zu Ihrem Konto: Wir antworten Ihnen per E-Mail.
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h3 className="mb-6 text-xl font-semibold text-slate-900">Kontakt</h3>
          <WhenNear fallback={<FormPlaceholder />}>
            <ContactForm />
          </WhenNear>
        </div>
      </div>
    </section>
  );
}
