// The deposit (Kaution) by § 551 BGB (docs/domain/deposits.md), in named phases: the cap, the three
// instalments, what it has grown to with its interest, the part kept back for a settlement not yet
// made (BGH VIII ZR 71/05) and what is paid out at the end.

import { splitByWeights } from '../arithmetic/largest-remainder';
import { addDays, toDayNumber } from '../dates';
import { rentDueDate } from './due-date';
import type { Land } from './holidays';

export interface DepositPayment {
  date: string;
  cents: number;
}

/** At most three months' Nettokaltmiete (§ 551 Abs. 1 BGB). */
export const depositCapCents = (monthlyRentCents: number) => 3 * monthlyRentCents;

/**
 * Phase 1: three equal monthly instalments (§ 551 Abs. 2 BGB), the first at the start of the tenancy,
 * the others with the next two rents (their due day); a cent left over goes to the first ones.
 */
export function depositInstalments(
  agreedCents: number,
  start: string,
  lands: readonly Land[] = [],
): DepositPayment[] {
  const parts = splitByWeights(agreedCents, [1n, 1n, 1n], 3n);
  const month = (offset: number) => {
    const [year, m] = [Number(start.slice(0, 4)), Number(start.slice(5, 7)) - 1 + offset];
    return `${year + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
  };
  return parts.map((cents, i) => ({ date: i === 0 ? start : rentDueDate(month(i), lands), cents }));
}

/** A payment into the deposit: from the bank files (its booking) or as the landlord entered it. */
export interface ReceivedPayment extends DepositPayment {
  source: 'bank' | 'entered';
  transactionId?: string;
}

/** An entered payment is the bank's booking of the same amount within this many days. */
const SAME_PAYMENT_DAYS = 10;

/**
 * Phase 1b: what came in. The bank files' bookings matched as the deposit count as booked; a payment
 * the landlord entered counts unless a booking of the same amount lies within ten days of it — then it
 * is that booking, entered before the bank file came (never counted twice). A returned booking is
 * negative and lowers what came in.
 */
export function receivedPayments(
  entered: readonly DepositPayment[],
  booked: ReadonlyArray<DepositPayment & { transactionId: string }>,
): ReceivedPayment[] {
  const unclaimed = [...booked];
  const ownEntered = entered.filter((p) => {
    const same = unclaimed.findIndex(
      (b) => b.cents === p.cents && Math.abs(toDayNumber(b.date) - toDayNumber(p.date)) <= SAME_PAYMENT_DAYS,
    );
    if (same < 0) return true;
    unclaimed.splice(same, 1);
    return false;
  });
  return [
    ...booked.map((b) => ({ ...b, source: 'bank' as const })),
    ...ownEntered.map((p) => ({ ...p, source: 'entered' as const })),
  ].sort((a, b) => a.date.localeCompare(b.date));
}

export interface DepositBalance {
  paidCents: number;
  /** Interest credited at each year's end, and what has accrued in the running year to `asOf`. */
  interestCents: number;
  balanceCents: number;
  years: Array<{ year: number; interestCents: number }>;
}

/**
 * Phase 2: the deposit with its interest (§ 551 Abs. 3 BGB: the tenant's, it raises the security). The
 * rate is a year's, in basis points; interest by the day (actual days over 365) on what stood each day,
 * credited at each year's end, the running year's to `asOf` (inclusive) at the end.
 */
export function depositBalance(
  payments: readonly DepositPayment[],
  rateBp: number,
  asOf: string,
): DepositBalance {
  const paid = [...payments].filter((p) => p.date <= asOf).sort((a, b) => a.date.localeCompare(b.date));
  const paidCents = paid.reduce((s, p) => s + p.cents, 0);
  const first = paid[0]?.date;
  if (!first) return { paidCents: 0, interestCents: 0, balanceCents: 0, years: [] };
  const years: DepositBalance['years'] = [];
  let balance = 0;
  for (let year = Number(first.slice(0, 4)); year <= Number(asOf.slice(0, 4)); year++) {
    const from = `${year}-01-01`;
    const to = year === Number(asOf.slice(0, 4)) ? addDays(asOf, 1) : `${year + 1}-01-01`;
    // the balance at the year's start, then each payment from its day (interest from the day after)
    const cuts = [from, ...paid.map((p) => addDays(p.date, 1)).filter((d) => d > from && d < to), to];
    let interest = 0;
    for (let i = 0; i + 1 < cuts.length; i++) {
      const start = cuts[i] as string;
      const standing =
        balance +
        paid.filter((p) => p.date >= from && addDays(p.date, 1) <= start).reduce((s, p) => s + p.cents, 0);
      interest +=
        (standing * rateBp * (toDayNumber(cuts[i + 1] as string) - toDayNumber(start))) / 10_000 / 365;
    }
    balance += paid.filter((p) => p.date >= from && p.date < to).reduce((s, p) => s + p.cents, 0);
    const credited = Math.round(interest);
    balance += credited;
    years.push({ year, interestCents: credited });
  }
  const interestCents = years.reduce((s, y) => s + y.interestCents, 0);
  return { paidCents, interestCents, balanceCents: balance, years };
}

/**
 * Phase 3: the part to keep for the settlement of the days not yet settled, measured by the past ones
 * (BGH VIII ZR 71/05): their Nachzahlungen and Guthaben per day, times those days, in whole euros up;
 * nothing where they gave credits on balance; null without any past settlement to measure by.
 */
export function retainedProposal(
  past: ReadonlyArray<{ days: number; balanceCents: number }>,
  unsettledDays: number,
): number | null {
  const days = past.reduce((s, p) => s + p.days, 0);
  if (days <= 0) return null;
  const perDay = past.reduce((s, p) => s + p.balanceCents, 0) / days;
  if (perDay <= 0 || unsettledDays <= 0) return 0;
  return Math.ceil((perDay * unsettledDays) / 100) * 100;
}

/** Phase 4: what the tenant gets back; negative: what he still owes beyond the deposit. */
export function depositPayout(s: {
  balanceCents: number;
  openRentCents: number;
  claims: ReadonlyArray<{ cents: number }>;
  retainedCents: number;
}): number {
  return s.balanceCents - s.openRentCents - s.claims.reduce((sum, c) => sum + c.cents, 0) - s.retainedCents;
}

/** The days from the day after the last settled period (or the start) to the move-out, inclusive. */
export function unsettledDays(lastSettledEnd: string | null, start: string | null, moveOut: string): number {
  const from = lastSettledEnd ? addDays(lastSettledEnd, 1) : start;
  if (!from || from > moveOut) return 0;
  return toDayNumber(moveOut) - toDayNumber(from) + 1;
}
