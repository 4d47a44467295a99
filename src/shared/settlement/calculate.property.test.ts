// Invariants of the building engine on random houses (flats, shops and parking spaces; costs of
// groups of units; credit notes; flat rates): shares add up, each within a cent of exact, vacancy and
// own use never reach a tenant, every unit's days fill the period.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tenancy, unit } from '../../../tests/builders/building';
import { addDays, daysInclusive } from '../dates';
import { SETTLEMENT_KEYS, type UnitKind } from '../vocabulary';
import { calculateSettlement } from './calculate';
import type { SettlementInput, TenancyInput, TenancyResult } from './types';

const PERIOD = { start: '2024-03-01', end: '2025-02-28' };
const PERIOD_DAYS = daysInclusive(PERIOD.start, PERIOD.end);

/** A unit's tenancies: cut the period (plus margins) at sorted days, each piece a tenancy or a gap. */
const unitTenancies = (unitId: string) =>
  fc
    .record({
      cuts: fc.uniqueArray(fc.integer({ min: -40, max: PERIOD_DAYS + 40 }), { maxLength: 5 }),
      pieces: fc.array(
        fc.record({
          kind: fc.constantFrom('tenant', 'tenant', 'flat-rate', 'own-use', 'gap'),
          persons: fc.integer({ min: 0, max: 6 }),
          monthly: fc.integer({ min: 0, max: 50_000 }),
        }),
        { minLength: 6, maxLength: 6 },
      ),
    })
    .map(({ cuts, pieces }) => {
      const bounds = [-60, ...cuts.sort((a, b) => a - b), PERIOD_DAYS + 60];
      const out: TenancyInput[] = [];
      for (let i = 0; i + 1 < bounds.length; i++) {
        const piece = pieces[i];
        const first = bounds[i] ?? 0;
        const last = (bounds[i + 1] ?? 0) - 1;
        if (!piece || piece.kind === 'gap' || last < first) continue;
        out.push(
          tenancy(`${unitId}-${i}`, unitId, addDays(PERIOD.start, first), addDays(PERIOD.start, last), {
            kind: piece.kind === 'own-use' ? 'own-use' : 'tenant',
            persons: piece.persons,
            monthly: piece.monthly,
          }),
        );
        if (piece.kind === 'flat-rate') out.push({ ...(out.pop() as TenancyInput), flatRate: true });
      }
      return out;
    });

const house: fc.Arbitrary<SettlementInput> = fc
  .array(
    fc.record({
      area: fc.integer({ min: 1, max: 300_000 }),
      mea: fc.integer({ min: 1, max: 1_000_000 }),
      kind: fc.constantFrom('dwelling', 'dwelling', 'commercial', 'parking') as fc.Arbitrary<UnitKind>,
    }),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .chain((sizes) => {
    const units = sizes.map((s, i) => ({ ...unit(`u${i}`, 0, s.mea), areaMilli: s.area, kind: s.kind }));
    return fc.tuple(fc.constant(units), fc.tuple(...units.map((u) => unitTenancies(u.id))));
  })
  .chain(([units, perUnit]) => {
    const tenancies = perUnit.flat();
    const ids = tenancies.map((t) => t.id);
    const cost = fc
      .record({
        amountCents: fc.integer({ min: -10_000_000_000, max: 100_000_000_000 }),
        group: fc.option(
          fc.subarray(
            units.map((u) => u.id),
            { minLength: 1 },
          ),
        ),
        key: fc.constantFrom(...SETTLEMENT_KEYS),
        readings: fc.array(fc.integer({ min: 0, max: 5_000_000 }), {
          minLength: ids.length,
          maxLength: ids.length,
        }),
        rest: fc.integer({ min: 0, max: 5_000_000 }),
        direct: fc.integer({ min: 0, max: Math.max(0, ids.length - 1) }),
      })
      .map(({ amountCents, key, readings, rest, direct, group }) => ({
        name: 'K',
        amountCents,
        key,
        ...(group ? { unitIds: group } : {}),
        consumption: {
          totalMilli: readings.reduce((s, r) => s + r, 0) + rest,
          byTenancyMilli: Object.fromEntries(ids.map((id, i) => [id, readings[i] ?? 0])),
        },
        tenancyId: ids[direct],
      }));
    return fc.array(cost, { maxLength: 8 }).map(
      (costs): SettlementInput => ({
        periodStart: PERIOD.start,
        periodEnd: PERIOD.end,
        units,
        tenancies,
        costs,
      }),
    );
  });

describe('calculateSettlement on random houses', () => {
  it('adds up to the cent per cost, each party within one cent of its exact share', () => {
    fc.assert(
      fc.property(house, (input) => {
        const result = calculateSettlement(input);
        for (const c of result.costs) {
          const tenants = result.tenancies.reduce((s, t) => s + (t.rows[c.index]?.shareCents ?? 0), 0);
          const sum = (kept: (t: TenancyResult) => boolean) =>
            result.tenancies.filter(kept).reduce((s, t) => s + (t.rows[c.index]?.shareCents ?? 0), 0);
          const ownUse = sum((t) => t.kind === 'own-use');
          const flatRate = sum((t) => t.flatRate === true);
          expect(tenants - ownUse - flatRate + c.landlord.shareCents).toBe(c.amountCents);
          expect(c.landlord.ownUseCents).toBe(ownUse);
          expect(c.landlord.flatRateCents ?? 0).toBe(flatRate);
          if (c.totalWeight === 0) continue;
          for (const t of result.tenancies) {
            const row = t.rows[c.index];
            if (!row) throw new Error('row missing');
            const weight = weightOf(input, c.key, t.tenancyId, row.unitsMilli, row.days, c.index);
            // |share − A·w/W| < 1 cent, in integers: |share·W − A·w| < W
            const diff = BigInt(row.shareCents) * BigInt(c.totalWeight) - BigInt(c.amountCents) * weight;
            expect(diff < 0n ? -diff : diff).toBeLessThan(BigInt(c.totalWeight));
          }
        }
        // random houses may put a direct cost on a tenancy outside the period, or have nobody to count
        const expected = new Set(['direct-tenancy-unknown', 'key-total-zero', 'cost-group-empty']);
        expect(result.warnings.filter((w) => w.severity === 'error' && !expected.has(w.code))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('fills every unit’s period with tenancies and vacancy, day for day', () => {
    fc.assert(
      fc.property(house, (input) => {
        const result = calculateSettlement(input);
        for (const timeline of result.units) {
          expect(timeline.segments.reduce((s, seg) => s + seg.days, 0)).toBe(PERIOD_DAYS);
          expect(timeline.segments[0]?.start).toBe(PERIOD.start);
          expect(timeline.segments.at(-1)?.end).toBe(PERIOD.end);
        }
      }),
    );
  });

  it('never charges a tenant for vacancy or own use: turning them into each other changes no tenant share', () => {
    fc.assert(
      fc.property(house, (input) => {
        const spaceKeys = input.costs.filter((c) => c.key === 'area' || c.key === 'units' || c.key === 'mea');
        const withoutOwnUse = {
          ...input,
          costs: spaceKeys,
          tenancies: input.tenancies.filter((t) => t.kind === 'tenant'),
        };
        const a = calculateSettlement({ ...input, costs: spaceKeys });
        const b = calculateSettlement(withoutOwnUse);
        for (const t of b.tenancies) {
          const same = a.tenancies.find((x) => x.tenancyId === t.tenancyId);
          t.rows.forEach((row, i) => {
            // equal up to the one cent the remainder distribution may move
            expect(Math.abs(row.shareCents - (same?.rows[i]?.shareCents ?? 0))).toBeLessThanOrEqual(1);
          });
        }
      }),
    );
  });
});

/** The weight the engine should have used, recomputed from the printed units and days. */
function weightOf(
  input: SettlementInput,
  key: string,
  tenancyId: string,
  unitsMilli: number | null,
  days: number | null,
  costIndex: number,
): bigint {
  if (key === 'direct') return input.costs[costIndex]?.tenancyId === tenancyId ? 1n : 0n;
  if (key === 'persons') return BigInt((unitsMilli ?? 0) / 1000);
  if (key === 'consumption') return BigInt(unitsMilli ?? 0);
  return BigInt(unitsMilli ?? 0) * BigInt(days ?? 0);
}
