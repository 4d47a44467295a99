import { describe, expect, it } from 'vitest';
import { previousYearHint } from './previousYear';

describe('last year beside a cost', () => {
  it('shows last year’s amount while nothing is typed', () => {
    expect(previousYearHint(190_550, '')).toBe('Vorjahr: 1.905,50 €');
    expect(previousYearHint(190_550, '12x')).toBe('Vorjahr: 1.905,50 €');
  });

  it('adds the change once an amount is typed', () => {
    expect(previousYearHint(190_550, '1.966,48')).toBe('Vorjahr: 1.905,50 € · +3,2 %');
    expect(previousYearHint(100_000, '900')).toBe('Vorjahr: 1.000,00 € · \u221210,0 %');
    expect(previousYearHint(100_000, '1000')).toBe('Vorjahr: 1.000,00 € · ±0,0 %');
  });
});
