// Worked examples derived from the HeizkostenV and the CO2KostAufG (docs/domain/heating-and-co2.md).

import { describe, expect, it } from 'vitest';
import { settlementInput, tenancy, unit } from '../../../tests/builders/building';
import { toDayNumber } from '../dates';
import { calculateSettlement } from '../settlement/calculate';
import { co2FactorMicro, co2KgMilli, co2Step, kgPerM2Tenths, landlordPermille } from './co2';
import { DEGREE_DAY_PERMILLE, degreeDays } from './degree-days';
import { fuelConsumed } from './fuel';
import { hotWaterHeat } from './hot-water';
import type { ComputedHeatingInput, HeatingInput } from './types';

const day = toDayNumber;
const readings = (
  totalMilli: number,
  byTenancyMilli: Record<string, number> = {},
  byUnitMilli: Record<string, number> = {},
) => ({ totalMilli, byTenancyMilli, byUnitMilli });
const rowsOf = (r: ReturnType<typeof calculateSettlement>, id: string) =>
  r.tenancies.find((t) => t.tenancyId === id)?.rows.map((x) => x.shareCents);

/** Oil: 2.000 l in stock at 0,90 €/l, 3.000 l in March at 1,00 €/l, 2.500 l in October at 1,10 €/l, 3.000 l left. */
const oil: ComputedHeatingInput['fuel'] = {
  kind: 'oil',
  billedOnHs: false,
  openingStock: { quantityMilli: 2_000_000, valueCents: 180_000 },
  deliveries: [
    { date: '2025-10-05', quantityMilli: 2_500_000, kwhMilli: 25_000_000, amountCents: 275_000 },
    { date: '2025-03-10', quantityMilli: 3_000_000, kwhMilli: 30_000_000, amountCents: 300_000 },
  ],
  closingStock: { quantityMilli: 3_000_000 },
};

describe('fuel consumed (first in, first out)', () => {
  it('values the closing stock at the newest deliveries', () => {
    // kept: 2.500 l of October (2.750 €) + 500 l of March (500 €) = 3.250 €; used 1.800 + 3.000 + 2.750 − 3.250
    expect(fuelConsumed(oil)).toEqual({
      closingExceedsStock: false,
      fuel: { quantityMilli: 4_500_000, kwhMilli: 45_000_000, valueCents: 430_000 },
    });
  });

  it('refuses a closing stock larger than what there was', () => {
    expect(fuelConsumed({ ...oil, closingStock: { quantityMilli: 7_500_001 } }).closingExceedsStock).toBe(
      true,
    );
  });
});

describe('the heat for hot water (§9(2))', () => {
  const water = (method: 'volume' | 'area' | 'meter') => ({
    method,
    volumeMilli: 100_000,
    temperatureMilli: 60_000,
    areaMilli: 100_000,
    kwhMilli: 9_000_000,
    consumptionPercent: 70,
    readings: readings(100_000),
  });
  const kwh = (q: { n: bigint; d: bigint } | null) => (q ? Number(q.n) / Number(q.d) / 1000 : null);

  it('is 2,5 × V × (tw − 10), × 1,11 for gas billed on Hs', () => {
    expect(kwh(hotWaterHeat(water('volume'), { ...oil, kind: 'gas', billedOnHs: false }, 0))).toBe(12_500);
    expect(kwh(hotWaterHeat(water('volume'), { ...oil, kind: 'gas', billedOnHs: true }, 0))).toBeCloseTo(
      13_875,
      9,
    );
  });

  it('is 32 × A without a volume, ÷ 1,15 for bought heat and × 0,30 for a heat pump', () => {
    expect(kwh(hotWaterHeat(water('area'), oil, 0))).toBe(3_200);
    expect(kwh(hotWaterHeat(water('area'), { ...oil, kind: 'district' }, 0))).toBeCloseTo(3_200 / 1.15, 9);
    expect(kwh(hotWaterHeat(water('area'), { ...oil, kind: 'heatpump' }, 0))).toBeCloseTo(960, 9);
  });

  it('takes a heat meter’s kWh as measured', () => {
    expect(kwh(hotWaterHeat(water('meter'), { ...oil, kind: 'gas', billedOnHs: true }, 0))).toBe(9_000);
  });
});

describe('degree days (§9b)', () => {
  it('make up 1000 ‰ in a year, a leap year too, June to August 40 ‰ together', () => {
    expect(degreeDays(day('2025-01-01'), day('2025-12-31'))).toBe(1000n * DEGREE_DAY_PERMILLE);
    expect(degreeDays(day('2024-01-01'), day('2024-12-31'))).toBe(1000n * DEGREE_DAY_PERMILLE);
    expect(degreeDays(day('2025-06-01'), day('2025-08-31'))).toBe(40n * DEGREE_DAY_PERMILLE);
    // January to 15 July: 570 ‰ + 45 of the summer's 92 days × 40 ‰
    expect(degreeDays(day('2025-01-01'), day('2025-07-15'))).toBe(
      570n * DEGREE_DAY_PERMILLE + (45n * 40n * DEGREE_DAY_PERMILLE) / 92n,
    );
  });
});

describe('a computed oil heating with hot water', () => {
  const units = [unit('A', 60), unit('B', 40)];
  const tenancies = [tenancy('a', 'A', '2020-01-01', null), tenancy('b', 'B', '2020-01-01', null)];
  const heating: HeatingInput = {
    mode: 'computed',
    building: { nonResidential: false, co2Restriction: 'none' },
    co2: {},
    computed: {
      fuel: oil,
      operatingCosts: [
        { name: 'Betriebsstrom', amountCents: 20_000 },
        { name: 'Wartung', amountCents: 30_000 },
        { name: 'Immissionsmessung', amountCents: 5_000 },
      ],
      heatingConsumptionPercent: 70,
      hotWater: {
        method: 'volume',
        volumeMilli: 100_000,
        temperatureMilli: 60_000,
        consumptionPercent: 70,
        readings: readings(100_000, { a: 60_000, b: 40_000 }),
      },
      heat: readings(1_000_000, { a: 600_000, b: 400_000 }),
    },
  };

  it('splits 4.850 € by §9(2) into hot water 12.500/45.000 and heating, each 70 % by consumption', () => {
    const r = calculateSettlement(settlementInput({ units, tenancies, heating }));
    // 4.850 € × 12.500 / 45.000 = 1.347,2222 €; heating keeps the odd cent: 3.502,78 €
    expect(r.costs.map((c) => [c.key, c.amountCents])).toEqual([
      ['heating', 350_278],
      ['hot-water', 134_722],
    ]);
    // heating: 70 % = 2.451,95 € (the odd cent, .6 > .4) by units 600/400, 30 % = 1.050,83 € by area 60/40
    // hot water: 70 % = 943,05 €, 30 % = 404,17 € (the odd cent), both 60/40 (m³ and area)
    expect(rowsOf(r, 'a')).toEqual([147_117 + 63_050, 56_583 + 24_250]);
    expect(rowsOf(r, 'b')).toEqual([98_078 + 42_033, 37_722 + 16_167]);
    expect(r.heating?.fuel).toEqual({ quantityMilli: 4_500_000, kwhMilli: 45_000_000, valueCents: 430_000 });
    expect(r.heating?.hotWaterKwhMilli).toBe(12_500_000);
    expect(r.costs.every((c) => c.differenceCents === 0)).toBe(true);
  });

  it('warns of the missing CO2 data and the 3 % cut, and derives the kg from oil when only the cost is missing', () => {
    const r = calculateSettlement(settlementInput({ units, tenancies, heating }));
    expect(r.warnings.find((w) => w.code === 'co2-missing')?.message).toContain('3 %');
    const withCost = calculateSettlement(
      settlementInput({ units, tenancies, heating: { ...heating, co2: { costCents: 78_461 } } }),
    );
    // 45.000 kWh × 0,2664 = 11.988 kg over 100 m² = 119,9 kg/m²·a: step 10, landlord 95 %
    expect(withCost.heating?.co2).toMatchObject({ kgMilli: 11_988_000, kgPerM2Tenths: 1199, step: 10 });
    expect(withCost.heating?.co2?.landlordCents).toBe(74_538);
  });
});

describe('a tenant change without interim reading (§9b)', () => {
  it('splits the flat’s heat units by degree days and its hot water by days', () => {
    const units = [unit('A', 50)];
    const tenancies = [tenancy('x', 'A', '2020-01-01', '2025-04-30'), tenancy('y', 'A', '2025-05-01', null)];
    const heating: HeatingInput = {
      mode: 'computed',
      building: { nonResidential: false, co2Restriction: 'none' },
      co2: {},
      computed: {
        fuel: { kind: 'gas', billedOnHs: true, deliveries: [] },
        operatingCosts: [{ name: 'Wartung', amountCents: 100_000 }],
        heatingConsumptionPercent: 50,
        heat: readings(600_000, {}, { A: 600_000 }),
      },
    };
    const r = calculateSettlement(settlementInput({ units, tenancies, heating }));
    // January–April 530 ‰, May–December 470 ‰ of 600 units
    expect(r.tenancies.map((t) => t.rows[0]?.unitsMilli)).toEqual([318_000, 282_000]);
    expect(r.warnings.map((w) => w.code)).toContain('heating-degree-days');
    // 500 € by units 318/282, 500 € by area × days 120/245
    expect(rowsOf(r, 'x')).toEqual([26_500 + 16_438]);
    expect(rowsOf(r, 'y')).toEqual([23_500 + 33_562]);
  });
});

describe('the CO2 step table', () => {
  it('puts 11,9 in step 1 and exactly 12,0 in step 2 (landlord 10 %)', () => {
    expect(co2Step(119, null)).toBe(1);
    expect(co2Step(120, null)).toBe(2);
    expect(landlordPermille(co2Step(120, null), false, 'none')).toBe(100);
    expect(co2Step(169, null)).toBe(2);
    expect(co2Step(170, null)).toBe(3);
    expect(co2Step(519, null)).toBe(9);
    expect(co2Step(520, null)).toBe(10);
    expect(landlordPermille(10, false, 'none')).toBe(950);
  });

  it('rounds kg/m² to one decimal first: 1.199,5 kg on 100 m² is 12,0', () => {
    expect(kgPerM2Tenths(1_199_500, 100_000)).toBe(120);
    expect(kgPerM2Tenths(1_194_999, 100_000)).toBe(119);
  });

  it('scales the limits by days/365 for a shorter period', () => {
    // 181 days: the first limit is 12 × 181/365 = 5,95
    expect(co2Step(59, 181)).toBe(1);
    expect(co2Step(60, 181)).toBe(2);
    const r = calculateSettlement(
      settlementInput({
        periodEnd: '2025-06-30',
        units: [unit('A', 100)],
        tenancies: [tenancy('a', 'A', '2020-01-01', null)],
        heating: service({ a: { heatingCents: 50_000, hotWaterCents: 0 } }, 50_000, {
          kgMilli: 600_000,
          costCents: 3_300,
        }),
      }),
    );
    expect(r.heating?.co2).toMatchObject({
      kgPerM2Tenths: 60,
      step: 2,
      landlordPermille: 100,
      landlordCents: 330,
    });
  });

  it('halves the landlord’s share for one §9 restriction, none for both, 50 % for non-residential', () => {
    expect(landlordPermille(10, false, 'building')).toBe(475);
    expect(landlordPermille(10, false, 'both')).toBe(0);
    expect(landlordPermille(null, true, 'none')).toBe(500);
    expect(landlordPermille(null, true, 'supply')).toBe(250);
  });

  it('uses the Hs factor for gas billed on Hs', () => {
    // 100.000 kWh Hs × 0,18139 = 18.139 kg, not the 20.088 kg of the Hi factor
    expect(co2KgMilli(100_000_000, co2FactorMicro('gas', true) ?? 0)).toBe(18_139_000);
    expect(co2KgMilli(100_000_000, co2FactorMicro('gas', false) ?? 0)).toBe(20_088_000);
  });
});

function service(
  byTenancy: Record<string, { heatingCents: number; hotWaterCents: number }>,
  totalCents: number,
  co2: HeatingInput['co2'] = {},
): HeatingInput {
  return {
    mode: 'service',
    building: { nonResidential: false, co2Restriction: 'none' },
    co2,
    service: { provider: 'ista', totalCents, byTenancy },
  };
}

describe('the metering company’s result', () => {
  const units = [unit('A', 60), unit('B', 40), unit('C', 50)];
  const tenancies = [tenancy('a', 'A', '2020-01-01', null), tenancy('b', 'B', '2020-01-01', null)];

  it('takes the amounts over, leaves the rest to the landlord and deducts his CO2 share by heating shares', () => {
    const heating = service(
      {
        a: { heatingCents: 120_000, hotWaterCents: 30_000 },
        b: { heatingCents: 80_000, hotWaterCents: 20_000 },
      },
      300_000,
      { kgMilli: 5_000_000, costCents: 40_000 },
    );
    const r = calculateSettlement(settlementInput({ units, tenancies, heating }));
    // 5.000 kg / 150 m² = 33,3 kg/m²·a: step 6, landlord 50 % of 400 € = 200 €, split 1.500 : 1.000 : 500 (vacancy)
    expect(r.heating?.co2).toMatchObject({
      kgPerM2Tenths: 333,
      step: 6,
      landlordPermille: 500,
      landlordCents: 20_000,
    });
    expect(rowsOf(r, 'a')).toEqual([120_000, 30_000, -10_000]);
    expect(rowsOf(r, 'b')).toEqual([80_000, 20_000, -6_667]);
    expect(r.tenancies.find((t) => t.tenancyId === 'b')?.co2).toEqual({
      costCents: 13_333,
      tenantCents: 6_666,
      reliefCents: 6_667,
    });
    const [heat, water, relief] = r.costs;
    expect(heat?.landlord.vacancyCents).toBe(50_000);
    expect(water?.amountCents).toBe(50_000);
    expect(relief).toMatchObject({ key: 'co2-relief', amountCents: 0, differenceCents: 0 });
    expect(relief?.landlord.co2ReliefCents).toBe(16_667);
  });

  it('warns of a tenancy without an amount', () => {
    const r = calculateSettlement(
      settlementInput({
        units,
        tenancies,
        heating: service({ a: { heatingCents: 1, hotWaterCents: 0 } }, 10),
      }),
    );
    expect(r.warnings.find((w) => w.code === 'heating-amount-missing')?.path).toBe(
      'heating.service.byTenancy.b',
    );
  });
});

/** Oil heating of a house: one delivery of `amountCents` (10 kWh a litre), the heat readings given. */
function oilHeating(
  amountCents: number,
  heat: ComputedHeatingInput['heat'],
  hotWater?: ComputedHeatingInput['hotWater'],
): HeatingInput {
  return {
    mode: 'computed',
    building: { nonResidential: false, co2Restriction: 'none' },
    co2: {},
    computed: {
      fuel: {
        kind: 'oil',
        billedOnHs: false,
        deliveries: [
          { date: '2025-01-02', quantityMilli: amountCents * 10, kwhMilli: amountCents * 100, amountCents },
        ],
      },
      operatingCosts: [],
      heatingConsumptionPercent: 70,
      heat,
      ...(hotWater ? { hotWater } : {}),
    },
  };
}

describe('hot water of a short period by the area formula', () => {
  // 100 m² heated, 120 days (01.01.–30.04.2025): Q = 32 kWh/m² × 100 m² × 120/365 = 1.052,05 kWh,
  // not a whole year's 3.200 kWh. Of 9.000 kWh of oil that is 11,69 %, not 35,56 %.
  const input = (periodEnd: string) =>
    settlementInput({
      periodStart: '2025-01-01',
      periodEnd,
      units: [unit('A', 100)],
      tenancies: [tenancy('a', 'A', '2020-01-01', null)],
      heating: oilHeating(
        90_000,
        { totalMilli: 1_000, byTenancyMilli: { a: 1_000 }, byUnitMilli: {} },
        {
          method: 'area',
          consumptionPercent: 70,
          readings: { totalMilli: 10_000, byTenancyMilli: { a: 10_000 }, byUnitMilli: {} },
        },
      ),
    });

  it('takes the period’s days of the 32 kWh/m² a year', () => {
    expect(calculateSettlement(input('2025-04-30')).heating?.hotWaterKwhMilli).toBe(1_052_055);
    expect(calculateSettlement(input('2025-12-31')).heating?.hotWaterKwhMilli).toBe(3_200_000);
  });
});

describe('each heating row within one cent of exact', () => {
  it('gives two identical flats the same share, not 361,24 and 361,26', () => {
    // 722,50 € of heating, 70 % by equal readings and 30 % by equal areas: exactly 361,25 € each. Split
    // part by part, each part's tie cent went to the first flat.
    const result = calculateSettlement(
      settlementInput({
        units: [unit('A', 50), unit('B', 50)],
        tenancies: [tenancy('a', 'A', '2020-01-01', null), tenancy('b', 'B', '2020-01-01', null)],
        heating: oilHeating(72_250, {
          totalMilli: 1_000_000,
          byTenancyMilli: { a: 500_000, b: 500_000 },
          byUnitMilli: {},
        }),
      }),
    );
    const heating = result.costs.find((c) => c.key === 'heating');
    expect(result.tenancies.map((t) => t.rows[heating?.index ?? -1]?.shareCents)).toEqual([36_125, 36_125]);
  });
});

describe('the § 12 cut as an amount', () => {
  it('takes 15 % off each tenant’s heating split without readings; the landlord bears it', () => {
    // 1.000,00 € of heating, no readings at all: by area 600,00 / 400,00, each tenant may cut 15 %
    // (§ 12(1) HeizkostenV): 510,00 and 340,00; the landlord carries 150,00.
    const result = calculateSettlement(
      settlementInput({
        units: [unit('A', 60), unit('B', 40)],
        tenancies: [tenancy('a', 'A', '2020-01-01', null), tenancy('b', 'B', '2020-01-01', null)],
        heating: oilHeating(100_000, { totalMilli: 0, byTenancyMilli: {}, byUnitMilli: {} }),
      }),
    );
    const heating = result.costs.find((c) => c.key === 'heating');
    expect(result.tenancies.map((t) => t.rows[heating?.index ?? -1]?.shareCents)).toEqual([51_000, 34_000]);
    expect(result.tenancies.map((t) => t.cuts)).toEqual([
      [{ key: 'heating', reason: 'not-by-consumption', percent: 15, cents: 9_000 }],
      [{ key: 'heating', reason: 'not-by-consumption', percent: 15, cents: 6_000 }],
    ]);
    expect(heating?.landlord).toMatchObject({ cutCents: 15_000, shareCents: 15_000 });
    expect(heating?.differenceCents).toBe(0);
  });
});

describe('the 3 % cuts', () => {
  // 1.000,00 € of heating, readings and areas 60 : 40: 600,00 and 400,00 before any cut
  const house = (heating: HeatingInput, period: Partial<{ periodStart: string; periodEnd: string }> = {}) =>
    calculateSettlement(
      settlementInput({
        ...period,
        units: [unit('A', 60), unit('B', 40)],
        tenancies: [tenancy('a', 'A', '2020-01-01', null), tenancy('b', 'B', '2020-01-01', null)],
        heating,
      }),
    );
  const read = readings(1_000_000, { a: 600_000, b: 400_000 });
  const heatingRow = (r: ReturnType<typeof calculateSettlement>) => {
    const heating = r.costs.find((c) => c.key === 'heating');
    return { heating, shares: r.tenancies.map((t) => t.rows[heating?.index ?? -1]?.shareCents) };
  };
  const withCo2 = (h: HeatingInput): HeatingInput => ({ ...h, co2: { kgMilli: 2_000_000, costCents: 0 } });

  it('without CO2 data only warns, unless the landlord applies the cut of § 7(4) CO2KostAufG', () => {
    const warned = house(oilHeating(100_000, read));
    expect(heatingRow(warned).shares).toEqual([60_000, 40_000]);
    expect(warned.warnings.map((w) => w.code)).toContain('co2-missing');

    const cut = house({ ...oilHeating(100_000, read), co2: { cutWithoutData: true } });
    const { heating, shares } = heatingRow(cut);
    expect(shares).toEqual([58_200, 38_800]);
    expect(cut.tenancies[0]?.cuts).toEqual([
      { key: 'heating', reason: 'co2-not-disclosed', percent: 3, cents: 1_800 },
    ]);
    expect(heating?.landlord).toMatchObject({ cutCents: 3_000, shareCents: 3_000 });
    expect(heating?.differenceCents).toBe(0);
  });

  it('does not cut where the CO2 data is there, even when the landlord asked for the cut', () => {
    const r = house({
      ...withCo2(oilHeating(100_000, read)),
      co2: { kgMilli: 2_000_000, costCents: 0, cutWithoutData: true },
    });
    expect(heatingRow(r).shares).toEqual([60_000, 40_000]);
    expect(r.tenancies[0]?.cuts).toBeUndefined();
  });

  it('from 2027 cuts 3 % each without remote reading and without the monthly information', () => {
    const y2027 = { periodStart: '2027-01-01', periodEnd: '2027-12-31' };
    const base = withCo2(oilHeating(100_000, read));
    const unknown = house(base, y2027);
    expect(heatingRow(unknown).shares).toEqual([60_000, 40_000]);
    expect(unknown.warnings.map((w) => w.code)).toContain('heating-2027-unknown');

    const both = house(
      { ...base, building: { ...base.building, remoteReading: false, consumptionInformation: false } },
      y2027,
    );
    expect(heatingRow(both).shares).toEqual([56_400, 37_600]);
    expect(both.tenancies[1]?.cuts?.map((c) => [c.reason, c.cents])).toEqual([
      ['not-remote-readable', 1_200],
      ['no-consumption-information', 1_200],
    ]);
    expect(both.warnings.map((w) => w.code)).not.toContain('heating-2027-unknown');

    const one = house(
      { ...base, building: { ...base.building, remoteReading: true, consumptionInformation: false } },
      y2027,
    );
    expect(heatingRow(one).shares).toEqual([58_200, 38_800]);
  });

  it('cuts nothing for remote reading in a period that ends before 2027', () => {
    const base = withCo2(oilHeating(100_000, read));
    const r = house({
      ...base,
      building: { ...base.building, remoteReading: false, consumptionInformation: false },
    });
    expect(heatingRow(r).shares).toEqual([60_000, 40_000]);
    expect(r.warnings.map((w) => w.code)).not.toContain('heating-2027-unknown');
  });
});

describe('a parking space and heating', () => {
  it('is not heated: the area part and the building’s m² leave it out', () => {
    const result = calculateSettlement(
      settlementInput({
        units: [unit('A', 60), { ...unit('G', 15), kind: 'parking' }],
        tenancies: [tenancy('a', 'A', '2020-01-01', null), tenancy('g', 'G', '2020-01-01', null)],
        heating: oilHeating(100_000, { totalMilli: 0, byTenancyMilli: {}, byUnitMilli: {} }),
      }),
    );
    const heating = result.costs.find((c) => c.key === 'heating');
    // all by area (no readings): the flat bears it, less its 15 % cut; the garage nothing
    expect(result.tenancies.map((t) => t.rows[heating?.index ?? -1]?.shareCents)).toEqual([85_000, 0]);
  });
});

describe('a cost of one pot (§ 9(1) S. 3 HeizkostenV)', () => {
  // 1.000,00 € of oil, 10.000 kWh, of which 2.500 kWh for hot water (25 %); one flat reads all
  const withCosts = (
    operatingCosts: ComputedHeatingInput['operatingCosts'],
    hotWater = true,
  ): HeatingInput => {
    const base = oilHeating(
      100_000,
      readings(1_000_000, { a: 1_000_000 }),
      hotWater
        ? {
            method: 'meter',
            kwhMilli: 2_500_000,
            consumptionPercent: 70,
            readings: readings(1_000_000, { a: 1_000_000 }),
          }
        : undefined,
    );
    return { ...base, computed: base.computed ? { ...base.computed, operatingCosts } : undefined };
  };
  const pots = (heating: HeatingInput) => {
    const r = calculateSettlement(
      settlementInput({
        units: [unit('A', 60)],
        tenancies: [tenancy('a', 'A', '2020-01-01', null)],
        heating,
      }),
    );
    return {
      heating: r.costs.find((c) => c.key === 'heating')?.amountCents,
      hotWater: r.costs.find((c) => c.key === 'hot-water')?.amountCents,
      codes: r.warnings.map((w) => w.code),
    };
  };

  it('puts the hot-water meters’ rent on hot water alone, the rest shared by the heat', () => {
    // shared 1.000 + 200 € maintenance: 300 € hot water, 900 € heating; + 80 € meter rent on hot water
    expect(
      pots(
        withCosts([
          { name: 'Wartung', amountCents: 20_000 },
          { name: 'Zählermiete Warmwasser', amountCents: 8_000, pot: 'hot-water' },
        ]),
      ),
    ).toMatchObject({ heating: 90_000, hotWater: 38_000 });
  });

  it('puts a cost of the heating alone on the heating', () => {
    expect(
      pots(withCosts([{ name: 'Heizkostenverteiler', amountCents: 4_000, pot: 'heating' }])),
    ).toMatchObject({
      heating: 79_000,
      hotWater: 25_000,
    });
  });

  it('refuses a hot-water cost without a hot-water split', () => {
    expect(
      pots(withCosts([{ name: 'Zählermiete', amountCents: 8_000, pot: 'hot-water' }], false)).codes,
    ).toContain('hot-water-pot-missing');
  });
});
