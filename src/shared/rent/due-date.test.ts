import { describe, expect, it } from 'vitest';
import { rentDueDate } from './due-date';

describe('the day rent is due (3rd Werktag, § 556b BGB)', () => {
  it('counts Monday to Friday and skips New Year’s Day and the Day of German Unity', () => {
    expect(rentDueDate('2025-12')).toBe('2025-12-03'); // Mon 1, Tue 2, Wed 3
    expect(rentDueDate('2026-01')).toBe('2026-01-06'); // Thu 1 is a holiday, Fri 2, Mon 5, Tue 6
    expect(rentDueDate('2025-10')).toBe('2025-10-06'); // Wed 1, Thu 2, Fri 3 a holiday, Mon 6
    expect(rentDueDate('2025-11')).toBe('2025-11-05'); // Sat 1, Sun 2, Mon 3, Tue 4, Wed 5
  });
});
