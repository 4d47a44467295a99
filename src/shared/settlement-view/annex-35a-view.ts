// The "Bescheinigung nach § 35a EStG" annex of a tenant's letter: per category the costs with a
// labour part and the tenant's part of that labour, as the PDF prints them.

import { formatCents, formatDateDe } from '../money';
import { tenantLabour } from '../settlement/labour-35a';
import type { SettlementResult } from '../settlement/types';
import { LABOUR_CATEGORY_LABELS } from '../vocabulary';
import type { SettlementEntries } from './records';

export interface Annex35aView {
  title: string;
  intro: string;
  categories: Array<{
    label: string;
    rows: Array<{ name: string; amount: string; labour: string; share: string }>;
    total: string;
  }>;
  notes: string[];
}

export function annex35aView(
  result: SettlementResult,
  entries: SettlementEntries,
  tenancyId: string,
  context: { tenantName: string; objectLine: string; periodStart: string; periodEnd: string },
): Annex35aView | null {
  const labour = tenantLabour(result, entries.costs, tenancyId);
  if (labour.every((c) => c.totalCents === 0)) return null;
  const period = `${formatDateDe(context.periodStart)} – ${formatDateDe(context.periodEnd)}`;
  return {
    title: 'Bescheinigung nach § 35a EStG',
    intro:
      `Für ${context.tenantName}${context.objectLine ? `, ${context.objectLine}` : ''}: In den umgelegten ` +
      `Betriebskosten des Zeitraums ${period} sind die folgenden Aufwendungen für haushaltsnahe ` +
      'Dienstleistungen und Handwerkerleistungen enthalten. Angegeben ist nur der Anteil der Arbeitskosten ' +
      '(einschließlich Maschinen- und Fahrtkosten, ohne Material und Gebühren), der auf Sie entfällt.',
    categories: labour
      .filter((c) => c.totalCents > 0)
      .map((c) => ({
        label: LABOUR_CATEGORY_LABELS[c.category],
        rows: c.items.map((i) => ({
          name: i.name,
          amount: formatCents(i.amountCents),
          labour: formatCents(i.labourCents),
          share: formatCents(i.tenantLabourCents),
        })),
        total: formatCents(c.totalCents),
      })),
    notes: [
      'Ihr Anteil je Position = Arbeitskosten × Ihr Anteil an der Position ÷ Gesamtbetrag der Position; die ' +
        'Cent-Beträge sind so gerundet, dass die Anteile aller Parteien genau die Arbeitskosten ergeben.',
      'Die Steuerermäßigung beträgt 20 % dieser Aufwendungen, höchstens 4.000 € im Jahr für haushaltsnahe ' +
        'Dienstleistungen und 1.200 € im Jahr für Handwerkerleistungen. Die Rechnungen wurden unbar bezahlt; ' +
        'sie können im Rahmen der Belegeinsicht eingesehen werden.',
    ],
  };
}
