import { AlarmClock, Calculator, FileWarning } from 'lucide-react';
import { SECTION_TITLE_CLASSES } from './sections';
import { REVEAL_CLASSES, useReveal } from './useReveal';

const PROBLEMS = [
  {
    icon: AlarmClock,
    title: 'Die Frist ist knapp',
    text: 'Die Abrechnung muss Ihren Mietern spätestens zwölf Monate nach Ende des Abrechnungszeitraums zugehen. Kommt sie später, können Sie eine Nachzahlung in der Regel nicht mehr verlangen (§ 556 Abs. 3 BGB).',
  },
  {
    icon: FileWarning,
    title: 'Formfehler kosten Geld',
    text: 'Fehlen Pflichtangaben wie Abrechnungszeitraum, Gesamtkosten, Umlageschlüssel oder der Abzug der Vorauszahlungen, ist die Abrechnung angreifbar – und Ihre Nachforderung womöglich verloren.',
  },
  {
    icon: Calculator,
    title: 'Viel Rechnerei',
    text: 'Jede Kostenart nach ihrem eigenen Schlüssel verteilen, Anteile ausrechnen, Vorauszahlungen abziehen: In Tabellen und von Hand schleichen sich schnell Fehler ein.',
  },
] as const;

/** #problem: why the yearly statement is a chore. */
export function ProblemSection() {
  const revealRef = useReveal<HTMLDivElement>();
  return (
    <section
      id="problem"
      tabIndex={-1}
      aria-labelledby="problem-title"
      className="scroll-mt-16 bg-white py-16 outline-none sm:py-24"
    >
      <div ref={revealRef} className={`mx-auto max-w-6xl px-4 sm:px-6 ${REVEAL_CLASSES}`}>
        <h2 id="problem-title" className={`max-w-2xl ${SECTION_TITLE_CLASSES}`}>
          Warum die Nebenkostenabrechnung so oft Ärger macht
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {PROBLEMS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-slate-50 p-6">
              <Icon aria-hidden="true" className="size-8 text-orange-700" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
