// Invariants of the calculation, checked on random statements.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cost, form } from '../../../tests/builders/statement';
import { ALLOCATION_KEY_VALUES } from '../catalog';
import { MAX_CENTS, parseMoney } from '../money';
import { unitsOf } from './allocation';
import { computeStatement } from './compute';
import type { CostItem } from './types';

const units = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 0, max: 10_000_000 }).map((milli) => milli / 1000),
);

const costItem: fc.Arbitrary<CostItem> = fc
  .record({
    amount: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: MAX_CENTS })),
    key: fc.constantFrom(...ALLOCATION_KEY_VALUES),
    total: units,
    tenant: units,
  })
  .map(({ amount, key, total, tenant }) =>
    cost('K', amount, key, {
      totalArea: total,
      tenantArea: tenant,
      totalConsumption: total,
      tenantConsumption: tenant,
      totalPeople: total,
      tenantPeople: tenant,
    }),
  );

const statement = fc
  .record({
    costs: fc.array(costItem, { maxLength: 30 }),
    monthly: fc.integer({ min: 0, max: 1_000_000 }),
    months: fc.integer({ min: 0, max: 120 }),
  })
  .map(({ costs, monthly, months }) =>
    form({ costs, prepayments: { monthly, months, total: monthly * months } }),
  );

const toMilli = (v: number | null) => BigInt(Math.round((v ?? 0) * 1000));

describe('statement invariants', () => {
  it('printed shares add up to the printed tenant total; amounts to the total costs', () => {
    fc.assert(
      fc.property(statement, (data) => {
        const v = computeStatement(data, '2025-01-15');
        expect(v.rows.reduce((s, r) => s + r.shareCents, 0)).toBe(v.tenantTotalCents);
        expect(v.rows.reduce((s, r) => s + r.amountCents, 0)).toBe(v.totalCostsCents);
        expect(v.differenceCents).toBe(v.tenantTotalCents - v.prepaymentCents);
        expect(v.resultLabel).toBe(v.differenceCents >= 0 ? 'Nachzahlung' : 'Guthaben');
        for (const r of v.rows) {
          expect(Number.isSafeInteger(r.shareCents)).toBe(true);
          const printed = parseMoney(r.shareText);
          expect(printed.ok && printed.cents).toBe(r.shareCents);
        }
      }),
    );
  });

  it('a share is within half a cent of the exact share and never above its amount when tenant ≤ total', () => {
    fc.assert(
      fc.property(costItem, (item) => {
        const [row] = computeStatement(form({ costs: [item] }), '2025-01-15').rows;
        if (!row) throw new Error('no row');
        const amount = BigInt(item.amount ?? 0);
        const share = BigInt(row.shareCents);
        expect(share >= 0n).toBe(true);
        if (item.allocationKey === 'Pauschal') {
          expect(share).toBe(amount);
          return;
        }
        const { total, tenant } = unitsOf(item, item.allocationKey);
        const t = toMilli(total);
        const m = toMilli(tenant);
        if (t <= 0n || m <= 0n) {
          expect(share).toBe(0n);
          return;
        }
        if (amount * m > BigInt(MAX_CENTS) * t) {
          // Only possible with tenant units far above the total: capped at the amount limit.
          expect(share).toBe(BigInt(MAX_CENTS));
          return;
        }
        // |share − amount·m/t| ≤ ½ cent, in integers.
        const error = 2n * share * t - 2n * amount * m;
        expect(error <= t && error >= -t).toBe(true);
        if (m <= t) expect(share <= amount).toBe(true);
      }),
    );
  });
});
