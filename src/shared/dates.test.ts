import { describe, expect, it } from 'vitest';
import {
  addDays,
  civilFromDayNumber,
  daysInclusive,
  daysInMonth,
  fromDayNumber,
  isIsoDate,
  isoDateInBerlin,
  monthsInclusive,
  oneYearPeriodEnd,
  toDayNumber,
} from './dates';

describe('dates', () => {
  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-12-15', 30)).toBe('2025-01-14');
    expect(addDays('2024-02-15', 30)).toBe('2024-03-16');
    expect(addDays('2023-02-15', 30)).toBe('2023-03-17');
    // Daylight saving starts on 31 March 2024: no day is lost or doubled.
    expect(addDays('2024-03-30', 1)).toBe('2024-03-31');
    expect(addDays('2024-03-31', 1)).toBe('2024-04-01');
  });

  it('counts days inclusively and months as difference + 1', () => {
    expect(daysInclusive('2024-01-01', '2024-01-01')).toBe(1);
    expect(daysInclusive('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysInclusive('2023-01-01', '2023-12-31')).toBe(365);
    expect(daysInclusive('2024-02-01', '2024-02-29')).toBe(29);
    expect(monthsInclusive('2024-01-01', '2024-12-31')).toBe(12);
    expect(monthsInclusive('2024-01-31', '2024-02-01')).toBe(2);
    expect(monthsInclusive('2023-07-01', '2025-06-30')).toBe(24);
  });

  it('knows where a one-year period ends', () => {
    expect(oneYearPeriodEnd('2024-01-01')).toBe('2024-12-31');
    expect(oneYearPeriodEnd('2024-07-15')).toBe('2025-07-14');
    expect(oneYearPeriodEnd('2024-02-29')).toBe('2025-02-28');
  });

  it('gives the German calendar date of an instant', () => {
    expect(isoDateInBerlin(new Date('2024-12-31T23:30:00Z'))).toBe('2025-01-01');
    expect(isoDateInBerlin(new Date('2024-07-01T21:59:00Z'))).toBe('2024-07-01');
    expect(isoDateInBerlin(new Date('2024-07-01T22:00:00Z'))).toBe('2024-07-02');
  });
});

describe('day numbers', () => {
  it('convert back to the same calendar date for every day of four centuries', () => {
    const wrong: string[] = [];
    for (let n = toDayNumber('1900-01-01'); n <= toDayNumber('2300-12-31'); n++) {
      const expected = new Date(n * 86_400_000).toISOString().slice(0, 10);
      const { year, month } = civilFromDayNumber(n);
      const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
      if (fromDayNumber(n) !== expected || daysInMonth(year, month) !== length) wrong.push(expected);
    }
    // one assertion for 146,462 days: an expect per day took seconds on a loaded machine
    expect(wrong).toEqual([]);
  });
});
