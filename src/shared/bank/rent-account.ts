// A tenancy's account (Mietkonto) month by month: what was due (rent and prepayment), what the bank
// file says was paid, and what is open. Payments are allocated by the law (docs/domain/bank-files.md): a payment
// that names its months settles those; one of exactly a month's due settles its month; anything else
// goes to the open prepayments first, then to the rent, older months first (§ 366 Abs. 2 BGB,
// BGH VIII ZR 68/17).

import { daysInclusive } from '../dates';

export interface RentAccountTenancy {
  start: string | null;
  end: string | null;
  monthlyPrepaymentCents: number;
  monthlyRentCents: number | null;
  changes: ReadonlyArray<{ from: string; monthlyPrepaymentCents?: number; monthlyRentCents?: number }>;
}

export interface RentAccountPayment {
  id: string;
  bookingDate: string;
  amountCents: number;
  /** The months the payment names ("2025-03"), or none. */
  months?: readonly string[];
  /** A returned booking (Rückbuchung): the payment it returns, which then never paid anything. */
  reverses?: string | null;
}

export interface RentAccountMonth {
  month: string;
  due: { prepaymentCents: number; rentCents: number };
  paid: { prepaymentCents: number; rentCents: number };
  openCents: number;
  /** The bank lines that paid into this month, with the part of each (and how it split). */
  lines: Array<{ transactionId: string; cents: number; prepaymentCents: number; rentCents: number }>;
}

export interface RentAccount {
  months: RentAccountMonth[];
  /** Paid beyond everything due in the range (an overpayment, kept for later months). */
  creditCents: number;
}

const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y ?? 0, m ?? 1, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
};

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return (m ?? 1) === 12 ? `${(y ?? 0) + 1}-01` : `${y}-${String((m ?? 0) + 1).padStart(2, '0')}`;
};

/** The amounts due a month on its first day (or the tenancy's first day), changes applied. */
export function monthlyOn(t: RentAccountTenancy, day: string) {
  let prepayment = t.monthlyPrepaymentCents;
  let rent = t.monthlyRentCents ?? 0;
  for (const c of [...t.changes].sort((a, b) => (a.from < b.from ? -1 : 1))) {
    if (c.from > day) break;
    prepayment = c.monthlyPrepaymentCents ?? prepayment;
    rent = c.monthlyRentCents ?? rent;
  }
  return { prepayment, rent };
}

/** The months from `from` to `to` (both "YYYY-MM") the tenancy runs in, with their dues (pro rata by day). */
function dues(t: RentAccountTenancy, from: string, to: string): RentAccountMonth[] {
  const months: RentAccountMonth[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) {
    const first = `${month}-01`;
    const last = monthEnd(month);
    const start = t.start !== null && t.start > first ? t.start : first;
    const end = t.end !== null && t.end < last ? t.end : last;
    if (start > end) continue;
    const share = (cents: number) =>
      Math.round((cents * daysInclusive(start, end)) / daysInclusive(first, last));
    const { prepayment, rent } = monthlyOn(t, start);
    months.push({
      month,
      due: { prepaymentCents: share(prepayment), rentCents: share(rent) },
      paid: { prepaymentCents: 0, rentCents: 0 },
      openCents: 0,
      lines: [],
    });
  }
  return months;
}

/** Puts up to `cents` into the month: its prepayment first, then its rent. Answers what is left. */
function settle(
  month: RentAccountMonth,
  transactionId: string,
  cents: number,
  part?: 'prepayment' | 'rent',
): number {
  let left = cents;
  for (const kind of part ? [part] : (['prepayment', 'rent'] as const)) {
    const key = kind === 'prepayment' ? 'prepaymentCents' : 'rentCents';
    const take = Math.min(left, month.due[key] - month.paid[key]);
    if (take <= 0) continue;
    month.paid[key] += take;
    left -= take;
    let line = month.lines.find((l) => l.transactionId === transactionId);
    if (!line) {
      line = { transactionId, cents: 0, prepaymentCents: 0, rentCents: 0 };
      month.lines.push(line);
    }
    line.cents += take;
    line[key] += take;
  }
  return left;
}

const openOf = (m: RentAccountMonth) =>
  m.due.prepaymentCents + m.due.rentCents - m.paid.prepaymentCents - m.paid.rentCents;

/**
 * The account over the months `from` to `to`, the payments allocated in the order they were booked.
 * A refund (money out to the tenant) is not a payment and is left out; a payment the bank returned
 * (a reversal names it) paid nothing, so its months are open again.
 */
export function rentAccount(
  t: RentAccountTenancy,
  payments: readonly RentAccountPayment[],
  range: { from: string; to: string },
): RentAccount {
  const months = dues(t, range.from, range.to);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  let creditCents = 0;
  const returned = new Set(payments.flatMap((p) => (p.reverses ? [p.reverses] : [])));
  const ordered = [...payments]
    .filter((p) => p.amountCents > 0 && !returned.has(p.id))
    .sort((a, b) => (a.bookingDate < b.bookingDate ? -1 : 1));
  for (const p of ordered) {
    let left = p.amountCents;
    // what the payment names (a Tilgungsbestimmung), else a month's exact due pays that month
    const own = byMonth.get(p.bookingDate.slice(0, 7));
    const named = (p.months ?? []).flatMap((m) => byMonth.get(m) ?? []);
    const tacit = own && named.length === 0 && openOf(own) > 0 && openOf(own) === left ? [own] : [];
    for (const m of [...named, ...tacit]) left = settle(m, p.id, left);
    // § 366(2) over the months due by then: open prepayments first (older months first), then the rent
    const booked = p.bookingDate.slice(0, 7);
    for (const part of ['prepayment', 'rent'] as const) {
      for (const m of months) if (left > 0 && m.month <= booked) left = settle(m, p.id, left, part);
    }
    // paid in advance: the months to come, in order
    for (const m of months) if (left > 0 && m.month > booked) left = settle(m, p.id, left);
    creditCents += left;
  }
  for (const m of months) m.openCents = openOf(m);
  return { months, creditCents };
}

/** The prepayments the bank says were paid for the months of a period. */
export function prepaymentsPaidIn(account: RentAccount, period: { start: string; end: string }): number {
  return account.months
    .filter((m) => `${m.month}-01` <= period.end && monthEnd(m.month) >= period.start)
    .reduce((s, m) => s + m.paid.prepaymentCents, 0);
}
