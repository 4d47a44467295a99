// Worked examples of docs/domain/house.md, derived by hand: parking spaces under the persons key, a cost of a
// group of units, a credit note, a tenancy with a flat rate.

import { describe, expect, it } from 'vitest';
import { cost, settlementInput, tenancy, unit } from '../../../tests/builders/building';
import { calculateSettlement } from './calculate';
import { hasStatement } from './types';

const shares = (result: ReturnType<typeof calculateSettlement>, costIndex = 0) =>
  Object.fromEntries(result.tenancies.map((t) => [t.tenancyId, t.rows[costIndex]?.shareCents]));

describe('the house as it is', () => {
  it('gives a parking space no persons and no vacancy person under the persons key', () => {
    // Flat A: 2 persons all year (730 person-days); flat B empty all year (365, the landlord's one
    // person); garage G1 let to Adams (a person typed, but a garage has none); garage G2 empty.
    // Total 1 095 person-days: Adams' flat 600,00 × 730/1 095 = 400,00, the landlord 200,00.
    const result = calculateSettlement(
      settlementInput({
        units: [
          unit('A', 70),
          unit('B', 50),
          { ...unit('G1', 15), kind: 'parking' },
          { ...unit('G2', 15), kind: 'parking' },
        ],
        tenancies: [
          tenancy('adams', 'A', '2020-01-01', null, { persons: 2 }),
          tenancy('adams-garage', 'G1', '2020-01-01', null, { persons: 1 }),
        ],
        costs: [cost('Müllabfuhr', 60_000, 'persons')],
      }),
    );
    expect(shares(result)).toEqual({ adams: 40_000, 'adams-garage': 0 });
    expect(result.costs[0]).toMatchObject({ totalUnitsMilli: 1_095_000 });
    expect(result.costs[0]?.landlord).toMatchObject({ vacancyCents: 20_000, shareCents: 20_000 });
  });

  it('shares a group’s cost only among its units; vacancy inside the group stays the landlord’s', () => {
    // The lift serves the upper floors: OG1 60 m² let all year, OG2 80 m² let until 30.06. (181 days),
    // then empty (184 days). W = 140 m² × 365 = 51 100. OG1: 1.400,00 × 21 900/51 100 = 600,00;
    // OG2's tenant: 14 480/51 100 → 396,712…; vacancy 14 720/51 100 → 403,287…; the floors leave one
    // cent, which goes to the larger remainder (the vacancy). The ground floor pays nothing.
    const result = calculateSettlement(
      settlementInput({
        units: [unit('EG', 60), unit('OG1', 60), unit('OG2', 80)],
        tenancies: [
          tenancy('erdmann', 'EG', '2020-01-01', null),
          tenancy('ost', 'OG1', '2020-01-01', null),
          tenancy('zorn', 'OG2', '2020-01-01', '2025-06-30'),
        ],
        costs: [{ ...cost('Aufzug', 140_000, 'area'), unitIds: ['OG1', 'OG2'] }],
      }),
    );
    expect(shares(result)).toEqual({ erdmann: 0, ost: 60_000, zorn: 39_671 });
    expect(result.costs[0]).toMatchObject({ totalUnitsMilli: 140_000, totalDays: 365, differenceCents: 0 });
    expect(result.costs[0]?.landlord).toMatchObject({ vacancyCents: 40_329, shareCents: 40_329 });
    // the ground floor's row prints no units: the cost is not its own
    expect(result.tenancies[0]?.rows[0]).toMatchObject({ unitsMilli: null, days: null, shareCents: 0 });
  });

  it('refuses a group without a unit of the house', () => {
    const result = calculateSettlement(
      settlementInput({
        units: [unit('A', 60)],
        tenancies: [tenancy('a', 'A', '2020-01-01', null)],
        costs: [{ ...cost('Aufzug', 10_000, 'area'), unitIds: ['gone'] }],
      }),
    );
    expect(result.warnings.map((w) => [w.code, w.severity, w.path])).toContainEqual([
      'cost-group-empty',
      'error',
      'costs.0.unitIds',
    ]);
  });

  it('takes a credit note off the cost: three equal flats share −100,00 € within a cent each', () => {
    // Insurance 1.000,00 €, the insurer refunds 100,00 €: each flat 333,33/333,33/333,34 and
    // −33,34/−33,33/−33,33, so each pays 300,00 € (the cents go where the remainders point).
    const result = calculateSettlement(
      settlementInput({
        units: [unit('A', 50), unit('B', 50), unit('C', 50)],
        tenancies: [
          tenancy('a', 'A', '2020-01-01', null),
          tenancy('b', 'B', '2020-01-01', null),
          tenancy('c', 'C', '2020-01-01', null),
        ],
        costs: [
          cost('Gebäudeversicherung', 100_000, 'area'),
          cost('Erstattung Versicherung', -10_000, 'area'),
        ],
      }),
    );
    expect(Object.values(shares(result, 1)).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([
      -3_334, -3_333, -3_333,
    ]);
    expect(result.costs[1]).toMatchObject({ amountCents: -10_000, differenceCents: 0 });
    const totals = result.tenancies.map((t) => t.totalCents);
    expect(totals.reduce((s, x) => s + x, 0)).toBe(90_000);
    for (const total of totals) expect(Math.abs(total - 30_000)).toBeLessThanOrEqual(1);
    expect(result.warnings).toEqual([]);
  });

  it('keeps the share of a tenancy with a flat rate with the landlord, without a statement', () => {
    // A 60 m² and B 40 m², B let with a Betriebskostenpauschale: B's 400,00 of 1.000,00 € is the
    // landlord's, not vacancy; B pays no prepayments here and gets no statement.
    const result = calculateSettlement(
      settlementInput({
        units: [unit('A', 60), unit('B', 40)],
        tenancies: [
          tenancy('a', 'A', '2020-01-01', null, { monthly: 10_000 }),
          { ...tenancy('pauschal', 'B', '2020-01-01', null, { monthly: 5_000 }), flatRate: true },
        ],
        costs: [cost('Grundsteuer', 100_000, 'area')],
      }),
    );
    expect(result.costs[0]?.landlord).toEqual({
      vacancyCents: 0,
      ownUseCents: 0,
      flatRateCents: 40_000,
      unmeteredCents: 0,
      shareCents: 40_000,
    });
    const flat = result.tenancies.find((t) => t.tenancyId === 'pauschal');
    expect(flat).toMatchObject({ flatRate: true, prepaymentCents: 0, totalCents: 40_000 });
    expect(result.tenancies.map(hasStatement)).toEqual([true, false]);
  });
});
