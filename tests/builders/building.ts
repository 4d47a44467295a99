// One set of builders for buildings, tenancies and settlements: engine inputs for unit tests and
// benches, API bodies for integration and browser tests (design.md: "one set of test builders").

import type { TenancyJson, UnitJson } from '../../src/shared/schemas/settlement-json';
import type {
  CostInput,
  SettlementInput,
  TenancyChange,
  TenancyInput,
  UnitInput,
} from '../../src/shared/settlement/types';
import type { LetterSource } from '../../src/shared/settlement-view/letter-view';
import type { PrepaymentLetterSource } from '../../src/shared/settlement-view/prepayment-letter-view';
import type { TenancyKind } from '../../src/shared/vocabulary';

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

/** Sends one API request and answers status and parsed body (app.inject, fetch or Playwright alike). */
export type Api = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<{
  status: number;
  /** Parsed JSON; created rows carry their id. */
  body: { id: string } & Record<string, unknown>;
}>;

export const SAMPLE_PROPERTY = {
  name: 'Haus Lindenstraße',
  street: 'Lindenstraße 12',
  postalCode: '10115',
  city: 'Berlin',
  yearBuilt: 1962,
  totalArea: 220,
  unitCount: 4,
};

/**
 * A four-flat house for 2025 through the API: Müller all year in EG links (since before, no date); in EG rechts Schmidt until
 * 30.06., July empty, Weber from 01.08.; OG links empty until Krause moves in on 01.04.; OG rechts
 * is the landlord's own flat. Answers the ids by name.
 */
export async function buildFourUnitHouse(api: Api) {
  const ok = async (method: Parameters<Api>[0], url: string, payload?: unknown) => {
    const res = await api(method, url, payload);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const property = await ok('POST', '/api/properties', SAMPLE_PROPERTY);
  const unitOf = (label: string, area: number, floor: string) =>
    ok('POST', `/api/properties/${property.id}/units`, { label, area, floor });
  const egLinks = await unitOf('EG links', 62, 'EG');
  const egRechts = await unitOf('EG rechts', 48, 'EG');
  const ogLinks = await unitOf('OG links', 62, '1. OG');
  const ogRechts = await unitOf('OG rechts', 48, '1. OG');
  const tenancyOf = (unitId: string, body: Record<string, unknown>) =>
    ok('POST', `/api/units/${unitId}/tenancies`, { kind: 'tenant', changes: [], ...body });
  const party = (name: string) => ({ name, street: '', city: '' });
  const mueller = await tenancyOf(egLinks.id, {
    tenant: { ...party('Anna Müller'), email: 'anna.mueller@example.test' },
    // a tenant of many years, entered without the day she moved in
    start: null,
    end: null,
    persons: 2,
    monthlyPrepaymentCents: 18_000,
  });
  const schmidt = await tenancyOf(egRechts.id, {
    tenant: { name: 'Jonas Schmidt', street: 'Neue Allee 3', city: '10247 Berlin' },
    start: '2020-02-01',
    end: '2025-06-30',
    persons: 1,
    monthlyPrepaymentCents: 12_000,
  });
  const weber = await tenancyOf(egRechts.id, {
    tenant: party('Familie Weber'),
    start: '2025-08-01',
    end: null,
    persons: 3,
    monthlyPrepaymentCents: 15_000,
  });
  const krause = await tenancyOf(ogLinks.id, {
    tenant: party('Petra Krause'),
    start: '2025-04-01',
    end: null,
    persons: 1,
    monthlyPrepaymentCents: 14_000,
    changes: [{ from: '2025-10-01', monthlyPrepaymentCents: 16_000 }],
  });
  const own = await tenancyOf(ogRechts.id, {
    kind: 'own-use',
    tenant: party('Eigennutzung'),
    start: '2015-01-01',
    end: null,
    persons: 2,
    monthlyPrepaymentCents: 0,
  });
  return {
    property,
    units: { egLinks, egRechts, ogLinks, ogRechts },
    tenancies: { mueller, schmidt, weber, krause, own },
  };
}

/** The house's 2025 costs: one of each key. */
export function houseCosts(t: Awaited<ReturnType<typeof buildFourUnitHouse>>['tenancies']) {
  return [
    { name: 'Grundsteuer', amountCents: 98_765, key: 'area' },
    { name: 'Gebäudereinigung', amountCents: 120_000, key: 'units' },
    { name: 'Müllabfuhr', amountCents: 61_234, key: 'persons' },
    {
      name: 'Wasserversorgung',
      amountCents: 84_000,
      key: 'consumption',
      consumption: {
        totalUnits: 320,
        byTenancy: {
          [t.mueller.id]: 95.5,
          [t.schmidt.id]: 30,
          [t.weber.id]: 41.25,
          [t.krause.id]: 52,
          [t.own.id]: 70,
        },
      },
    },
    { name: 'Schlüsseldienst', amountCents: 8_900, key: 'direct', tenancyId: t.weber.id },
  ];
}

/** The house's 2025 settlement as a draft, with every cost of houseCosts and a landlord for the letters. */
export async function houseDraft(api: Api, house: Awaited<ReturnType<typeof buildFourUnitHouse>>) {
  const draft = await api('POST', `/api/properties/${house.property.id}/settlements`, {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    costs: houseCosts(house.tenancies),
    letter: { landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 1', city: '10115 Berlin' } },
  });
  if (draft.status !== 201) throw new Error(`draft not created: ${draft.status}`);
  return draft.body.id as string;
}

/** A unit as the API answers it (a flat of the property 'p'). */
export const unitJson = (id: string, label: string, area: number): UnitJson => ({
  id,
  propertyId: 'p',
  label,
  area,
  mea: null,
  floor: '',
  note: '',
  kind: 'dwelling',
});

/** A tenancy as the API answers it: one person, 100,00 € a month. */
export const tenancyJson = (
  id: string,
  unitId: string,
  name: string,
  start: string,
  end: string | null,
  kind: TenancyJson['kind'] = 'tenant',
): TenancyJson => ({
  id,
  unitId,
  kind,
  tenant: { name, street: '', city: '', email: null },
  start,
  end,
  persons: 1,
  monthlyPrepaymentCents: 10_000,
  monthlyRentCents: null,
  changes: [],
  flatRate: false,
});

/** Two flats of 60 and 40 m², Anna (`annaId`) and Ben (`benId`) let all of 2025: a letter's source. */
export function twoFlatLetterSource(
  entries: LetterSource['entries'],
  annaId: string,
  benId: string,
): LetterSource {
  return {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    property: { name: 'Haus', street: 'Weg 1', postalCode: '10115', city: 'Berlin' },
    units: [unitJson('ua', 'Links', 60), unitJson('ub', 'Rechts', 40)],
    tenancies: [
      tenancyJson(annaId, 'ua', 'Anna', '2020-01-01', null),
      tenancyJson(benId, 'ub', 'Ben', '2020-01-01', null),
    ],
    entries,
  };
}

/** A § 560 letter's inputs: 2.400 € share over 365 days, 180 € now, 200 € proposed. */
export const prepaymentLetterSource = (
  tenantName: string,
  parts: Partial<PrepaymentLetterSource> = {},
): PrepaymentLetterSource => ({
  periodStart: '2025-01-01',
  periodEnd: '2025-12-31',
  property: { street: 'Lindenstraße 12', postalCode: '10115', city: 'Berlin' },
  units: [],
  tenancy: {
    id: 't1',
    unitId: 'u1',
    kind: 'tenant',
    tenant: { name: tenantName, street: 'Lindenstraße 12', city: '10115 Berlin', email: null },
    start: '2020-01-01',
    end: null,
    persons: 2,
    monthlyPrepaymentCents: 18_000,
    changes: [],
  },
  entries: {},
  shareCents: 240_000,
  days: 365,
  statementDate: '2026-03-01',
  currentMonthlyCents: 18_000,
  newMonthlyCents: 20_000,
  today: '2026-03-01',
  receivedOn: '2026-03-03',
  ...parts,
});
