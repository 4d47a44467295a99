import { describe, expect, it } from 'vitest';
import { formatIban, isValidBic, isValidIban, normalizeIban } from './iban';

describe('IBAN', () => {
  it('accepts valid IBANs in any spacing and case', () => {
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('de89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('AT61 1904 3002 3457 3201')).toBe(true);
  });

  it('refuses a wrong checksum, a wrong German length and garbage', () => {
    expect(isValidIban('DE88370400440532013000')).toBe(false);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('keine IBAN')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  it('normalizes and prints in groups of four', () => {
    expect(normalizeIban(' de89 3704\u00a00044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('checks the BIC format', () => {
    expect(isValidBic('COBADEFFXXX')).toBe(true);
    expect(isValidBic('cobadeff')).toBe(true);
    expect(isValidBic('COBADE')).toBe(false);
  });
});
