import { describe, expect, it } from 'vitest';
import {
  ALLOCATION_KEYS,
  COST_PRESETS,
  CREDIT_PACKAGES,
  DEFAULT_PROPERTY_TYPE,
  PROPERTY_TYPES,
  propertyTypeLabel,
  STATEMENT_STATUSES,
} from './catalog';

describe('catalog', () => {
  it('holds the spec tables', () => {
    expect(COST_PRESETS).toHaveLength(16);
    expect(new Set(COST_PRESETS).size).toBe(16);
    expect(PROPERTY_TYPES).toHaveLength(8);
    expect(propertyTypeLabel(DEFAULT_PROPERTY_TYPE)).toBe('Mehrfamilienhaus');
    expect(propertyTypeLabel('buero')).toBe('Bürogebäude');
    expect(ALLOCATION_KEYS.map((k) => k.value)).toEqual([
      'Pauschal',
      'Wohnfläche in m2',
      'Verbrauch in m3',
      'Personen',
    ]);
    expect(STATEMENT_STATUSES.map((s) => `${s.value}:${s.color}`)).toEqual([
      'Entwurf:gray',
      'Erstellt:blue',
      'Versendet:orange',
      'Beglichen:green',
    ]);
  });

  it('keeps the package savings consistent with the prices', () => {
    for (const p of CREDIT_PACKAGES) {
      expect(p.regularPriceCents - p.priceCents).toBe(p.savingCents);
      expect(Math.round((p.savingCents / p.regularPriceCents) * 100)).toBe(p.savingPercent);
    }
    expect(CREDIT_PACKAGES.filter((p) => p.isPopular).map((p) => p.id)).toEqual(['standard']);
    expect(CREDIT_PACKAGES.map((p) => p.credits)).toEqual([1, 2, 5]);
  });
});
