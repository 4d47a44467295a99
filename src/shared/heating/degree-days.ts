// §9b HeizkostenV: without an interim reading, a unit's heating consumption is split between the
// occupants by degree days (‰ of a year per month, within a month by days; June to August share their
// 40 ‰ over all their 92 days) and its hot water by days.

import { civilFromDayNumber, daysInMonth } from '../dates';

/** ‰ of a year, January first; June–August are one pool. */
const PERMILLE = [170, 150, 130, 80, 40, 0, 0, 0, 30, 80, 120, 160] as const;
const SUMMER_PERMILLE = 40;
const SUMMER_DAYS = 92;
/** lcm(28, 29, 30, 31, 92): every day's weight is a whole number. */
const SCALE = 8_684_340n;

/** The degree-day weight of one day. */
export function degreeDayWeight(day: number): bigint {
  const { year, month } = civilFromDayNumber(day);
  if (month >= 6 && month <= 8) return (BigInt(SUMMER_PERMILLE) * SCALE) / BigInt(SUMMER_DAYS);
  return (BigInt(PERMILLE[month - 1] ?? 0) * SCALE) / BigInt(daysInMonth(year, month));
}

/** The degree-day weight of a stretch of days (first and last included). */
export function degreeDays(first: number, last: number): bigint {
  let total = 0n;
  for (let d = first; d <= last; d++) total += degreeDayWeight(d);
  return total;
}

/** One ‰ of a year in the weights above (a whole year is 1000 × this). */
export const DEGREE_DAY_PERMILLE = SCALE;
