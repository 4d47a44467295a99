import { describe, expect, it } from 'vitest';
import { rentDueDate } from './due-date';
import { landsOfPostalCode } from './holidays';

describe('the day rent is due (3rd Werktag, § 556b BGB)', () => {
  it('counts Monday to Friday and skips the nationwide holidays', () => {
    expect(rentDueDate('2025-12')).toBe('2025-12-03'); // Mon 1, Tue 2, Wed 3
    expect(rentDueDate('2026-01')).toBe('2026-01-06'); // Thu 1 is a holiday, Fri 2, Mon 5, Tue 6
    expect(rentDueDate('2025-10')).toBe('2025-10-06'); // Wed 1, Thu 2, Fri 3 a holiday, Mon 6
    expect(rentDueDate('2025-11')).toBe('2025-11-05'); // Sat 1, Sun 2, Mon 3, Tue 4, Wed 5
  });

  it('skips Good Friday and Easter Monday, which move with Easter', () => {
    // April 2026: Wed 1, Thu 2, Fri 3 Karfreitag, Mon 6 Ostermontag, Tue 7
    expect(rentDueDate('2026-04')).toBe('2026-04-07');
    // April 2021: Thu 1, Fri 2 Karfreitag, Mon 5 Ostermontag, Tue 6, Wed 7
    expect(rentDueDate('2021-04')).toBe('2021-04-07');
  });

  it('skips the holidays of the property’s Land, found from its postal code', () => {
    // January 2026 in Bavaria: Thu 1, Fri 2, Mon 5, Tue 6 Heilige Drei Könige, Wed 7
    expect(rentDueDate('2026-01', landsOfPostalCode('80331'))).toBe('2026-01-07');
    expect(rentDueDate('2026-01', landsOfPostalCode('10115'))).toBe('2026-01-06'); // Berlin has none
    // November 2027 in North Rhine-Westphalia: Mon 1 Allerheiligen, Tue 2, Wed 3, Thu 4
    expect(rentDueDate('2027-11', landsOfPostalCode('50667'))).toBe('2027-11-04');
    expect(rentDueDate('2027-11', landsOfPostalCode('20095'))).toBe('2027-11-03'); // Hamburg
  });

  it('counts a border region’s holidays of every Land it reaches, so no day is due too early', () => {
    // 97xxx reaches Bavaria, Baden-Württemberg and Hesse; Heilige Drei Könige is a holiday in two of them
    expect(landsOfPostalCode('97980')).toContain('BW');
    expect(rentDueDate('2026-01', landsOfPostalCode('97980'))).toBe('2026-01-07');
    expect(landsOfPostalCode('1234')).toEqual([]);
    expect(landsOfPostalCode('00123')).toEqual([]);
  });
});
