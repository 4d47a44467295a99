// The income side of a property's tax year from the bank files (docs/domain/tax-year.md): each tenant
// payment as the tenancy's account allocated it to months, counted in the year it was received — or,
// by the 10-day rule, in the year of its month — and summed into the Anlage V's income figures, each
// with the bank lines behind it.

import type { RentAccount } from '../bank/rent-account';
import { rentDueDate } from '../rent/due-date';

export interface TaxPayment {
  id: string;
  bookingDate: string;
  amountCents: number;
  /** A returned booking (Rückbuchung): the payment it returns, which was then never received. */
  reverses: string | null;
}

export interface TaxTenancy {
  id: string;
  name: string;
  /** The tenancy's account over every month the payments could be for. */
  account: RentAccount;
  payments: readonly TaxPayment[];
}

export type IncomeKey = 'rent' | 'prepayments' | 'refunds' | 'beyondDue';

export interface IncomeSource {
  transactionId: string;
  bookingDate: string;
  tenancyId: string;
  tenantName: string;
  /** The month the part paid ("2025-03"); null for money beyond everything due, and for a refund. */
  month: string | null;
  cents: number;
  /** Why a part counts in another year than it was booked in. */
  note: string | null;
}

export interface IncomeFigure {
  key: IncomeKey;
  label: string;
  cents: number;
  /** False where the kind of the money is a guess the landlord should confirm. */
  sure: boolean;
  sources: IncomeSource[];
}

const LABELS: Record<IncomeKey, string> = {
  rent: 'Mieteinnahmen (Kaltmiete)',
  prepayments: 'Umlagen: Vorauszahlungen',
  refunds: 'Umlagen: ausgezahlte Guthaben',
  beyondDue: 'Zahlungen über das Fällige hinaus (z. B. Nachzahlungen) – Art bitte prüfen',
};

/** Whether the day is within the 10 days either side of the New Year that starts `year`. */
const nearNewYear = (date: string, year: number) => date >= `${year - 1}-12-22` && date <= `${year}-01-10`;

/**
 * The calendar year a payment for `month` booked on `bookingDate` counts in: the year received,
 * unless it was received and due within 10 days of the New Year next to its month's year
 * (§ 11 Abs. 1 S. 2 EStG), then its month's.
 */
export function inflowYear(bookingDate: string, month: string | null): number {
  const received = Number(bookingDate.slice(0, 4));
  if (month === null) return received;
  const belongs = Number(month.slice(0, 4));
  if (Math.abs(belongs - received) !== 1) return received;
  const newYear = Math.max(belongs, received);
  return nearNewYear(bookingDate, newYear) && nearNewYear(rentDueDate(month), newYear) ? belongs : received;
}

interface Part extends IncomeSource {
  key: IncomeKey;
}

/** Phase 1: every tenant payment split into the parts the account gave its months, and what was left. */
function partsOf(t: TaxTenancy): Part[] {
  const byId = new Map(t.payments.map((p) => [p.id, p]));
  const returned = new Set(t.payments.flatMap((p) => (p.reverses ? [p.reverses] : [])));
  const part = (key: IncomeKey, p: TaxPayment, month: string | null, cents: number): Part => ({
    key,
    transactionId: p.id,
    bookingDate: p.bookingDate,
    tenancyId: t.id,
    tenantName: t.name,
    month,
    cents,
    note: null,
  });
  const parts: Part[] = [];
  const allocated = new Map<string, number>();
  for (const m of t.account.months)
    for (const line of m.lines) {
      const p = byId.get(line.transactionId);
      if (!p) continue;
      if (line.rentCents > 0) parts.push(part('rent', p, m.month, line.rentCents));
      if (line.prepaymentCents > 0) parts.push(part('prepayments', p, m.month, line.prepaymentCents));
      allocated.set(p.id, (allocated.get(p.id) ?? 0) + line.cents);
    }
  for (const p of t.payments) {
    if (p.reverses || returned.has(p.id)) continue;
    if (p.amountCents < 0) parts.push(part('refunds', p, null, p.amountCents));
    else {
      const left = p.amountCents - (allocated.get(p.id) ?? 0);
      if (left > 0) parts.push(part('beyondDue', p, null, left));
    }
  }
  return parts;
}

/** Phase 2: the year each part counts in, with the reason where it is not the year it was booked. */
function withYear(part: Part): Part & { year: number } {
  const year = inflowYear(part.bookingDate, part.month);
  const booked = Number(part.bookingDate.slice(0, 4));
  return {
    ...part,
    year,
    note: year === booked ? null : `10-Tage-Regel (§ 11 Abs. 1 S. 2 EStG): gehört zu ${year}`,
  };
}

/** The year's income figures (all four, zero where nothing was received), each with its bank lines. */
export function taxYearIncome(year: number, tenancies: readonly TaxTenancy[]): IncomeFigure[] {
  const parts = tenancies
    .flatMap(partsOf)
    .map(withYear)
    .filter((p) => p.year === year)
    .sort((a, b) => (a.bookingDate < b.bookingDate ? -1 : a.bookingDate > b.bookingDate ? 1 : 0));
  return (Object.keys(LABELS) as IncomeKey[]).map((key) => {
    const own = parts.filter((p) => p.key === key);
    return {
      key,
      label: LABELS[key],
      cents: own.reduce((sum, p) => sum + p.cents, 0),
      sure: key !== 'beyondDue',
      sources: own.map(({ key: _key, year: _year, ...source }) => source),
    };
  });
}
