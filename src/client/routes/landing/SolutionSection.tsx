import {
  Building2,
  Calculator,
  Clock,
  FileText,
  Landmark,
  Scale,
  Send,
  ShieldCheck,
  Timer,
} from 'lucide-react';
import { StartButton } from './StartButton';
import { SECTION_TITLE_CLASSES } from './sections';
import { REVEAL_CLASSES, useReveal } from './useReveal';

const STEPS = [
  { title: 'Stammdaten', text: 'Vermieter, Mieter, Wohnung und Abrechnungszeitraum eintragen.' },
  {
    title: 'Kostenpositionen',
    text: 'Kosten aus Ihren Belegen übernehmen – mit Vorlagen für die üblichen Betriebskostenarten – und je einen Umlageschlüssel wählen.',
  },
  { title: 'Vorschau & Export', text: 'Die fertige Abrechnung prüfen und als PDF herunterladen.' },
] as const;

const FEATURES = [
  {
    icon: Calculator,
    title: 'Automatische Berechnung',
    text: 'Umlage verteilt jede Kostenart nach Wohnfläche, Verbrauch, Personen oder pauschal, zieht die Vorauszahlungen ab und weist Nachzahlung oder Guthaben aus – auf den Cent genau.',
  },
  {
    icon: Scale,
    title: 'Rechtssicherer Aufbau',
    text: 'Die Abrechnung enthält alle Angaben, die sie formell braucht, und den Hinweis auf Einwendungsfrist und Belegeinsicht nach § 556 Abs. 3 BGB. Welche Kosten umlagefähig sind, regelt Ihr Mietvertrag; Umlage ersetzt keine Rechtsberatung.',
  },
  {
    icon: FileText,
    title: 'PDF-Export',
    text: 'Zwei Seiten A4 nach DIN 5008, passend für Fensterumschläge: Übersicht mit Ergebnis und Zahlungsaufforderung, dann alle Positionen im Detail. Die Vorschau ist kostenlos.',
  },
  {
    icon: ShieldCheck,
    title: 'DSGVO-konform',
    text: 'Keine Tracking-Werkzeuge, keine Werbe-Cookies, keine fremden Skripte. Ihre Daten und die Ihrer Mieter nutzen wir nur für Ihre Abrechnungen.',
  },
  {
    icon: Clock,
    title: 'In 5–10 Minuten fertig',
    text: 'Wenn Ihre Belege bereitliegen, ist eine Abrechnung in wenigen Minuten erstellt. Im nächsten Jahr kopieren Sie einfach die letzte.',
  },
  {
    icon: Building2,
    title: 'Ganze Häuser abrechnen',
    text: 'Für Mehrfamilienhäuser die Hausabrechnung: Einheiten, Gewerbe und Garagen, Mieterwechsel, Leerstand und Eigennutzung, Zähler, Heiz- und Warmwasserkosten nach HeizkostenV mit CO2-Aufteilung – alle Abrechnungen des Hauses in einem Durchgang.',
  },
  {
    icon: Landmark,
    title: 'Belege und Kontoauszug statt Abtippen',
    text: 'Rechnungen als PDF, Foto oder E-Rechnung liest Umlage auf dem eigenen Server – kein fremder Dienst sieht sie; Sie prüfen das Gelesene und übernehmen es. Den Kontoauszug Ihrer Bank (CAMT, MT940 oder CSV) legen Sie ab: Umlage ordnet die Mietzahlungen zu und rechnet mit den tatsächlich gezahlten Vorauszahlungen – ein Jahr mit 500 Buchungen in unter einer Sekunde.',
  },
  {
    icon: Send,
    title: 'Zustellung mit Nachweis',
    text: 'Per E-Mail mit persönlichem Link: Ihre Mieter sehen Abrechnung und Belege, Sie sehen, wann sie zugegangen ist – und die Frist nach § 556 Abs. 3 BGB im Blick.',
  },
  {
    icon: Timer,
    title: 'Rund 80 % Zeit gespart',
    text: 'Unsere Schätzung im Vergleich zur Abrechnung mit Tabellenkalkulation und Taschenrechner. Wie viel Zeit Sie tatsächlich sparen, hängt davon ab, wie gut Ihre Unterlagen vorbereitet sind.',
  },
] as const;

/** #solution: how Umlage helps, the three steps and what the promises mean. */
export function SolutionSection() {
  const revealRef = useReveal<HTMLDivElement>();
  return (
    <section
      id="solution"
      tabIndex={-1}
      aria-labelledby="solution-title"
      className="scroll-mt-16 bg-slate-50 py-16 outline-none sm:py-24"
    >
      <div ref={revealRef} className={`mx-auto max-w-6xl px-4 sm:px-6 ${REVEAL_CLASSES}`}>
        <h2 id="solution-title" className={`max-w-2xl ${SECTION_TITLE_CLASSES}`}>
          So nimmt Ihnen Umlage die Arbeit ab
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-teal-700 font-semibold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">
                  <span className="sr-only">Schritt {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-8 text-teal-700" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12">
          <StartButton />
        </div>
      </div>
    </section>
  );
}
