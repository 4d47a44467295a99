import { describe, expect, it } from 'vitest';
import { utcTimestampAsIso } from './client';

describe('utcTimestampAsIso', () => {
  it('gives what Date#toISOString gives for the text PostgreSQL writes', () => {
    for (const text of [
      '2026-11-23 14:14:27.123456',
      '2026-11-23 14:14:27.12',
      '2026-11-23 14:14:27.1',
      '2026-11-23 14:14:27',
      '2024-02-29 23:59:59.999999',
      '1000-01-01 00:00:00.000001',
      '0999-12-31 23:59:59.5',
    ]) {
      expect(utcTimestampAsIso(text)).toBe(new Date(`${text.replace(' ', 'T')}Z`).toISOString());
    }
    expect(utcTimestampAsIso('2026-11-23 14:14:27.123456')).toBe('2026-11-23T14:14:27.123Z');
  });

  it('refuses what it cannot rearrange (five-digit years, BC, infinity)', () => {
    for (const text of ['infinity', '10000-01-01 00:00:00', '0044-03-15 12:00:00 BC']) {
      expect(() => utcTimestampAsIso(text)).toThrow(RangeError);
    }
  });
});
