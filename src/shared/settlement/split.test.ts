import { describe, expect, it } from 'vitest';
import { cost, tenancy, unit } from '../../../tests/builders/building';
import type { Party } from './parties';
import { landlordShare, splitCost } from './split';
import type { Weights } from './weights';

const weights = (tenancyWeights: bigint[], vacancy = 0n, unmetered = 0n): Weights => ({
  tenancy: tenancyWeights,
  printed: tenancyWeights.map(() => ({ unitsMilli: null, days: null })),
  vacancy,
  unmetered,
  totalUnitsMilli: null,
  totalDays: null,
  warnings: [],
});

describe('splitCost', () => {
  it('splits to the cent by largest remainder, the vacancy and the rest last', () => {
    const split = splitCost(cost('Grundsteuer', 100, 'area'), 0, weights([1n, 1n], 1n));
    expect(split.partyCents).toEqual([34, 33]);
    expect(split.vacancyCents).toBe(33);
    expect(split.totalWeight).toBe(3n);
  });

  it('leaves an amount with nothing to divide by to the landlord and says why', () => {
    const split = splitCost(cost('Aufzug', 5_000, 'area'), 3, weights([0n, 0n]));
    expect(split.partyCents).toEqual([0, 0]);
    expect(split.unmeteredCents).toBe(5_000);
    expect(split.warnings).toEqual([
      expect.objectContaining({ code: 'key-total-zero', path: 'costs.3.key' }),
    ]);
  });
});

describe('landlordShare', () => {
  it('adds own use to the landlord’s vacancy and unmetered rest', () => {
    const parties: Party[] = [
      { tenancy: tenancy('t', 'A', '2025-01-01', null), unit: unit('A', 50), span: { first: 0, last: 9 } },
      {
        tenancy: tenancy('own', 'B', '2025-01-01', null, { kind: 'own-use' }),
        unit: unit('B', 50),
        span: { first: 0, last: 9 },
      },
    ];
    const { landlord, tenantsCents } = landlordShare(
      { partyCents: [400, 300], vacancyCents: 200, unmeteredCents: 100, totalWeight: 10n, warnings: [] },
      parties,
    );
    expect(tenantsCents).toBe(400);
    expect(landlord).toEqual({ vacancyCents: 200, ownUseCents: 300, unmeteredCents: 100, shareCents: 600 });
  });
});
