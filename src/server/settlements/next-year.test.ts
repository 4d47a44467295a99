// Next year’s draft starts with last year’s heating settings and none of its readings.

import { describe, expect, it } from 'vitest';
import { heatingInputSchema } from '../../shared/schemas/heating';
import { nextYearEntries } from './next-year';

const A = '11111111-1111-4111-8111-111111111111';

describe('next year’s heating', () => {
  it('keeps the settings but no reading, estimate or whole-flat reading of last year', () => {
    const heating = heatingInputSchema.parse({
      mode: 'computed',
      computed: {
        fuel: { kind: 'oil', deliveries: [] },
        hotWater: {
          method: 'area',
          consumptionPercent: 60,
          totalM3: 80,
          byTenancy: { [A]: 30 },
          byUnit: { [A]: 40 },
          estimated: [A],
        },
        heat: { totalUnits: 500, byTenancy: { [A]: 200 }, byUnit: { [A]: 300 }, estimated: [A] },
      },
    });
    const next = nextYearEntries({ costs: [], heating })?.heating?.computed;
    expect(next?.hotWater).toMatchObject({ method: 'area', consumptionPercent: 60, totalM3: 0 });
    expect(next?.hotWater?.estimated).toBeUndefined();
    expect(next?.heat).toEqual({ totalUnits: 0, byTenancy: {}, byUnit: {} });
  });
});

describe('next year’s costs', () => {
  it('keep their group and their meters, but no typed reading', () => {
    const next = nextYearEntries({
      costs: [
        { name: 'Aufzug', amountCents: 120_000, key: 'area', costGroupId: A },
        {
          name: 'Wasser',
          amountCents: 50_000,
          key: 'consumption',
          consumption: { source: 'meters', meterKind: 'cold-water' },
        },
        {
          name: 'Abwasser',
          amountCents: 30_000,
          key: 'consumption',
          consumption: { totalUnits: 300, byTenancy: { [A]: 100 } },
        },
      ],
    });
    expect(next.costs).toEqual([
      { name: 'Aufzug', amountCents: 0, key: 'area', costGroupId: A },
      {
        name: 'Wasser',
        amountCents: 0,
        key: 'consumption',
        consumption: { source: 'meters', meterKind: 'cold-water' },
      },
      { name: 'Abwasser', amountCents: 0, key: 'consumption', consumption: { totalUnits: 0, byTenancy: {} } },
    ]);
  });
});
