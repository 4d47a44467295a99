import { Clock, FileDown, ShieldCheck } from 'lucide-react';
import { StartButton } from './StartButton';

const BADGES = [
  { icon: ShieldCheck, label: 'DSGVO-konform' },
  { icon: Clock, label: 'in 5-10 Minuten fertig' },
  { icon: FileDown, label: 'Direkt als PDF downloaden' },
] as const;

/** A sketch of a finished statement: shows what the reader gets (an example, not real data). */
function StatementSketch() {
  const rows = [
    ['Grundsteuer', 'Wohnfläche', '142,80 €'],
    ['Wasserversorgung', 'Personen', '211,35 €'],
    ['Müllabfuhr', 'Personen', '96,20 €'],
    ['Gebäudereinigung', 'Wohnfläche', '118,44 €'],
  ];
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-xl shadow-teal-900/10">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Beispiel</p>
        <p className="mt-1 font-semibold text-slate-900">Betriebskostenabrechnung 2025</p>
        <p className="text-sm text-slate-600">01.01.2025 – 31.12.2025 · Wohnung 2. OG links</p>
        <table className="mt-4 w-full text-sm">
          <caption className="sr-only">Beispielhafte Kostenpositionen</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className="pb-2 font-medium">
                Kostenart
              </th>
              <th scope="col" className="pb-2 font-medium">
                Schlüssel
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                Ihr Anteil
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, key, amount]) => (
              <tr key={name} className="border-b border-slate-100">
                <td className="py-1.5 text-slate-800">{name}</td>
                <td className="py-1.5 text-slate-600">{key}</td>
                <td className="py-1.5 text-right text-slate-800 tabular-nums">{amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-4 grid grid-cols-2 gap-y-1 text-sm">
          <dt className="text-slate-600">Ihre Kosten</dt>
          <dd className="text-right tabular-nums">568,79 €</dd>
          <dt className="text-slate-600">Vorauszahlungen</dt>
          <dd className="text-right tabular-nums">− 480,00 €</dd>
          <dt className="font-semibold text-slate-900">Nachzahlung</dt>
          <dd className="text-right font-semibold text-teal-800 tabular-nums">88,79 €</dd>
        </dl>
      </div>
      <figcaption className="sr-only">Beispiel einer mit Umlage erstellten Abrechnung</figcaption>
    </figure>
  );
}

export function HeroSection() {
  return (
    <section
      id="hero"
      tabIndex={-1}
      aria-labelledby="hero-title"
      className="scroll-mt-16 bg-gradient-to-b from-teal-50 to-slate-50 outline-none"
    >
      <div className="mx-auto grid min-h-[calc(100svh-4rem)] max-w-6xl items-center gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_1fr] lg:py-16">
        <div>
          <h1
            id="hero-title"
            className="text-[2rem] leading-tight font-bold tracking-tight hyphens-manual text-slate-900 sm:text-5xl lg:text-[2.75rem]"
          >
            {/* A soft hyphen: the long word must break on phones. */}
            Nebenkosten&shy;abrechnungen einfach &amp; rechtssicher
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-slate-700">
            Umlage rechnet Ihre Betriebskosten automatisch nach Wohnfläche, Verbrauch oder Personen auf Ihre
            Mieter um und erstellt eine vollständige Abrechnung als PDF. Sie geben die Zahlen ein, den Rest
            erledigt Umlage.
          </p>
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Vorteile">
            {BADGES.map(({ icon: Icon, label }) => (
              <li
                key={label}
                className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm font-medium text-teal-900 ring-1 ring-teal-200"
              >
                <Icon aria-hidden="true" className="size-4 text-teal-700" />
                {label}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <StartButton />
            <p className="text-sm text-slate-600">Ausprobieren ohne Anmeldung · Vorschau kostenlos</p>
          </div>
        </div>
        <StatementSketch />
      </div>
    </section>
  );
}
