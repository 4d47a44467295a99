// Worked example of docs/domain/house.md: a flat's water meter exchanged in June, its tenant changing in
// September, a second flat, and the main meter.

import { describe, expect, it } from 'vitest';
import { cost, settlementInput, tenancy, unit } from '../../../tests/builders/building';
import { calculateSettlement } from './calculate';
import type { MeterInput } from './meter-consumption';

const reading = (date: string, value: number, estimated = false) => ({
  date,
  valueMilli: value * 1000,
  estimated,
});
const meter = (id: string, unitId: string | null, ...readings: ReturnType<typeof reading>[]): MeterInput => ({
  id,
  unitId,
  kind: 'cold-water',
  number: id,
  readings,
});

function house(meters: MeterInput[]) {
  return settlementInput({
    units: [unit('A', 60), unit('B', 40)],
    tenancies: [
      tenancy('anna', 'A', '2020-01-01', null),
      tenancy('ben', 'B', '2020-01-01', '2025-08-31'),
      tenancy('cara', 'B', '2025-09-01', null),
    ],
    costs: [{ ...cost('Wasser', 23_000, 'consumption'), meterKind: 'cold-water' }],
    meters,
  });
}

const flatA = meter('A-1', 'A', reading('2025-01-01', 100), reading('2025-12-31', 160));
// B's old meter until its exchange on 15.06., the new one from 0; Ben's move-out reading on 31.08.
const oldB = meter('B-1', 'B', reading('2025-01-01', 50), reading('2025-06-15', 70));
const newB = meter(
  'B-2',
  'B',
  reading('2025-06-15', 0),
  reading('2025-08-31', 12),
  reading('2025-12-31', 30),
);
const main = meter('H', null, reading('2025-01-01', 1_000), reading('2025-12-31', 1_115));

describe('consumption from meter readings', () => {
  it('counts a meter exchange and a tenant change exactly, and leaves the main meter’s excess to the landlord', () => {
    // Anna 160 − 100 = 60; Ben (70 − 50) + (12 − 0) = 32; Cara 30 − 12 = 18; main 115, so 5 m³ are
    // nobody's flat's. 230,00 € over 115 m³ = 2,00 €/m³: 120,00 / 64,00 / 36,00 and 10,00 the landlord's.
    const result = calculateSettlement(house([flatA, oldB, newB, main]));
    expect(result.tenancies.map((t) => [t.tenancyId, t.rows[0]?.unitsMilli, t.rows[0]?.shareCents])).toEqual([
      ['anna', 60_000, 12_000],
      ['ben', 32_000, 6_400],
      ['cara', 18_000, 3_600],
    ]);
    expect(result.costs[0]).toMatchObject({ totalUnitsMilli: 115_000, differenceCents: 0 });
    expect(result.costs[0]?.landlord).toMatchObject({ vacancyCents: 0, unmeteredCents: 1_000 });
    expect(result.warnings).toEqual([]);
  });

  it('estimates a reading missing at a tenant change by days between readings, and says so', () => {
    const withoutMoveOut = meter('B-2', 'B', reading('2025-06-15', 0), reading('2025-12-31', 30));
    const result = calculateSettlement(house([flatA, oldB, withoutMoveOut, main]));
    // 01.09. is 78 of the 199 days from 15.06. to 31.12.: 30 × 78/199 = 11,759 m³
    expect(result.tenancies.find((t) => t.tenancyId === 'ben')?.rows[0]?.unitsMilli).toBe(20_000 + 11_759);
    expect(result.tenancies.find((t) => t.tenancyId === 'cara')?.rows[0]?.unitsMilli).toBe(30_000 - 11_759);
    expect(result.warnings.map((w) => [w.code, w.path])).toEqual([
      ['consumption-estimated', 'costs.0.consumption.byTenancy.ben'],
      ['consumption-estimated', 'costs.0.consumption.byTenancy.cara'],
    ]);
  });

  it('warns when the main meter counts more than 20 % over the flats’ meters, and of missing readings', () => {
    const leaky = meter('H', null, reading('2025-01-01', 1_000), reading('2025-12-31', 1_200));
    const lateA = meter('A-1', 'A', reading('2025-03-01', 100), reading('2025-12-31', 160));
    const result = calculateSettlement(house([lateA, oldB, newB, leaky]));
    expect(result.warnings.map((w) => w.code)).toEqual(['consumption-missing', 'meter-excess']);
    expect(result.warnings[1]?.message).toContain('200 gegenüber 110');
  });
});
