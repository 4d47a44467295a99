// § 560 Abs. 4 BGB: the monthly prepayment a final statement suggests. The tenant's share scaled to
// twelve months (a part-year tenancy by its days; its heating by degree days, since a January–April
// tenancy used far more than a third of a year's heat), divided by 12, rounded half-up to whole
// euros; no safety surcharge (BGH VIII ZR 294/10).

import { divideRoundHalfUp } from '../arithmetic/rounding';
import { addDays, daysInclusive, oneYearPeriodEnd, parseIsoDate } from '../dates';
import { DEGREE_DAY_PERMILLE, degreeDays } from '../heating/degree-days';

export interface ProposalInput {
  /** The tenant's share of the costs in the period (before prepayments). */
  shareCents: number;
  /** The tenancy's days in the period. */
  days: number;
  periodStart: string;
  /** The heating row's part of the share and the tenancy's days as day numbers (first, last). */
  heating?: { cents: number; first: number; last: number };
}

/** The days of the year that starts with the period (365 or 366). */
export function yearDaysFrom(periodStart: string): number {
  return daysInclusive(periodStart, oneYearPeriodEnd(periodStart));
}

/**
 * (share − heating) × days of the year ÷ own days, plus heating × a year's degree days ÷ the own
 * days' degree days, ÷ 12, in whole euros (as cents); 0 without days or share.
 */
export function proposedMonthlyCents({ shareCents, days, periodStart, heating }: ProposalInput): number {
  if (days <= 0 || shareCents <= 0) return 0;
  const byDegreeDays = heating ? degreeDays(heating.first, heating.last) : 0n;
  const heatingCents = heating && byDegreeDays > 0n ? heating.cents : 0;
  // yearly amount as a fraction over days × own degree days, so nothing is rounded before the end
  const dd = byDegreeDays > 0n ? byDegreeDays : 1n;
  const yearly =
    BigInt(shareCents - heatingCents) * BigInt(yearDaysFrom(periodStart)) * dd +
    BigInt(heatingCents) * 1000n * DEGREE_DAY_PERMILLE * BigInt(days);
  return Number(divideRoundHalfUp(yearly, BigInt(days) * dd * 12n * 100n)) * 100;
}

/** Days a letter is expected to take to arrive (as § 122 Abs. 2 AO presumes since 2025). */
export const EXPECTED_DELIVERY_DAYS = 4;

export function expectedReceipt(today: string): string {
  return addDays(today, EXPECTED_DELIVERY_DAYS);
}

/** The first day of the month after the letter's receipt: when the new prepayment applies. */
export function effectiveFrom(receivedOn: string): string {
  const d = parseIsoDate(receivedOn);
  if (!d) throw new Error(`invalid date ${receivedOn}`);
  const year = d.month === 12 ? d.year + 1 : d.year;
  const month = d.month === 12 ? 1 : d.month + 1;
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

/** The monthly prepayment agreed on `day`: the base value with every change from on or before it. */
export function monthlyPrepaymentOn(
  tenancy: {
    monthlyPrepaymentCents: number;
    changes: ReadonlyArray<{ from: string; monthlyPrepaymentCents?: number }>;
  },
  day: string,
): number {
  let value = tenancy.monthlyPrepaymentCents;
  for (const change of [...tenancy.changes].sort((a, b) => (a.from < b.from ? -1 : 1))) {
    if (change.from <= day && change.monthlyPrepaymentCents !== undefined)
      value = change.monthlyPrepaymentCents;
  }
  return value;
}
