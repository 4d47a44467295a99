import { describe, expect, it } from 'vitest';
import { cost, settlementInput, tenancy, unit } from '../../../tests/builders/building';
import { toDayNumber } from '../dates';
import { houseOf } from './parties';
import { weightsOf } from './weights';

const house = houseOf(
  settlementInput({
    units: [unit('A', 60), unit('B', 40, null)],
    tenancies: [
      tenancy('mueller', 'A', '2019-05-01', null, { persons: 2 }),
      tenancy('weber', 'B', '2025-09-01', null, { persons: 3 }),
    ],
  }),
  { first: toDayNumber('2025-01-01'), last: toDayNumber('2025-12-31') },
);

describe('weightsOf', () => {
  it('weighs area by m² × days and gives the vacant days to the landlord', () => {
    const w = weightsOf(cost('Grundsteuer', 100_000, 'area'), 0, house);
    expect(w.tenancy).toEqual([60_000n * 365n, 40_000n * 122n]);
    expect(w.vacancy).toBe(40_000n * 243n);
    expect(w.printed[1]).toEqual({ unitsMilli: 40_000, days: 122 });
    expect(w).toMatchObject({ totalUnitsMilli: 100_000, totalDays: 365, warnings: [] });
  });

  it('counts a vacant unit-day as one person', () => {
    const w = weightsOf(cost('Müll', 50_000, 'persons'), 0, house);
    expect(w.tenancy).toEqual([730n, 366n]);
    expect(w.vacancy).toBe(243n);
    expect(w.totalUnitsMilli).toBe((730 + 366 + 243) * 1000);
  });

  it('asks for every unit’s share under MEA', () => {
    const w = weightsOf(cost('Verwaltung', 10_000, 'mea'), 2, house);
    expect(w.warnings).toEqual([expect.objectContaining({ code: 'mea-missing', path: 'costs.2.key' })]);
  });

  it('leaves the unmetered rest of a consumption key to the landlord and warns of a missing reading', () => {
    const w = weightsOf(
      {
        ...cost('Wasser', 30_000, 'consumption'),
        consumption: { totalMilli: 200_000, byTenancyMilli: { mueller: 150_000 } },
      },
      1,
      house,
    );
    expect(w.tenancy).toEqual([150_000n, 0n]);
    expect(w.unmetered).toBe(50_000n);
    expect(w.warnings.map((x) => x.code)).toEqual(['consumption-missing']);
  });

  it('puts a direct cost on its tenancy, or on the landlord when the tenancy is not in the period', () => {
    expect(
      weightsOf({ ...cost('Reparatur', 5_000, 'direct'), tenancyId: 'weber' }, 0, house).tenancy,
    ).toEqual([0n, 1n]);
    const unknown = weightsOf({ ...cost('Reparatur', 5_000, 'direct'), tenancyId: 'other' }, 0, house);
    expect(unknown.unmetered).toBe(1n);
    expect(unknown.warnings.map((x) => x.code)).toEqual(['direct-tenancy-unknown']);
  });
});
