// The "Ausfüllhilfe Anlage V" as printed (docs/domain/tax-year.md): each line of the form with its
// number, Kennzahl, text and amount; what is a guess marked; an annex with every source a line sums.

import { formatCents, formatDateDe, formatNumberDe, formatPercentHundredths } from '../money';
import type { TaxYearJson } from '../schemas/tax-year';
import { SPREAD_LINE_KEYS } from '../vocabulary';

export interface AnlageVHelpView {
  title: string;
  property: string;
  form: string;
  notes: string[];
  rows: Array<{ line: string; kz: string; label: string; amount: string; check: boolean; total: boolean }>;
  /** Each co-owner's share ("Anna Berg, 1/2: Einnahmen …"); empty with one owner. */
  owners: string[];
  annex: Array<{ heading: string; rows: Array<{ what: string; note: string; amount: string }> }>;
  footer: string;
}

const TOTALS = new Set(['incomeTotal', 'expensesTotal', 'surplus']);
const SPREAD = new Set<string>(SPREAD_LINE_KEYS);

/** The lines to show: the spread ones only where something was spread (most deduct repairs at once). */
export function shownLines<L extends { key: string; sources: readonly unknown[] }>(lines: readonly L[]): L[] {
  return lines.filter((l) => !SPREAD.has(l.key) || l.sources.length > 0);
}
const KIND: Record<string, string> = {
  bank: 'Kontoauszug',
  receipt: 'Beleg',
  loan: 'Darlehen',
  depreciation: 'AfA',
  deposit: 'Kaution',
};

export function anlageVHelpView(
  data: TaxYearJson,
  property: { name: string; address: string },
  printedOn: string,
): AnlageVHelpView {
  const v = data.anlageV;
  const notes = [
    v.form
      ? `Zeilen und Kennzahlen nach dem Vordruck ${v.form}. Beträge „zu prüfen“ beruhen auf einer Annahme (siehe Anhang).`
      : `Die Zeilennummern des Vordrucks ${data.year} sind noch nicht hinterlegt: Übertragen Sie die Beträge nach ihrer Bezeichnung.`,
    `Gesamtwohnfläche ${formatNumberDe(v.livingArea, 2)} m², davon eigengenutzt im Jahresmittel ${formatNumberDe(v.ownUseArea, 2)} m²${v.ownUseShareHundredths > 0 ? ` – die Werbungskosten sind um ${formatPercentHundredths(v.ownUseShareHundredths)} gekürzt` : ''}.`,
    ...(data.notice ? [data.notice] : []),
    ...(data.receiptsToCheck.unconfirmed > 0
      ? [`${data.receiptsToCheck.unconfirmed} gelesene, aber nicht bestätigte Belege zählen hier nicht.`]
      : []),
    ...(data.receiptsToCheck.withoutReceipt.length > 0 ? [withoutReceiptText(data)] : []),
    ...(data.ownLabour35a.length > 0 ? [ownLabourText(data)] : []),
    'AfA und Schuldzinsen stehen nur hier, nicht im DATEV-Buchungsstapel: Sie sind keine Zahlungen des Kontoauszugs.',
  ];
  return {
    title: `Ausfüllhilfe Anlage V ${data.year}`,
    property: `${property.name}, ${property.address}`,
    form: v.form ?? '',
    notes,
    rows: v.lines
      .filter((l) => !SPREAD.has(l.key) || l.sources.length > 0)
      .map((l) => ({
        line: l.line === null ? '' : String(l.line),
        kz: l.kz ?? '',
        label: l.label,
        amount: formatCents(l.cents),
        check: !l.sure && l.cents !== 0,
        total: TOTALS.has(l.key),
      })),
    owners: data.coOwners.map(
      (o) =>
        `${o.name}, Anteil ${o.numerator}/${o.denominator}: Einnahmen ${formatCents(o.incomeCents)}, Werbungskosten ${formatCents(o.expensesCents)}, Überschuss ${formatCents(o.surplusCents)}`,
    ),
    annex: v.lines
      .filter((l) => l.sources.length > 0)
      .map((l) => ({
        heading: `${l.line === null ? '' : `Zeile ${l.line}: `}${l.label} – ${formatCents(l.cents)}${l.beforeOwnUseCents === null ? '' : ` (vor Eigennutzung ${formatCents(l.beforeOwnUseCents)})`}`,
        rows: l.sources.map((s) => ({
          what: [
            KIND[s.kind],
            s.date ? formatDateDe(s.date) : null,
            s.party,
            s.month ? `für ${s.month.slice(5, 7)}/${s.month.slice(0, 4)}` : null,
          ]
            .filter(Boolean)
            .join(' · '),
          note: s.note ?? '',
          amount: formatCents(s.cents),
        })),
      })),
    footer: `Erstellt mit Umlage am ${formatDateDe(printedOn)} · keine Steuerberatung`,
  };
}

/** The landlord's own § 35a part for the flat he uses: for his income tax return, not the Anlage V. */
export function ownLabourText(data: Pick<TaxYearJson, 'ownLabour35a'>): string {
  const parts = data.ownLabour35a.map((l) => `${l.label} ${formatCents(l.cents)}`).join(', ');
  return `Ihr eigener Anteil nach § 35a EStG für die selbst genutzte Wohnung (aus der Hausabrechnung; für die Einkommensteuererklärung, nicht die Anlage V): ${parts}.`;
}

/** The year's payments marked as costs that wait for their receipt: named, not counted. */
export function withoutReceiptText(data: Pick<TaxYearJson, 'receiptsToCheck'>): string {
  const lines = data.receiptsToCheck.withoutReceipt.map(
    (b) => `${formatDateDe(b.bookingDate)} ${b.party} ${formatCents(b.cents)}`,
  );
  return `Kosten laut Kontoauszug ohne Beleg, nicht gezählt, bis ein Beleg zugeordnet ist: ${lines.join('; ')}.`;
}
