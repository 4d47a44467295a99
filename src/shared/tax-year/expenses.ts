// The receipts of a property as Werbungskosten of a tax year (docs/domain/tax-year.md, "Expenses"):
// each counts in the year it was paid (§ 11 Abs. 2 EStG) — the day of the bank debit linked to it, else
// its invoice date, said to be a guess — on the Anlage V line its kind belongs to.

import { type LineKey, SPREAD_LINE_KEYS, type TaxKind } from '../vocabulary';
import type { TaxSource } from './sources';

const LINE_OF_KIND: Record<Exclude<TaxKind, 'private'>, LineKey> = {
  'passed-on': 'passedOnCosts',
  repairs: 'repairs',
  administration: 'otherCosts',
  financing: 'financingCosts',
  sundry: 'sundryCosts',
};

export interface TaxReceipt {
  documentId: string;
  /** The issuer, else the file's name. */
  party: string;
  invoiceDate: string | null;
  /** The booking day of the bank debit that paid it, where one is linked. */
  paidOn: string | null;
  totalCents: number | null;
  lines: ReadonlyArray<{ category: string | null; name: string; amountCents: number }>;
  taxKind: TaxKind | null;
  /** Erhaltungsaufwand spread over 2 to 5 years (§ 82b EStDV); null: deducted at once. */
  spreadYears: number | null;
}

export interface ExpensePart {
  key: LineKey;
  year: number;
  sure: boolean;
  source: TaxSource;
}

const source = (
  r: TaxReceipt,
  date: string,
  cents: number,
  note: string | null,
  paidCents: number | null = null,
): TaxSource => ({
  kind: 'receipt',
  id: r.documentId,
  date,
  party: r.party,
  month: null,
  cents,
  paidCents,
  note,
});

/**
 * Phase 1: a receipt's parts on their lines. Where the landlord named its kind, all of it goes there;
 * else a line of a cost type passed on goes to the passed-on costs, a line without one to the sundry
 * costs until the landlord says what it was.
 */
function partsOf(r: TaxReceipt): Array<{ key: LineKey; cents: number; sure: boolean; note: string | null }> {
  const lines =
    r.lines.length > 0
      ? r.lines
      : r.totalCents !== null
        ? [{ category: null, name: r.party, amountCents: r.totalCents }]
        : [];
  if (r.taxKind === 'private') return [];
  if (r.taxKind) {
    const cents = lines.reduce((sum, l) => sum + l.amountCents, 0);
    return [{ key: LINE_OF_KIND[r.taxKind], cents, sure: true, note: null }];
  }
  // one part per line of the form: a receipt appears once on each line it adds to
  const byKey = new Map<LineKey, { key: LineKey; cents: number; sure: boolean; note: string | null }>();
  for (const l of lines) {
    const key: LineKey = l.category ? 'passedOnCosts' : 'sundryCosts';
    const note = l.category
      ? null
      : `„${l.name}“: keine Betriebskostenart – bitte die Art wählen (z. B. Erhaltungsaufwand)`;
    const part = byKey.get(key);
    if (part) {
      part.cents += l.amountCents;
      part.note = [part.note, note].filter(Boolean).join('; ') || null;
    } else byKey.set(key, { key, cents: l.amountCents, sure: l.category !== null, note });
  }
  return [...byKey.values()];
}

/** Phase 2: the year a receipt counts in, by the day it was paid, and whether that day is known. */
function paidDay(r: TaxReceipt): { date: string; sure: boolean } | null {
  if (r.paidOn) return { date: r.paidOn, sure: true };
  if (r.invoiceDate) return { date: r.invoiceDate, sure: false };
  return null;
}

/**
 * Phase 3: Erhaltungsaufwand spread in equal parts over the years from the one it was paid in
 * (§ 82b EStDV); the cents that do not divide go to the first year. Each year's part sits on the line
 * of the year it comes from.
 */
function spread(
  r: TaxReceipt,
  cents: number,
  day: { date: string; sure: boolean },
  note: string | null,
): ExpensePart[] {
  const years = r.spreadYears ?? 1;
  const paidIn = Number(day.date.slice(0, 4));
  const part = Math.trunc(cents / years);
  return Array.from({ length: years }, (_, k) => {
    const share = k === 0 ? cents - part * (years - 1) : part;
    const working = `Teil ${k + 1} von ${years} (§ 82b EStDV, bezahlt ${paidIn})`;
    return {
      key: SPREAD_LINE_KEYS[k] ?? 'repairsSpread4',
      year: paidIn + k,
      sure: day.sure,
      source: source(r, day.date, share, [working, note].filter(Boolean).join('; '), cents),
    };
  });
}

export interface Expenses {
  parts: ExpensePart[];
  /** Receipts without a day they were paid or issued: they cannot be put into a year. */
  undated: TaxReceipt[];
}

/** Every receipt's parts with the year each counts in; a receipt without any date is listed apart. */
export function expensesOf(receipts: readonly TaxReceipt[]): Expenses {
  const parts: ExpensePart[] = [];
  const undated: TaxReceipt[] = [];
  for (const r of receipts) {
    const day = paidDay(r);
    if (!day) {
      undated.push(r);
      continue;
    }
    const guessed = day.sure ? null : 'Zahltag nicht im Kontoauszug gefunden: Rechnungsdatum angenommen';
    const paidIn = Number(day.date.slice(0, 4));
    for (const p of partsOf(r)) {
      const note = [p.note, guessed].filter(Boolean).join('; ') || null;
      if (p.key === 'repairs' && r.spreadYears) parts.push(...spread(r, p.cents, day, note));
      else
        parts.push({
          key: p.key,
          year: paidIn,
          sure: p.sure && day.sure,
          source: source(r, day.date, p.cents, note),
        });
    }
  }
  return { parts, undated };
}

/** A bank line the landlord marked as a cost of the house without a receipt (e.g. the account's fees). */
export interface BankCost {
  transactionId: string;
  bookingDate: string;
  /** As booked: a debit is negative. */
  amountCents: number;
  counterpartyName: string;
  reference: string;
}

const ACCOUNT_FEES = /kontoführung|kontofuehrung|entgelt|kontogebühr|buchungsposten|kartengebühr/i;

/**
 * Bank lines marked as costs without a receipt. The bank's own fees have no receipt but the statement:
 * an expense of the year booked, with the costs not passed on, to be checked. Any other payment waits
 * for its receipt — counted from the bank line as well it would count twice once the receipt comes
 * (an annual bill over the Abschläge) — and is listed apart, not summed.
 */
export function bankCostParts(lines: readonly BankCost[]): { parts: ExpensePart[]; waiting: BankCost[] } {
  const parts: ExpensePart[] = [];
  const waiting: BankCost[] = [];
  for (const b of lines) {
    if (!ACCOUNT_FEES.test(`${b.reference} ${b.counterpartyName}`)) {
      waiting.push(b);
      continue;
    }
    parts.push({
      key: 'otherCosts',
      year: Number(b.bookingDate.slice(0, 4)),
      sure: false,
      source: {
        kind: 'bank',
        id: b.transactionId,
        date: b.bookingDate,
        party: b.counterpartyName || b.reference,
        month: null,
        cents: -b.amountCents,
        paidCents: null,
        note: `Kontoführung laut Kontoauszug${b.reference ? ` („${b.reference.slice(0, 60)}“)` : ''} – bitte prüfen`,
      },
    });
  }
  return { parts, waiting };
}
