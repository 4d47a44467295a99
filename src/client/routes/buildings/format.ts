import { formatCents, formatDateDe, formatQuantity } from '../../../shared/money';
import type { TenancyJson, UnitJson } from '../../../shared/schemas/settlement-json';
import { UNIT_KIND_LABELS } from '../../../shared/vocabulary';

/**
 * "seit 01.04.2018" while it runs, "ab 01.05.2027" before it begins, else "01.02.2020 – 30.06.2025";
 * without a move-in day "seit längerem" or "bis 30.06.2025".
 */
export function tenancyPeriod(t: Pick<TenancyJson, 'start' | 'end'>, today: string): string {
  if (t.start === null) return t.end ? `bis ${formatDateDe(t.end)}` : 'seit längerem';
  if (t.end) return `${formatDateDe(t.start)} – ${formatDateDe(t.end)}`;
  return `${t.start > today ? 'ab' : 'seit'} ${formatDateDe(t.start)}`;
}

export const personsLabel = (n: number) => (n === 1 ? '1 Person' : `${n} Personen`);

export const prepaymentLabel = (cents: number) => `${formatCents(cents)} / Monat`;

/** One change row: "ab 01.01.2025: 3 Personen, 180,00 € / Monat". */
export function changeLabel(c: TenancyJson['changes'][number], ownUse: boolean): string {
  const parts = [
    c.persons === undefined ? null : personsLabel(c.persons),
    ownUse || c.monthlyPrepaymentCents === undefined ? null : prepaymentLabel(c.monthlyPrepaymentCents),
  ].filter((p) => p !== null);
  return `ab ${formatDateDe(c.from)}: ${parts.join(', ')}`;
}

/** "2. OG · 75,5 m² · MEA 250" (floor and MEA only when given; a shop or garage says what it is). */
export function unitFacts(u: Pick<UnitJson, 'floor' | 'area' | 'mea' | 'kind'>): string {
  return [
    u.kind === 'dwelling' ? null : UNIT_KIND_LABELS[u.kind],
    u.floor || null,
    `${formatQuantity(u.area)} m²`,
    u.mea === null ? null : `MEA ${formatQuantity(u.mea)}`,
  ]
    .filter((p) => p !== null)
    .join(' · ');
}
