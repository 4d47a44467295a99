// The §556(3) BGB deadline of a utility-cost statement: it must reach the tenant by the end of the
// 12th month after the period ends (docs/domain/statement.md). Pure date arithmetic for browser and server.

import { addDays, isIsoDate, oneYearPeriodEnd, toDayNumber } from './dates';

/** Deadlines this close (days) are shown as due. */
export const DUE_SOON_DAYS = 60;

export type DeadlineState = 'overdue' | 'due' | 'open';

/**
 * Last day the statement may reach the tenant: the twelve months after the period are a one-year
 * span from the day after its end (31.12.2025 → 31.12.2026, 30.04.2026 → 30.04.2027,
 * 28.02.2023 → 29.02.2024, 29.02.2024 → 28.02.2025).
 */
export function statementDeadline(periodEnd: string): string {
  if (!isIsoDate(periodEnd)) throw new Error(`Not an ISO date: ${periodEnd}`);
  return oneYearPeriodEnd(addDays(periodEnd, 1));
}

/**
 * When a moved-out tenant's deposit should be settled: six months after the move-out, a common measure
 * of the "reasonable time" the landlord has to state his claims (docs/domain/deposits.md).
 */
export function depositDeadline(moveOut: string): string {
  const [year, month, day] = [
    Number(moveOut.slice(0, 4)),
    Number(moveOut.slice(5, 7)),
    Number(moveOut.slice(8, 10)),
  ];
  const m = month + 6;
  const y = year + Math.floor((m - 1) / 12);
  const mm = ((m - 1) % 12) + 1;
  const last = new Date(Date.UTC(y, mm, 0)).getUTCDate();
  return `${y}-${String(mm).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** Days from today to the deadline: 0 on the deadline itself, negative once it has passed. */
export function daysUntil(deadline: string, today: string): number {
  return toDayNumber(deadline) - toDayNumber(today);
}

export function deadlineState(deadline: string, today: string): DeadlineState {
  const left = daysUntil(deadline, today);
  if (left < 0) return 'overdue';
  return left <= DUE_SOON_DAYS ? 'due' : 'open';
}
