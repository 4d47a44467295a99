import { describe, expect, it } from 'vitest';
import { proRataCents, shortPeriod } from './pro-rata';

describe('shortPeriod', () => {
  it('measures a period shorter than twelve months against the year ending on its last day', () => {
    expect(shortPeriod('2025-03-01', '2025-12-31')).toEqual({ daysInPeriod: 306, daysInYear: 365 });
    // 2024 has a 29 February
    expect(shortPeriod('2024-03-01', '2024-12-31')).toEqual({ daysInPeriod: 306, daysInYear: 366 });
    expect(shortPeriod('2025-01-01', '2025-06-30')).toEqual({ daysInPeriod: 181, daysInYear: 365 });
    // ending on 29 February: the year is 01.03.2023 – 29.02.2024
    expect(shortPeriod('2023-07-01', '2024-02-29')).toEqual({ daysInPeriod: 244, daysInYear: 366 });
    expect(shortPeriod('2025-12-31', '2025-12-31')).toEqual({ daysInPeriod: 1, daysInYear: 365 });
  });

  it('leaves full years, longer and unfinished periods alone', () => {
    expect(shortPeriod('2025-01-01', '2025-12-31')).toBeNull();
    expect(shortPeriod('2024-01-01', '2024-12-31')).toBeNull();
    expect(shortPeriod('2024-07-01', '2025-06-30')).toBeNull();
    expect(shortPeriod('2024-01-01', '2025-03-31')).toBeNull();
    expect(shortPeriod('2025-03-01', '')).toBeNull();
    expect(shortPeriod('2025-03-01', '2025-02-01')).toBeNull();
  });
});

describe('proRataCents', () => {
  const period = { daysInPeriod: 306, daysInYear: 365 };

  it('scales an annual amount by days in period / days in year, to the cent', () => {
    // 1.200,00 € × 306 / 365 = 1.006,027… €
    expect(proRataCents(120_000, period)).toBe(100_603);
    // 365,00 € for 306 of 365 days: exactly 306,00 €
    expect(proRataCents(36_500, period)).toBe(30_600);
    expect(proRataCents(0, period)).toBe(0);
  });

  it('rounds half away from zero, the same for a credit note', () => {
    // 1 cent × 1/2 = 0,5 cent
    expect(proRataCents(1, { daysInPeriod: 1, daysInYear: 2 })).toBe(1);
    expect(proRataCents(-1, { daysInPeriod: 1, daysInYear: 2 })).toBe(-1);
    expect(proRataCents(-120_000, period)).toBe(-100_603);
  });

  it('stays exact for the largest amount', () => {
    expect(proRataCents(100_000_000_000, { daysInPeriod: 365, daysInYear: 366 })).toBe(99_726_775_956);
  });
});
