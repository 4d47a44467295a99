// The billing period as the statement prints it (spec §9).

import { daysInclusive, isIsoDate, monthsInclusive, oneYearPeriodEnd } from '../dates';
import { formatDateDe } from '../money';

/** The statement prints a 365-day year, leap years included (spec §9). */
export const DAYS_IN_YEAR = 365;

export interface PeriodView {
  start: string;
  end: string;
  startLabel: string;
  endLabel: string;
  /** '01.01.2024 – 31.12.2024', or '' while incomplete. */
  label: string;
  /** Year of the period end (file name, payment reference); null while incomplete. */
  year: number | null;
  daysInYear: number;
  daysInPeriod: number;
  monthsInPeriod: number;
  longerThanTwelveMonths: boolean;
}

export function computePeriod(start: string, end: string): PeriodView {
  const complete = isIsoDate(start) && isIsoDate(end) && end >= start;
  const startLabel = isIsoDate(start) ? formatDateDe(start) : '';
  const endLabel = isIsoDate(end) ? formatDateDe(end) : '';
  return {
    start,
    end,
    startLabel,
    endLabel,
    label: complete ? `${startLabel} – ${endLabel}` : '',
    year: isIsoDate(end) ? Number(end.slice(0, 4)) : null,
    daysInYear: DAYS_IN_YEAR,
    daysInPeriod: complete ? daysInclusive(start, end) : 0,
    monthsInPeriod: complete ? monthsInclusive(start, end) : 0,
    longerThanTwelveMonths: complete && end > oneYearPeriodEnd(start),
  };
}
