// Late rent by the law (docs/domain/late-rent.md): which of a tenancy's months are open after their
// due day and the grace days, the default interest on each (§ 288 BGB) by the day, also on a month
// paid late, and whether the arrears reach the threshold of a notice without warning.

import type { RentAccount } from '../bank/rent-account';
import { addDays, toDayNumber } from '../dates';
import { BASE_RATES, baseRateOn, baseRatesKnownUntil } from './base-rate';
import { rentDueDate } from './due-date';
import type { Land } from './holidays';

export interface LateRentOptions {
  /** The last day the bank files speak of: what is open is open as of this day. */
  asOf: string;
  /** Days after the due day a payment still counts as on time (the bank's booking lag). */
  graceDays: number;
  /** Points over the Basiszinssatz: 5 for a residential tenant, 9 where no consumer is involved. */
  points: 5 | 9;
  /** The Länder whose holidays move the due day (the property's, from its postal code). */
  lands: readonly Land[];
}

export interface LateMonth {
  month: string;
  dueDate: string;
  dueCents: number;
  openCents: number;
  interestCents: number;
}

export interface LateRent {
  /** Months open after their due day and grace, and months paid late (they carry interest). */
  months: LateMonth[];
  openCents: number;
  interestCents: number;
  /** The due day of the oldest month still open; null when nothing is open. */
  lateSince: string | null;
  /** The day interest is counted to: `asOf`, or the last day a published Basiszinssatz covers. */
  interestUntil: string;
  /** Two months in a row open by more than a month's rent, or two months' rent open in all. */
  noticeThreshold: boolean;
}

/** Phase 1: when each bank line paid into a month; a line within the grace days counts as on time. */
function paymentsOf(lines: RentAccount['months'][number]['lines'], dates: ReadonlyMap<string, string>) {
  return lines.map((l) => ({ day: dates.get(l.transactionId) ?? '', cents: l.cents }));
}

/** Phase 2: interest on what was open each day from the day after the due day to `until` (inclusive). */
function interestOf(
  dueCents: number,
  dueDate: string,
  payments: ReadonlyArray<{ day: string; cents: number }>,
  until: string,
  points: number,
): number {
  const start = addDays(dueDate, 1);
  const end = addDays(until, 1);
  if (start >= end) return 0;
  const cuts = [
    start,
    end,
    ...payments.map((p) => p.day).filter((d) => d > start && d < end),
    ...BASE_RATES.map((r) => r.from).filter((d) => d > start && d < end),
  ];
  const days = [...new Set(cuts)].sort();
  let interest = 0;
  for (let i = 0; i + 1 < days.length; i++) {
    const from = days[i] as string;
    const to = days[i + 1] as string;
    const open = dueCents - payments.filter((p) => p.day <= from).reduce((s, p) => s + p.cents, 0);
    const base = baseRateOn(from);
    if (open <= 0 || base === null) continue;
    interest += (open * (base + points) * (toDayNumber(to) - toDayNumber(from))) / 100 / 365;
  }
  return Math.round(interest);
}

/** Phase 3: § 543 Abs. 2 Nr. 3 with § 569 Abs. 3 Nr. 1 BGB, measured on the months open. */
function reachesNoticeThreshold(months: readonly LateMonth[]): boolean {
  const open = months.filter((m) => m.openCents > 0);
  const monthly = open.at(-1)?.dueCents ?? 0;
  if (monthly <= 0) return false;
  const inRow = open.some((m, i) => {
    const next = open[i + 1];
    return next !== undefined && next.month === nextMonth(m.month) && m.openCents + next.openCents > monthly;
  });
  return inRow || open.reduce((s, m) => s + m.openCents, 0) >= 2 * monthly;
}

const nextMonth = (month: string) => addDays(`${month}-28`, 7).slice(0, 7);

/** A tenancy's late rent as of the bank files' last day. `dates`: each bank line's booking day. */
export function lateRent(
  account: RentAccount,
  dates: ReadonlyMap<string, string>,
  options: LateRentOptions,
): LateRent {
  const known = addDays(baseRatesKnownUntil(), -1);
  const interestUntil = options.asOf < known ? options.asOf : known;
  const months: LateMonth[] = [];
  for (const m of account.months) {
    const dueDate = rentDueDate(m.month, options.lands);
    const onTimeUntil = addDays(dueDate, options.graceDays);
    if (onTimeUntil >= options.asOf) continue;
    const dueCents = m.due.prepaymentCents + m.due.rentCents;
    const payments = paymentsOf(m.lines, dates).map((p) =>
      p.day <= onTimeUntil ? { ...p, day: dueDate } : p,
    );
    const interestCents = interestOf(dueCents, dueDate, payments, interestUntil, options.points);
    if (m.openCents > 0 || interestCents > 0)
      months.push({ month: m.month, dueDate, dueCents, openCents: m.openCents, interestCents });
  }
  const open = months.filter((m) => m.openCents > 0);
  return {
    months,
    openCents: open.reduce((s, m) => s + m.openCents, 0),
    interestCents: months.reduce((s, m) => s + m.interestCents, 0),
    lateSince: open[0]?.dueDate ?? null,
    interestUntil,
    noticeThreshold: reachesNoticeThreshold(months),
  };
}
