import { describe, expect, it } from 'vitest';
import { cost, settlementInput, tenancy, unit } from '../../../tests/builders/building';
import { toDayNumber } from '../dates';
import { calculateSettlement } from './calculate';
import { houseOf } from './parties';

const YEAR = { first: toDayNumber('2025-01-01'), last: toDayNumber('2025-12-31') };

describe('houseOf (occupancy → parties)', () => {
  it('makes a party of each tenancy in the period and counts each unit’s vacant days', () => {
    const house = houseOf(
      settlementInput({
        units: [unit('A', 60, 600), unit('B', 40, 400)],
        tenancies: [
          tenancy('mueller', 'A', '2019-05-01', null, { persons: 2 }),
          tenancy('weber', 'B', '2025-09-01', null, { persons: 3 }),
          tenancy('gone', 'B', '2020-01-01', '2024-12-31'),
          tenancy('nowhere', 'X', '2025-01-01', null),
        ],
      }),
      YEAR,
    );
    expect(house.periodDays).toBe(365);
    expect(house.parties.map((p) => [p.tenancy.id, p.unit.id])).toEqual([
      ['mueller', 'A'],
      ['weber', 'B'],
    ]);
    // flat B is empty from January to August: 243 days
    expect(Object.fromEntries(house.vacantDays)).toEqual({ A: 0, B: 243 });
    expect(house.personDays).toEqual([2 * 365, 3 * 122]);
    expect(house.warnings).toEqual([]);
  });

  it('cuts a party where its persons change', () => {
    const house = houseOf(
      settlementInput({
        units: [unit('A', 60)],
        tenancies: [
          tenancy('mueller', 'A', '2019-05-01', null, {
            persons: 2,
            changes: [{ from: '2025-07-01', persons: 4 }],
          }),
        ],
      }),
      YEAR,
    );
    expect(house.stretches[0]?.map((s) => s.persons)).toEqual([2, 4]);
    expect(house.personDays).toEqual([2 * 181 + 4 * 184]);
  });

  it('reports overlapping tenancies of one unit as an error', () => {
    const house = houseOf(
      settlementInput({
        units: [unit('A', 60)],
        tenancies: [tenancy('a', 'A', '2025-01-01', '2025-06-30'), tenancy('b', 'A', '2025-06-01', null)],
      }),
      YEAR,
    );
    expect(house.warnings).toEqual([
      expect.objectContaining({ code: 'tenancy-overlap', severity: 'error', path: 'tenancies.b' }),
    ]);
  });
});

describe('implausible persons', () => {
  const warned = (persons: number, area: number, kind?: 'parking', key: 'persons' | 'area' = 'persons') =>
    calculateSettlement(
      settlementInput({
        units: [{ ...unit('A', area), ...(kind ? { kind } : {}) }],
        tenancies: [tenancy('t', 'A', '2020-01-01', null, { persons })],
        costs: [cost('Müll', 10_000, key)],
      }),
    )
      .warnings.filter((w) => w.code === 'persons-implausible')
      .map((w) => `${w.path}: ${w.message}`);

  it('asks about 12 persons in a 58 m² flat, a typo for 2 more likely than not', () => {
    expect(warned(12, 58)).toEqual([
      'tenancies.t: „t“: 12 Personen in 58 m² – bitte prüfen Sie die Personenzahl.',
    ]);
  });

  it('accepts a family in a flat of its size, and asks nothing without a persons key', () => {
    expect(warned(4, 30)).toEqual([]);
    expect(warned(5, 90)).toEqual([]);
    expect(warned(12, 58, undefined, 'area')).toEqual([]);
  });
});
