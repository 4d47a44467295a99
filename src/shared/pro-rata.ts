// A billing period shorter than twelve months (a house bought or sold in the year, the first year
// of a tenancy) may only carry the costs of those days. Invoices usually cover a whole year, so
// the landlord is offered to scale them by days in the period / days in the year.

import { addDays, daysInclusive, daysInMonth, isIsoDate, parseIsoDate } from './dates';

export interface ShortPeriod {
  daysInPeriod: number;
  /** Days of the twelve months ending on the period's last day (366 when they hold a 29 February). */
  daysInYear: number;
}

/** First day of the twelve months that end on `end` (2024-12-31 → 2024-01-01, 2024-02-29 → 2023-03-01). */
function yearStartEndingOn(end: string): string {
  const e = parseIsoDate(end);
  if (!e) throw new Error(`Not an ISO date: ${end}`);
  const day = Math.min(e.day, daysInMonth(e.year - 1, e.month));
  const sameDayLastYear = `${e.year - 1}-${String(e.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return addDays(sameDayLastYear, 1);
}

/** The period's days against its year when it is complete and shorter than twelve months; else null. */
export function shortPeriod(start: string, end: string): ShortPeriod | null {
  if (!isIsoDate(start) || !isIsoDate(end) || end < start) return null;
  const daysInPeriod = daysInclusive(start, end);
  const daysInYear = daysInclusive(yearStartEndingOn(end), end);
  return daysInPeriod < daysInYear ? { daysInPeriod, daysInYear } : null;
}

/** An annual amount's share of the period, to the cent (half away from zero). */
export function proRataCents(cents: number, period: ShortPeriod): number {
  const share = Math.round((Math.abs(cents) * period.daysInPeriod) / period.daysInYear);
  return cents < 0 ? -share : share;
}
