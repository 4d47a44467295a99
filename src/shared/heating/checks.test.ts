// §9a HeizkostenV (estimated readings), several heat-cost allocators per tenancy, and a metering
// company's statement that already deducted the landlord's CO2 share.

import { describe, expect, it } from 'vitest';
import { settlementInput, tenancy, unit } from '../../../tests/builders/building';
import { heatingInputSchema } from '../schemas/heating';
import { calculateSettlement } from '../settlement/calculate';
import { heatingEngineInput } from '../settlement-view/heating-input';
import type { HeatingInput, Readings } from './types';

const rowsOf = (r: ReturnType<typeof calculateSettlement>, id: string) =>
  r.tenancies.find((t) => t.tenancyId === id)?.rows.map((x) => x.shareCents);
const codes = (r: ReturnType<typeof calculateSettlement>) => r.warnings.map((w) => w.code);

/** 1.000 € of gas, 70 % by consumption; A 75 m², B 25 m², both let all year. */
function computed(heat: Readings): HeatingInput {
  return {
    mode: 'computed',
    building: { nonResidential: false, co2Restriction: 'none' },
    co2: {},
    computed: {
      fuel: {
        kind: 'gas',
        billedOnHs: true,
        deliveries: [
          { date: '2025-01-10', quantityMilli: 1_000_000, kwhMilli: 10_000_000, amountCents: 100_000 },
        ],
      },
      operatingCosts: [],
      heatingConsumptionPercent: 70,
      heat,
    },
  };
}
const units = [unit('A', 75), unit('B', 25)];
const tenancies = [tenancy('a', 'A', '2020-01-01', null), tenancy('b', 'B', '2020-01-01', null)];
const run = (heat: Readings) =>
  calculateSettlement(settlementInput({ units, tenancies, heating: computed(heat) }));
const heat = (estimated: string[]) => ({
  totalMilli: 1_000_000,
  byTenancyMilli: { a: 200_000, b: 800_000 },
  byUnitMilli: {},
  estimated,
});

describe('estimated readings (§9a HeizkostenV)', () => {
  it('keeps the consumption split while at most 25 % of the area is estimated', () => {
    const r = run(heat(['b']));
    // 700 € by units 200/800, 300 € by area 75/25
    expect(rowsOf(r, 'a')).toEqual([14_000 + 22_500]);
    expect(rowsOf(r, 'b')).toEqual([56_000 + 7_500]);
    expect(codes(r)).not.toContain('heating-estimated-over-25');
  });

  it('splits by area only once more than 25 % is estimated, without the 15 % warning', () => {
    const r = run(heat(['a']));
    expect(rowsOf(r, 'a')).toEqual([75_000]);
    expect(rowsOf(r, 'b')).toEqual([25_000]);
    const warning = r.warnings.find((w) => w.code === 'heating-estimated-over-25');
    expect(warning).toMatchObject({ severity: 'warning', path: 'heating.computed.heat.estimated' });
    expect(warning?.message).toContain('§ 9a Abs. 2 HeizkostenV');
    expect(codes(r)).not.toContain('heating-not-by-consumption');
    expect(r.tenancies.map((t) => t.rows[0]?.unitsMilli)).toEqual([null, null]);
    expect(r.costs[0]?.totalUnitsMilli).toBeNull();
  });

  it('weighs the area by days and counts a whole flat’s estimated reading (§9b)', () => {
    // B changes tenants on 1 July without interim reading; its estimated flat reading is 25 % of the area
    const changing = [
      tenancy('a', 'A', '2020-01-01', null),
      tenancy('b1', 'B', '2020-01-01', '2025-06-30'),
      tenancy('b2', 'B', '2025-07-01', null),
    ];
    const readings = (estimated: string[]): Readings => ({
      totalMilli: 1_000_000,
      byTenancyMilli: { a: 600_000 },
      byUnitMilli: { B: 400_000 },
      estimated,
    });
    const at = (estimated: string[], list = units) =>
      calculateSettlement(
        settlementInput({ units: list, tenancies: changing, heating: computed(readings(estimated)) }),
      );
    expect(codes(at(['B']))).not.toContain('heating-estimated-over-25');
    // with B at 30 m² of 105, its estimated reading covers 28,6 %
    expect(codes(at(['B'], [unit('A', 75), unit('B', 30)]))).toContain('heating-estimated-over-25');
  });

  it('warns when readings are missing for more than 25 % of the area, and not at 25 %', () => {
    const missing = run({ totalMilli: 1_000_000, byTenancyMilli: { b: 800_000 }, byUnitMilli: {} });
    expect(missing.warnings.find((w) => w.code === 'heating-readings-missing-over-25')?.path).toBe(
      'heating.computed.heat.byTenancy',
    );
    const quarter = run({ totalMilli: 1_000_000, byTenancyMilli: { a: 200_000 }, byUnitMilli: {} });
    expect(codes(quarter)).not.toContain('heating-readings-missing-over-25');
  });
});

describe('several heat-cost allocators per tenancy', () => {
  it('rates each allocator by its factor and adds them up', () => {
    const id = '11111111-1111-4111-8111-111111111111';
    const body = heatingInputSchema.parse({
      mode: 'computed',
      computed: {
        fuel: { kind: 'oil', deliveries: [] },
        heat: {
          totalUnits: 500,
          byTenancy: {
            [id]: [
              { units: 100, factor: 1.25 },
              { units: 80.5, factor: 0.8 },
              { units: 33.3, factor: 1.015 },
            ],
          },
        },
      },
    });
    // 125 + 64,4 + 33,7995 = 223,1995 → 223,200 (half up to the thousandth)
    expect(heatingEngineInput(body).computed?.heat.byTenancyMilli[id]).toBe(223_200);
  });
});

describe('a metering company’s statement that already deducted the CO2 share', () => {
  const three = [unit('A', 60), unit('B', 40), unit('C', 50)];
  const two = [tenancy('a', 'A', '2020-01-01', null), tenancy('b', 'B', '2020-01-01', null)];
  const service = (alreadyDeducted: boolean | undefined): HeatingInput => ({
    mode: 'service',
    building: { nonResidential: false, co2Restriction: 'none' },
    co2: { kgMilli: 5_000_000, costCents: 40_000, alreadyDeducted },
    service: {
      provider: 'ista',
      totalCents: 300_000,
      byTenancy: {
        a: { heatingCents: 120_000, hotWaterCents: 30_000 },
        b: { heatingCents: 80_000, hotWaterCents: 20_000 },
      },
    },
  });

  it('discloses the split but deducts no second time', () => {
    const r = calculateSettlement(settlementInput({ units: three, tenancies: two, heating: service(true) }));
    expect(r.costs.map((c) => c.key)).toEqual(['heating', 'hot-water']);
    expect(rowsOf(r, 'a')).toEqual([120_000, 30_000]);
    // the §7(3) figures stay: step 6, landlord 50 % of 400 €, b's part 133,33 € of which 66,67 € relief
    expect(r.heating?.co2).toMatchObject({ step: 6, landlordCents: 20_000, alreadyDeducted: true });
    expect(r.tenancies.find((t) => t.tenancyId === 'b')?.co2).toEqual({
      costCents: 13_333,
      tenantCents: 6_666,
      reliefCents: 6_667,
    });
    expect(r.landlord.totalCents).toBe(50_000);
  });

  it('deducts as before without the choice, and ignores it when computed here', () => {
    const r = calculateSettlement(settlementInput({ units: three, tenancies: two, heating: service(false) }));
    expect(r.costs.map((c) => c.key)).toEqual(['heating', 'hot-water', 'co2-relief']);
    expect(r.heating?.co2?.alreadyDeducted).toBe(false);
    const here = computed(heat([]));
    const gas = calculateSettlement(
      settlementInput({
        units,
        tenancies,
        heating: { ...here, co2: { costCents: 10_000, alreadyDeducted: true } },
      }),
    );
    expect(gas.costs.map((c) => c.key)).toContain('co2-relief');
  });
});
