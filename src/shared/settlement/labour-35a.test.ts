import { describe, expect, it } from 'vitest';
import { cost, settlementInput, tenancy, unit } from '../../../tests/builders/building';
import { settlementInputSchema } from '../schemas/settlement';
import { calculateSettlement } from './calculate';
import { type CostLabour, labourCents, ownUseLabour, suggestLabour, tenantLabour } from './labour-35a';

/** Three equal flats, one vacant half the year: the labour of 100,00 € splits 33,33 / 33,33 / … */
function house(labour: CostLabour, amountCents = 10_000) {
  const costs = [
    { ...cost('Hauswart', amountCents, 'units'), labour35a: labour },
    {
      ...cost('Schornsteinfeger', 9_001, 'area'),
      labour35a: { category: 'craftsman', percent: 50 } as CostLabour,
    },
    cost('Grundsteuer', 50_000, 'area'),
  ];
  const input = settlementInput({
    units: [unit('a', 50), unit('b', 50), unit('c', 50)],
    tenancies: [
      tenancy('t1', 'a', '2020-01-01', null),
      tenancy('t2', 'b', '2020-01-01', null),
      tenancy('own', 'c', '2020-01-01', '2025-03-31', { kind: 'own-use' }),
      tenancy('t3', 'c', '2025-07-01', null),
    ],
    costs,
  });
  return { result: calculateSettlement(input), costs };
}

describe('§ 35a labour parts', () => {
  it('reads a percentage half-up and never takes more than the cost', () => {
    expect(
      labourCents({ name: 'x', amountCents: 9_001, labour35a: { category: 'craftsman', percent: 50 } }),
    ).toBe(4_501);
    expect(
      labourCents({ name: 'x', amountCents: 100, labour35a: { category: 'household', amountCents: 500 } }),
    ).toBe(100);
    expect(labourCents({ name: 'x', amountCents: 100 })).toBe(0);
  });

  it('gives each party its labour share so that every cost’s parts add up to its labour', () => {
    const { result, costs } = house({ category: 'household', amountCents: 10_000 });
    const parties = ['t1', 't2', 't3'].map((id) => tenantLabour(result, costs, id));
    // per category, the tenants' parts plus the landlord's (vacancy of flat c) give the labour exactly
    for (const [index, category] of [
      [0, 'household'],
      [1, 'craftsman'],
    ] as const) {
      const tenants = parties.reduce(
        (s, p) => s + (p.find((c) => c.category === category)?.totalCents ?? 0),
        0,
      );
      const labour = labourCents(costs[index] ?? { name: '', amountCents: 0 });
      const outcome = result.costs[index];
      if (!outcome) throw new Error('cost missing');
      const landlordExact = (labour * outcome.landlord.shareCents) / outcome.amountCents;
      expect(Math.abs(labour - tenants - landlordExact)).toBeLessThan(1);
      for (const party of parties) {
        for (const item of party.find((c) => c.category === category)?.items ?? []) {
          const exact = (item.labourCents * item.tenantShareCents) / item.amountCents;
          expect(Math.abs(item.tenantLabourCents - exact)).toBeLessThan(1);
        }
      }
    }
    // a full year of one of three flats: a third of the Hauswart's 100,00 €
    expect(parties[0]?.find((c) => c.category === 'household')?.totalCents).toBeGreaterThanOrEqual(3_333);
    expect(parties[0]?.find((c) => c.category === 'household')?.items.map((i) => i.name)).toEqual([
      'Hauswart',
    ]);
  });

  it('counts own use once, inside the landlord’s part: a third of 120,00 € stays exactly 40,00 €', () => {
    const { result, costs } = house({ category: 'household', percent: 100 }, 12_000);
    expect(tenantLabour(result, costs, 't1')[0]?.totalCents).toBe(4_000);
    expect(tenantLabour(result, costs, 'own')).toEqual([]);
  });

  it('leaves material and fees out: a cost without a labour part is never listed', () => {
    const { result, costs } = house({ category: 'household', percent: 0 });
    const labour = tenantLabour(result, costs, 't1');
    expect(labour.map((c) => c.category)).toEqual(['craftsman']);
    expect(labour.flatMap((c) => c.items.map((i) => i.name))).not.toContain('Grundsteuer');
  });

  it('suggests the category by name and never for water, waste, tax or insurance', () => {
    expect(suggestLabour('Hauswart')).toEqual({ kind: 'labour', category: 'household', percent: 100 });
    expect(suggestLabour('Gebäudereinigung')).toEqual({
      kind: 'labour',
      category: 'household',
      percent: null,
    });
    expect(suggestLabour('Winterdienst')).toMatchObject({ category: 'household' });
    expect(suggestLabour('Gartenpflege')).toMatchObject({ category: 'household' });
    expect(suggestLabour('Schornsteinfeger')).toMatchObject({ category: 'craftsman' });
    expect(suggestLabour('Wartung Heizung')).toMatchObject({ category: 'craftsman' });
    for (const name of [
      'Wasserversorgung',
      'Müllabfuhr',
      'Grundsteuer',
      'Gebäudeversicherung',
      'Straßenreinigung',
    ]) {
      expect(suggestLabour(name)).toEqual({ kind: 'never' });
    }
  });

  it('validates the labour part in the request with German messages', () => {
    const body = (labour35a: unknown, amountCents = 1_000) =>
      settlementInputSchema.safeParse({
        periodStart: '2025-01-01',
        periodEnd: '2025-12-31',
        costs: [{ name: 'Hauswart', amountCents, key: 'units', labour35a }],
      });
    expect(body({ category: 'household', percent: 100 }).success).toBe(true);
    expect(body({ category: 'household', amountCents: 400 }).success).toBe(true);
    expect(body({ category: 'household' }).error?.issues[0]?.message).toMatch(
      /entweder als Betrag oder in Prozent/,
    );
    expect(body({ category: 'household', amountCents: 2_000 }).error?.issues[0]?.message).toMatch(
      /nicht höher sein als der Betrag/,
    );
    expect(body({ category: 'household', percent: 33.333 }).error?.issues[0]?.message).toMatch(/Prozentsatz/);
    expect(body({ category: 'garden', percent: 10 }).error?.issues[0]?.message).toMatch(/haushaltsnahe/);
  });
});

describe('the landlord’s own § 35a part where he lives in the house', () => {
  it('is his own use’s share of the landlord’s labour part, the tenants’ parts untouched', () => {
    const { result, costs } = house({ category: 'household', amountCents: 10_000 });
    const own = ownUseLabour(result, costs);
    const household = own.find((c) => c.category === 'household');
    // flat c: own use January to March (90 of 365 days) of a third of the Hauswart's 100,00 €
    expect(household?.totalCents).toBe(Math.round((10_000 / 3) * (90 / 365)));
    // his own part and the tenants' never exceed the labour
    const tenants = ['t1', 't2', 't3']
      .map((id) => tenantLabour(result, costs, id).find((c) => c.category === 'household')?.totalCents ?? 0)
      .reduce((a, b) => a + b, 0);
    expect(tenants + (household?.totalCents ?? 0)).toBeLessThanOrEqual(10_000);
  });

  it('is nothing without own use', () => {
    const { result, costs } = house({ category: 'household', amountCents: 10_000 });
    const noOwn = { ...result, tenancies: result.tenancies.filter((t) => t.kind !== 'own-use') };
    expect(ownUseLabour(noOwn, costs)).toEqual([]);
  });
});
