import { describe, expect, it } from 'vitest';
import {
  ALLOCATION_KEYS,
  COST_PRESETS,
  CREDIT_PACKAGES,
  cheapestPackages,
  DEFAULT_PROPERTY_TYPE,
  PROPERTY_TYPES,
  packageSaving,
  paywallNote,
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

  it('claims only the saving a package really has against the single price', () => {
    const [single, standard, professional] = CREDIT_PACKAGES;
    if (!single || !standard || !professional) throw new Error('three packages expected');
    expect(packageSaving(single)).toEqual({ totalCents: 0, perStatementCents: 0, percent: 0 });
    expect(paywallNote(single)).toBeNull();
    // 2 × 9,90 € = 19,80 € against 18,80 €
    expect(packageSaving(standard)).toEqual({ totalCents: 100, perStatementCents: 50, percent: 5 });
    expect(paywallNote(standard)).toBe('0,50 € pro Abrechnung gespart');
    // 5 × 9,90 € = 49,50 € against 39,90 €
    expect(packageSaving(professional)).toEqual({ totalCents: 960, perStatementCents: 192, percent: 19 });
    expect(paywallNote(professional)).toBe('1,92 € pro Abrechnung gespart');
    for (const p of CREDIT_PACKAGES) {
      const saving = packageSaving(p);
      // never more than buying singles really costs extra (rounded down, not up)
      expect(saving.perStatementCents * p.credits).toBeLessThanOrEqual(
        single.priceCents * p.credits - p.priceCents,
      );
    }
  });

  it('names one popular package and the spec credits', () => {
    expect(CREDIT_PACKAGES.filter((p) => p.isPopular).map((p) => p.id)).toEqual(['standard']);
    expect(CREDIT_PACKAGES.map((p) => p.credits)).toEqual([1, 2, 5]);
  });

  it('never claims a saving for a package dearer than singles', () => {
    expect(packageSaving({ priceCents: 2500, credits: 2 })).toEqual({
      totalCents: 0,
      perStatementCents: 0,
      percent: 0,
    });
    expect(paywallNote({ priceCents: 2500, credits: 2 })).toBeNull();
  });
});

describe('the cheapest packages for what a settlement needs', () => {
  const plan = (needed: number) =>
    cheapestPackages(CREDIT_PACKAGES, needed).map((l) => `${l.quantity}×${l.pkg.credits}`);
  const cents = (needed: number) =>
    cheapestPackages(CREDIT_PACKAGES, needed).reduce((s, l) => s + l.quantity * l.pkg.priceCents, 0);

  it('buys 6 letters in one go, 5 + 1, and never pays more than the singles would', () => {
    expect(plan(6)).toEqual(['1×5', '1×1']);
    expect(cents(6)).toBe(4980);
    expect(plan(1)).toEqual(['1×1']);
    expect(plan(2)).toEqual(['1×2']);
    expect(plan(4)).toEqual(['2×2']);
    expect(plan(10)).toEqual(['2×5']);
    for (let n = 1; n <= 30; n++) {
      const credits = cheapestPackages(CREDIT_PACKAGES, n).reduce(
        (s, l) => s + l.quantity * l.pkg.credits,
        0,
      );
      expect(credits).toBeGreaterThanOrEqual(n);
      expect(cents(n)).toBeLessThanOrEqual(990 * n);
    }
    expect(plan(0)).toEqual([]);
  });

  it('takes a bigger package when it costs less than the exact count', () => {
    const packs = [
      { credits: 1, priceCents: 1000 },
      { credits: 5, priceCents: 3000 },
    ];
    expect(cheapestPackages(packs, 4).map((l) => [l.pkg.credits, l.quantity])).toEqual([[5, 1]]);
  });
});
