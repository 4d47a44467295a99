// Heating readings from the flats' heat meters: the same figures as the readings typed in,
// and § 9b where a tenant change has no reading on its day.

import { describe, expect, it } from 'vitest';
import { settlementInput, tenancy, unit } from '../../../tests/builders/building';
import type { HeatingInput, Readings } from '../heating/types';
import { calculateSettlement } from './calculate';
import type { MeterInput } from './meter-consumption';

const reading = (date: string, kwh: number, estimated = false) => ({
  date,
  valueMilli: kwh * 1000,
  estimated,
});
const heatMeter = (unitId: string | null, ...readings: ReturnType<typeof reading>[]): MeterInput => ({
  id: `W-${unitId ?? 'H'}`,
  unitId,
  kind: 'heat',
  number: `W-${unitId ?? 'H'}`,
  readings,
});

/** 1.000,00 € of oil, 70 % by consumption; the heat pot's readings as given. */
const oil = (heat: Readings): HeatingInput => ({
  mode: 'computed',
  building: { nonResidential: false, co2Restriction: 'none' },
  co2: { kgMilli: 2_000_000, costCents: 0 },
  computed: {
    fuel: {
      kind: 'oil',
      billedOnHs: false,
      deliveries: [
        { date: '2025-01-02', quantityMilli: 1_000_000, kwhMilli: 10_000_000, amountCents: 100_000 },
      ],
    },
    operatingCosts: [],
    heatingConsumptionPercent: 70,
    heat,
  },
});
const fromMeters: Readings = { totalMilli: 0, byTenancyMilli: {}, byUnitMilli: {}, fromMeters: true };

/** Anna in A all year; in B Ben until 30 April, Cara from 1 May. */
function house(heat: Readings, meters: MeterInput[]) {
  return calculateSettlement(
    settlementInput({
      units: [unit('A', 60), unit('B', 40)],
      tenancies: [
        tenancy('anna', 'A', '2020-01-01', null),
        tenancy('ben', 'B', '2020-01-01', '2025-04-30'),
        tenancy('cara', 'B', '2025-05-01', null),
      ],
      heating: oil(heat),
      meters,
    }),
  );
}
const heatingShares = (r: ReturnType<typeof calculateSettlement>) => {
  const row = r.costs.find((c) => c.key === 'heating');
  return r.tenancies.map((t) => t.rows.find((x) => x.costIndex === row?.index));
};

describe('heating readings from the heat meters', () => {
  const flatA = heatMeter('A', reading('2025-01-01', 0), reading('2025-12-31', 6_000));

  it('gives each tenancy its span on the flat’s meter, as if typed in', () => {
    // Ben's move-out reading of 30 April counts for Cara's first day
    const flatB = heatMeter(
      'B',
      reading('2025-01-01', 0),
      reading('2025-04-30', 2_500),
      reading('2025-12-31', 4_000),
    );
    const metered = house(fromMeters, [flatA, flatB]);
    const typed = house(
      {
        totalMilli: 10_000_000,
        byTenancyMilli: { anna: 6_000_000, ben: 2_500_000, cara: 1_500_000 },
        byUnitMilli: {},
      },
      [],
    );
    expect(heatingShares(metered)).toEqual(heatingShares(typed));
    expect(heatingShares(metered).map((r) => r?.unitsMilli)).toEqual([6_000_000, 2_500_000, 1_500_000]);
    expect(metered.warnings.map((w) => w.code)).not.toContain('heating-degree-days');
  });

  it('splits a flat’s reading by degree days where the change has no reading (§ 9b)', () => {
    const flatB = heatMeter('B', reading('2025-01-01', 0), reading('2025-12-31', 4_000));
    const metered = house(fromMeters, [flatA, flatB]);
    const typed = house(
      { totalMilli: 10_000_000, byTenancyMilli: { anna: 6_000_000 }, byUnitMilli: { B: 4_000_000 } },
      [],
    );
    expect(heatingShares(metered)).toEqual(heatingShares(typed));
    // January–April 530 ‰ of the year's degree days
    expect(heatingShares(metered)[1]?.unitsMilli).toBe(2_120_000);
    expect(metered.warnings.map((w) => w.code)).toContain('heating-degree-days');
  });

  it('takes the building’s total from the main meter and marks estimated readings (§ 9a)', () => {
    const flatB = heatMeter(
      'B',
      reading('2025-01-01', 0),
      reading('2025-04-30', 2_500, true),
      reading('2025-12-31', 4_000),
    );
    const main = heatMeter(null, reading('2025-01-01', 50_000), reading('2025-12-31', 61_000));
    const metered = house(fromMeters, [flatA, flatB, main]);
    const typed = house(
      {
        totalMilli: 11_000_000,
        byTenancyMilli: { anna: 6_000_000, ben: 2_500_000, cara: 1_500_000 },
        byUnitMilli: {},
        estimated: ['ben', 'cara'],
      },
      [],
    );
    expect(heatingShares(metered)).toEqual(heatingShares(typed));
    // Ben's and Cara's flat is 40 % of the area: over 25 % estimated, so by area only
    expect(metered.warnings.map((w) => w.code)).toContain('heating-estimated-over-25');
    const read = house(fromMeters, [
      flatA,
      heatMeter('B', reading('2025-01-01', 0), reading('2025-12-31', 4_000)),
      main,
    ]);
    expect(read.costs.find((c) => c.key === 'heating')?.totalUnitsMilli).toBe(11_000_000);
  });
});
