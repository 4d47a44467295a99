// Calendar dates as ISO strings 'YYYY-MM-DD'. Arithmetic runs on UTC day numbers, so time zones
// and daylight saving never shift a date.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

export function parseIsoDate(value: string): DateParts | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

function dayNumber(p: DateParts): number {
  return Date.UTC(p.year, p.month - 1, p.day) / MS_PER_DAY;
}

/** Days since 1970-01-01 of an ISO date: plain integers for day arithmetic in loops. */
export function toDayNumber(iso: string): number {
  return dayNumber(requireDate(iso));
}

/**
 * The calendar date of a day number, in integer arithmetic (H. Hinnant's civil_from_days): the
 * settlement engine converts thousands of days per run, and a Date object each costs ten times more.
 */
export function civilFromDayNumber(n: number): DateParts {
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function fromDayNumber(n: number): string {
  const { year, month, day } = civilFromDayNumber(n);
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** Days of a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function requireDate(value: string): DateParts {
  const p = parseIsoDate(value);
  if (!p) throw new Error(`Not an ISO date: ${value}`);
  return p;
}

export function addDays(iso: string, days: number): string {
  return fromDayNumber(dayNumber(requireDate(iso)) + days);
}

/** Days from start to end, both included (same day: 1). */
export function daysInclusive(start: string, end: string): number {
  return dayNumber(requireDate(end)) - dayNumber(requireDate(start)) + 1;
}

/** Calendar months touched from start to end: the month difference plus one (spec §9). */
export function monthsInclusive(start: string, end: string): number {
  const s = requireDate(start);
  const e = requireDate(end);
  return (e.year - s.year) * 12 + (e.month - s.month) + 1;
}

/** Last day of a one-year period starting on `start` (2024-01-01 → 2024-12-31, 2024-02-29 → 2025-02-28). */
export function oneYearPeriodEnd(start: string): string {
  const s = requireDate(start);
  // Date.UTC rolls 29 Feb of a common year over to 1 March; the day before is then 28 Feb.
  return fromDayNumber(Date.UTC(s.year + 1, s.month - 1, s.day) / MS_PER_DAY - 1);
}

const berlinDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date of an instant in Germany, e.g. the "today" of a statement. */
export function isoDateInBerlin(instant: Date): string {
  return berlinDate.format(instant);
}
