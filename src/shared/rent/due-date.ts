// When a month's rent is due (docs/domain/late-rent.md).

import { holidaysIn, type Land } from './holidays';

/**
 * The day a month's rent is due: its 3rd Werktag, Monday to Friday, not counting the public holidays
 * nationwide and of the Länder given (§ 556b Abs. 1 BGB; BGH VIII ZR 129/09 for the Saturday).
 */
export function rentDueDate(month: string, lands: readonly Land[] = []): string {
  const holidays = holidaysIn(Number(month.slice(0, 4)), lands);
  let workdays = 0;
  for (let day = 1; ; day++) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !holidays.has(date)) workdays++;
    if (workdays === 3) return date;
  }
}
