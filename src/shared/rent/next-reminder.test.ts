import { describe, expect, it } from 'vitest';
import { nextReminder } from './next-reminder';

const late = { openCents: 91_000, lateSince: '2026-01-06', paused: false };

describe('the next letter a tenant with open rent needs', () => {
  it('is a Zahlungserinnerung from the day after the grace days, then each level after the last one’s day to pay', () => {
    expect(nextReminder(late, null, 3)).toEqual({ level: 1, due: '2026-01-10', afterLast: false });
    const first = { level: 1 as const, createdAt: '2026-01-12T09:00:00.000Z', payBy: '2026-01-26' };
    expect(nextReminder(late, first, 3)).toEqual({ level: 2, due: '2026-01-27', afterLast: false });
    const third = { level: 3 as const, createdAt: '2026-02-20T09:00:00.000Z', payBy: '2026-03-06' };
    expect(nextReminder(late, third, 3)).toEqual({ level: 3, due: '2026-03-07', afterLast: true });
  });

  it('starts again after a letter about months paid since, and says nothing when paid or paused', () => {
    const old = { level: 2 as const, createdAt: '2025-06-20T09:00:00.000Z', payBy: '2025-07-04' };
    expect(nextReminder(late, old, 3)?.level).toBe(1);
    expect(nextReminder({ ...late, openCents: 0 }, null, 3)).toBeNull();
    expect(nextReminder({ ...late, paused: true }, null, 3)).toBeNull();
  });
});
