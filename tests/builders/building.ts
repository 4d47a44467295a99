// One set of builders for buildings, tenancies and settlements: engine inputs for unit tests and
// benches, API bodies for integration and browser tests (design.md: "one set of test builders").

import type {
  CostInput,
  SettlementInput,
  TenancyChange,
  TenancyInput,
  TenancyKind,
  UnitInput,
} from '../../src/shared/settlement/types';

export function unit(id: string, areaM2: number, meaMilli: number | null = null): UnitInput {
  return { id, label: id, areaMilli: Math.round(areaM2 * 1000), meaMilli };
}

export function tenancy(
  id: string,
  unitId: string,
  start: string,
  end: string | null,
  options: { kind?: TenancyKind; persons?: number; monthly?: number; changes?: TenancyChange[] } = {},
): TenancyInput {
  return {
    id,
    unitId,
    kind: options.kind ?? 'tenant',
    name: id,
    start,
    end,
    persons: options.persons ?? 1,
    monthlyPrepaymentCents: options.monthly ?? 0,
    changes: options.changes ?? [],
  };
}

export function settlementInput(parts: Partial<SettlementInput> = {}): SettlementInput {
  return {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    units: [],
    tenancies: [],
    costs: [],
    ...parts,
  };
}

export const cost = (
  name: string,
  amountCents: number,
  key: CostInput['key'],
  extra: Partial<CostInput> = {},
) => ({ name, amountCents, key, ...extra }) satisfies CostInput;

/** A large building for benches: `units` flats, two tenancies each (a change mid-year), `costs` costs. */
export function largeBuilding(unitCount = 50, costCount = 30): SettlementInput {
  const units = Array.from({ length: unitCount }, (_, i) => unit(`u${i}`, 40 + (i % 7) * 11.5, 1000 + i));
  const tenancies = units.flatMap((u, i) => [
    tenancy(`${u.id}-a`, u.id, '2020-01-01', `2025-0${1 + (i % 6)}-15`, {
      persons: 1 + (i % 3),
      monthly: 15_000,
    }),
    tenancy(`${u.id}-b`, u.id, `2025-0${2 + (i % 6)}-01`, null, {
      persons: 2,
      monthly: 17_500,
      changes: [{ from: '2025-10-01', monthlyPrepaymentCents: 19_000 }],
    }),
  ]);
  const keys: CostInput['key'][] = ['area', 'units', 'mea', 'persons', 'consumption', 'direct'];
  const costs = Array.from({ length: costCount }, (_, i): CostInput => {
    const key = keys[i % keys.length] ?? 'area';
    const base = cost(`Kosten ${i}`, 123_456 + i * 7_919, key);
    if (key === 'consumption') {
      const byTenancyMilli = Object.fromEntries(tenancies.map((t, j) => [t.id, 10_000 + j * 37]));
      return { ...base, consumption: { totalMilli: 10_000_000, byTenancyMilli } };
    }
    if (key === 'direct') return { ...base, tenancyId: tenancies[i % tenancies.length]?.id };
    return base;
  });
  return settlementInput({ units, tenancies, costs });
}
