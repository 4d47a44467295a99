import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToInput,
  formatCents,
  formatDateDe,
  formatFileSize,
  formatNumberDe,
  formatPercentHundredths,
  formatQuantity,
  MAX_CENTS,
  MONEY_MESSAGES,
  parseMoney,
  parseQuantity,
  quantityToMilli,
} from './money';

const cents = (input: string | number) => {
  const r = parseMoney(input);
  if (!r.ok) throw new Error(`refused ${input}: ${r.message}`);
  return r.cents;
};

describe('parseMoney', () => {
  it.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1234.56', 123456],
    ['1234', 123400],
    ['1.234', 123400],
    ['12.345.678,9', 1234567890],
    ['0,5', 50],
    [',5', 50],
    ['5,', 500],
    ['1,50', 150],
    ['1,500', 150],
    ['  1 234,56 € ', 123456],
    ['1\u00a0234,56\u00a0€', 123456],
    ['-12,30', -1230],
    ['0', 0],
    ['-0', 0],
    ['007,05', 705],
    [1234.56, 123456],
    [0.1, 10],
    [19.99, 1999],
    [0, 0],
    [-3.5, -350],
  ])('reads %j as %i cents', (input, expected) => {
    expect(cents(input)).toBe(expected);
  });

  it.each([
    ['', MONEY_MESSAGES.empty],
    ['   ', MONEY_MESSAGES.empty],
    ['abc', MONEY_MESSAGES.invalid],
    ['12a', MONEY_MESSAGES.invalid],
    ['1,234.56', MONEY_MESSAGES.invalid],
    ['1.23.4', MONEY_MESSAGES.invalid],
    ['1,2,3', MONEY_MESSAGES.invalid],
    ['1.2345,00', MONEY_MESSAGES.invalid],
    [',', MONEY_MESSAGES.invalid],
    ['--1', MONEY_MESSAGES.invalid],
    ['1e5', MONEY_MESSAGES.invalid],
    ['1,234', MONEY_MESSAGES.precision],
    ['1.234.5', MONEY_MESSAGES.invalid],
    ['0.001', MONEY_MESSAGES.precision],
    [1.005, MONEY_MESSAGES.precision],
    // A JSON number is never read with German thousands separators.
    [1.234, MONEY_MESSAGES.precision],
    [1e-7, MONEY_MESSAGES.precision],
    [Number.NaN, MONEY_MESSAGES.invalid],
    [Number.POSITIVE_INFINITY, MONEY_MESSAGES.invalid],
    [1e21, MONEY_MESSAGES.tooLarge],
    ['1.000.000.001,00', MONEY_MESSAGES.tooLarge],
  ])('refuses %j with a German message', (input, message) => {
    expect(parseMoney(input)).toEqual({ ok: false, message });
  });

  it('accepts the largest amount and nothing above it', () => {
    expect(cents(centsToInput(MAX_CENTS))).toBe(MAX_CENTS);
    expect(parseMoney(centsToInput(MAX_CENTS + 1)).ok).toBe(false);
  });
});

describe('formatCents and centsToInput', () => {
  it.each([
    [123456, '1.234,56 €', '1.234,56'],
    [0, '0,00 €', '0,00'],
    [5, '0,05 €', '0,05'],
    [100, '1,00 €', '1,00'],
    [-1230, '\u221212,30 €', '-12,30'],
    [123456789012, '1.234.567.890,12 €', '1.234.567.890,12'],
  ])('%i cents → %s', (value, formatted, input) => {
    expect(formatCents(value)).toBe(formatted);
    expect(centsToInput(value)).toBe(input);
  });

  it('refuses fractional cents instead of hiding them', () => {
    expect(() => formatCents(1.5)).toThrow();
  });

  it('round-trips every amount through parsing (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (c) => {
        expect(cents(formatCents(c))).toBe(c);
        expect(cents(centsToInput(c))).toBe(c);
        // A JSON number in euros reads back to the same cents.
        expect(cents(c / 100)).toBe(c);
      }),
    );
  });
});

describe('quantities', () => {
  it.each([
    ['75,5', 75.5, 75_500],
    ['1.234,567', 1234.567, 1_234_567],
    ['0,001', 0.001, 1],
    [12.25, 12.25, 12_250],
    [1.234, 1.234, 1_234],
    ['1.234', 1234, 1_234_000],
    ['0.5', 0.5, 500],
    ['3', 3, 3000],
  ])('reads %j exactly', (input, value, milli) => {
    expect(parseQuantity(input)).toEqual({ ok: true, value, milli });
  });

  it('refuses a fourth decimal', () => {
    expect(parseQuantity('1,2345').ok).toBe(false);
  });

  it('formats with only the decimals it has', () => {
    expect(formatQuantity(75.5)).toBe('75,5');
    expect(formatQuantity(1234)).toBe('1.234');
    expect(formatQuantity(0.125)).toBe('0,125');
  });

  it('round-trips every quantity through its exact thousandths (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (milli) => {
        const r = parseQuantity(formatQuantity(milli / 1000));
        expect(r.ok && r.milli).toBe(milli);
        expect(quantityToMilli(milli / 1000)).toBe(BigInt(milli));
      }),
    );
  });
});

describe('de-DE helpers', () => {
  it('formats dates, percentages, numbers and file sizes', () => {
    expect(formatDateDe('2025-12-31')).toBe('31.12.2025');
    expect(formatDateDe('2024-02-29')).toBe('29.02.2024');
    // 23:30 UTC on 31 Dec is already 1 Jan in Germany.
    expect(formatDateDe('2024-12-31T23:30:00Z')).toBe('01.01.2025');
    expect(formatDateDe(new Date('2024-06-01T12:00:00Z'))).toBe('01.06.2024');
    expect(formatDateDe('kein Datum')).toBe('');
    expect(formatPercentHundredths(1234)).toBe('12,34 %');
    expect(formatPercentHundredths(10000)).toBe('100,00 %');
    expect(formatPercentHundredths(5)).toBe('0,05 %');
    expect(formatNumberDe(1234567.891, 2)).toBe('1.234.567,89');
    expect(formatNumberDe(42)).toBe('42');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10,0 MB');
  });
});
