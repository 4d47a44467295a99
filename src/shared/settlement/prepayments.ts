// Agreed prepayments for the occupied days: Σ over months of monthly × occupied days ÷ days of
// that month, exact until one half-up rounding at the end (docs/domain/statement.md).

import { divideRoundHalfUp } from '../arithmetic/rounding';
import { civilFromDayNumber, daysInMonth } from '../dates';
import type { Stretch } from './occupancy';

/** Lowest common multiple of 28, 29, 30 and 31: every day's fraction of a month is a whole multiple of 1/LCM. */
const LCM = 377_580n;

export function agreedPrepaymentCents(stretches: Stretch[]): number {
  let numerator = 0n;
  for (const s of stretches) {
    let first = s.first;
    while (first <= s.last) {
      const { year, month, day } = civilFromDayNumber(first);
      const length = daysInMonth(year, month);
      const last = Math.min(first + length - day, s.last);
      numerator += BigInt(s.monthlyPrepaymentCents) * BigInt(last - first + 1) * (LCM / BigInt(length));
      first = last + 1;
    }
  }
  return Number(divideRoundHalfUp(numerator, LCM));
}
