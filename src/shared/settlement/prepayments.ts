// Agreed prepayments for the occupied days: Σ over months of monthly × occupied days ÷ days of
// that month, exact until one half-up rounding at the end (domain.md §1).

import { divideRoundHalfUp } from '../statement/allocation';
import type { Stretch } from './occupancy';

/** Lowest common multiple of 28, 29, 30 and 31: every day's fraction of a month is a whole multiple of 1/LCM. */
const LCM = 377_580n;
const MS_PER_DAY = 86_400_000;

export function agreedPrepaymentCents(stretches: Stretch[]): number {
  let numerator = 0n;
  for (const s of stretches) {
    let first = s.first;
    while (first <= s.last) {
      const date = new Date(first * MS_PER_DAY);
      const year = date.getUTCFullYear();
      const month = date.getUTCMonth();
      const monthLast = Date.UTC(year, month + 1, 0) / MS_PER_DAY;
      const daysInMonth = new Date(monthLast * MS_PER_DAY).getUTCDate();
      const last = Math.min(monthLast, s.last);
      numerator += BigInt(s.monthlyPrepaymentCents) * BigInt(last - first + 1) * (LCM / BigInt(daysInMonth));
      first = last + 1;
    }
  }
  return Number(divideRoundHalfUp(numerator, LCM));
}
