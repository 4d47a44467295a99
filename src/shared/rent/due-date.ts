// When a month's rent is due (docs/domain/late-rent.md).

// Holidays in every Land that fall on the first days of a month; the moveable ones (Easter, Whitsun)
// and a Land's own are not known here — the grace days for the bank's booking lag cover them.
const HOLIDAYS = new Set(['01-01', '05-01', '10-03', '12-25', '12-26']);

/** The day a month's rent is due: its 3rd Werktag, Monday to Friday (§ 556b Abs. 1 BGB). */
export function rentDueDate(month: string): string {
  let workdays = 0;
  for (let day = 1; ; day++) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(date.slice(5))) workdays++;
    if (workdays === 3) return date;
  }
}
