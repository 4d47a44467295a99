// Invariants of the heating split on random houses: heating + hot water + landlord = the costs of
// operation to the cent, and no tenant pays for vacancy or unmetered use (each share within 3 cents
// of its exact value from its own readings and its own area × days).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settlementInput, tenancy, unit } from '../../../tests/builders/building';
import { addDays, daysInclusive } from '../dates';
import { calculateSettlement } from '../settlement/calculate';
import type { TenancyInput } from '../settlement/types';
import type { HeatingInput } from './types';

const START = '2025-01-01';
const DAYS = daysInclusive(START, '2025-12-31');

const flat = fc.record({
  area: fc.integer({ min: 1_000, max: 200_000 }),
  /** none: vacant all year; one: a tenant from `from`; two: a change at `from` without interim reading */
  occupancy: fc.constantFrom('none', 'one', 'two', 'own'),
  from: fc.integer({ min: 1, max: DAYS - 1 }),
  heat: fc.integer({ min: 0, max: 5_000_000 }),
  water: fc.integer({ min: 0, max: 200_000 }),
  read: fc.boolean(),
});

const house = fc.record({
  flats: fc.array(flat, { minLength: 1, maxLength: 5 }),
  fuel: fc.integer({ min: 0, max: 5_000_000 }),
  kwh: fc.integer({ min: 11_000_000, max: 300_000_000 }),
  operating: fc.integer({ min: 0, max: 500_000 }),
  unreadHeat: fc.integer({ min: 0, max: 1_000_000 }),
  heatingPercent: fc.integer({ min: 50, max: 70 }),
  waterPercent: fc.integer({ min: 50, max: 70 }),
  waterArea: fc.integer({ min: 0, max: 300_000 }),
});

type House = typeof house extends fc.Arbitrary<infer T> ? T : never;

function build(h: House) {
  const units = h.flats.map((f, i) => ({ ...unit(`u${i}`, 0), areaMilli: f.area }));
  const tenancies: TenancyInput[] = [];
  const heatBy: Record<string, number> = {};
  const heatByUnit: Record<string, number> = {};
  const waterBy: Record<string, number> = {};
  const waterByUnit: Record<string, number> = {};
  h.flats.forEach((f, i) => {
    const u = `u${i}`;
    const from = addDays(START, f.from);
    if (f.occupancy === 'one' || f.occupancy === 'own') {
      tenancies.push(
        tenancy(`${u}-a`, u, from, null, { kind: f.occupancy === 'own' ? 'own-use' : 'tenant' }),
      );
      if (f.read) {
        heatBy[`${u}-a`] = f.heat;
        waterBy[`${u}-a`] = f.water;
      }
    } else if (f.occupancy === 'two') {
      tenancies.push(tenancy(`${u}-a`, u, '2020-01-01', addDays(from, -1)), tenancy(`${u}-b`, u, from, null));
    }
    // the flat's own meter over the year: split by §9b where no tenancy has its own reading
    if (!f.read || f.occupancy !== 'one') {
      heatByUnit[u] = f.heat;
      waterByUnit[u] = f.water;
    }
  });
  const sum = (r: Record<string, number>) => Object.values(r).reduce((s, x) => s + x, 0);
  const heatTotal = sum(heatBy) + sum(heatByUnit) + h.unreadHeat;
  const waterTotal = sum(waterBy) + sum(waterByUnit);
  const heating: HeatingInput = {
    mode: 'computed',
    building: { nonResidential: false, co2Restriction: 'none' },
    co2: { kgMilli: 1_000_000, costCents: Math.floor(h.fuel / 10) },
    computed: {
      fuel: {
        kind: 'gas',
        billedOnHs: true,
        deliveries: [{ date: '2025-12-31', quantityMilli: h.kwh, kwhMilli: h.kwh, amountCents: h.fuel }],
      },
      operatingCosts: [{ name: 'Wartung', amountCents: h.operating }],
      heatingConsumptionPercent: h.heatingPercent,
      hotWater: {
        method: 'area',
        areaMilli: h.waterArea,
        consumptionPercent: h.waterPercent,
        readings: { totalMilli: waterTotal, byTenancyMilli: waterBy, byUnitMilli: waterByUnit },
      },
      heat: { totalMilli: heatTotal, byTenancyMilli: heatBy, byUnitMilli: heatByUnit },
    },
  };
  return settlementInput({ units, tenancies, heating });
}

describe('heating on random houses', () => {
  it('adds heating, hot water and the landlord up to the costs of operation, to the cent', () => {
    fc.assert(
      fc.property(house, (h) => {
        const r = calculateSettlement(build(h));
        const [heat, water] = r.costs;
        expect((heat?.amountCents ?? 0) + (water?.amountCents ?? 0)).toBe(h.fuel + h.operating);
        for (const cost of r.costs) {
          const parties = r.tenancies.reduce((s, t) => s + (t.rows[cost.index]?.shareCents ?? 0), 0);
          expect(parties - cost.landlord.ownUseCents + cost.landlord.shareCents).toBe(cost.amountCents);
          expect(cost.differenceCents).toBe(0);
        }
        expect(r.warnings.filter((w) => w.severity === 'error')).toEqual([]);
      }),
    );
  });

  it('never charges a tenant for vacancy or unmetered use', () => {
    fc.assert(
      fc.property(house, (h) => {
        const input = build(h);
        const r = calculateSettlement(input);
        const areaDays = input.units.reduce((s, u) => s + u.areaMilli, 0) * DAYS;
        for (const cost of r.costs.slice(0, 2)) {
          const percent = cost.key === 'heating' ? h.heatingPercent : h.waterPercent;
          const units = cost.totalUnitsMilli ?? 0;
          for (const t of r.tenancies) {
            const row = t.rows[cost.index];
            const area = input.units.find((u) => u.id === t.unitId)?.areaMilli ?? 0;
            const exact =
              units > 0
                ? (cost.amountCents * percent * (row?.unitsMilli ?? 0)) / 100 / units +
                  (cost.amountCents * (100 - percent) * area * t.days) / 100 / areaDays
                : (cost.amountCents * area * t.days) / areaDays;
            // a pot split without readings is cut by 15 % (§ 12 HeizkostenV): compare before the cut
            const cut = (t.cuts ?? []).filter((c) => c.key === cost.key).reduce((s, c) => s + c.cents, 0);
            expect(Math.abs((row?.shareCents ?? 0) + cut - exact)).toBeLessThan(3);
          }
        }
      }),
    );
  });
});
