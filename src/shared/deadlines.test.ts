import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { DUE_SOON_DAYS, daysUntil, deadlineState, depositDeadline, statementDeadline } from './deadlines';

describe('statementDeadline', () => {
  it('is the end of the 12th month after a calendar-year period', () => {
    expect(statementDeadline('2025-12-31')).toBe('2026-12-31');
    expect(statementDeadline('2023-12-31')).toBe('2024-12-31');
  });

  it('follows a shifted period to its month end', () => {
    expect(statementDeadline('2026-04-30')).toBe('2027-04-30');
    expect(statementDeadline('2025-06-30')).toBe('2026-06-30');
    expect(statementDeadline('2025-09-30')).toBe('2026-09-30');
  });

  it('ends February on its last day in leap and common years', () => {
    // period 01.03.2022–28.02.2023: the 12 months after end with February 2024, a leap month
    expect(statementDeadline('2023-02-28')).toBe('2024-02-29');
    // period 01.03.2023–29.02.2024: February 2025 has 28 days
    expect(statementDeadline('2024-02-29')).toBe('2025-02-28');
    expect(statementDeadline('2099-02-28')).toBe('2100-02-28');
    expect(statementDeadline('2099-02-28')).not.toBe('2100-02-29');
    expect(statementDeadline('1999-02-28')).toBe('2000-02-29');
  });

  it('keeps the day of a period ending within a month', () => {
    expect(statementDeadline('2025-05-15')).toBe('2026-05-15');
    // 28.02. of a leap year is not its month end: twelve months on is 28.02.
    expect(statementDeadline('2024-02-28')).toBe('2025-02-28');
  });

  it('refuses a date that is not one', () => {
    expect(() => statementDeadline('2025-02-30')).toThrow();
  });
});

describe('deadlineState', () => {
  it('counts the days left, 0 on the deadline itself', () => {
    expect(daysUntil('2026-12-31', '2026-12-31')).toBe(0);
    expect(daysUntil('2026-12-31', '2026-12-01')).toBe(30);
    expect(daysUntil('2026-12-31', '2027-01-01')).toBe(-1);
  });

  it('is due within 60 days, overdue the day after', () => {
    const deadline = '2026-12-31';
    expect(deadlineState(deadline, addDays(deadline, -DUE_SOON_DAYS - 1))).toBe('open');
    expect(deadlineState(deadline, addDays(deadline, -DUE_SOON_DAYS))).toBe('due');
    expect(deadlineState(deadline, deadline)).toBe('due');
    expect(deadlineState(deadline, '2027-01-01')).toBe('overdue');
  });
});

describe('depositDeadline', () => {
  it('is six months after the move-out, the month’s last day where it is shorter', () => {
    expect(depositDeadline('2026-06-30')).toBe('2026-12-30');
    expect(depositDeadline('2026-08-31')).toBe('2027-02-28');
    expect(depositDeadline('2027-08-31')).toBe('2028-02-29');
    expect(depositDeadline('2025-12-15')).toBe('2026-06-15');
  });
});
