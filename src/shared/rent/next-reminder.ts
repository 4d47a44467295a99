// Which letter a tenant with open rent needs next, and from when (docs/domain/late-rent.md): a
// Zahlungserinnerung once a month is late, the next level once the last letter's day to pay has
// passed with rent still open; nothing while a letter's day to pay runs or a Mahnsperre holds.

import { addDays, isoDateInBerlin } from '../dates';

export interface NextReminder {
  level: 1 | 2 | 3;
  /** The first day the letter is due (ISO). */
  due: string;
  /** After a letzte Mahnung that went unpaid: no further letter, the landlord decides further steps. */
  afterLast: boolean;
}

export function nextReminder(
  late: { openCents: number; lateSince: string | null; paused: boolean },
  last: { level: 1 | 2 | 3; createdAt: string; payBy: string } | null,
  graceDays: number,
): NextReminder | null {
  if (late.openCents <= 0 || !late.lateSince || late.paused) return null;
  const lateFrom = addDays(late.lateSince, graceDays + 1);
  // a letter made before the oldest open month became late speaks of other months
  if (!last || isoDateInBerlin(new Date(last.createdAt)) < lateFrom)
    return { level: 1, due: lateFrom, afterLast: false };
  const due = addDays(last.payBy, 1);
  return {
    level: last.level === 3 ? 3 : ((last.level + 1) as 2 | 3),
    due,
    afterLast: last.level === 3,
  };
}
