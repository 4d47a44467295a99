import { describe, expect, it } from 'vitest';
import type { TenancyJson, UnitJson } from '../../../../../shared/schemas/settlement-json';
import type { Settlement } from '../../api';
import { computeFigures } from '../../results/figures';
import {
  bodyToSave,
  differsFrom,
  emptySender,
  formPathOf,
  liveBody,
  type SettlementFormValues,
  toFormValues,
} from '../formValues';
import { emptyDelivery, emptyHeating, type HeatingFormValues, tenantChangeUnits } from './heatingForm';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

function values(heating: HeatingFormValues): SettlementFormValues {
  return {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    costs: [],
    prepaymentsPaid: {},
    letter: {
      landlord: emptySender(),
      bank: { holder: '', iban: '', bic: '', bank: '' },
    },
    heating,
  };
}

function service(): HeatingFormValues {
  const h = emptyHeating();
  return {
    ...h,
    mode: 'service',
    co2: { kg: '6.600', cost: '431,97', alreadyDeducted: false, cutWithoutData: false },
    service: {
      provider: ' ista ',
      statementDate: '2026-03-12',
      documentId: '',
      total: '6.000',
      byTenancy: { [A]: { heating: '1.200,00', hotWater: '300' }, [B]: { heating: '', hotWater: '' } },
    },
  };
}

function computed(): HeatingFormValues {
  const h = emptyHeating();
  return {
    ...h,
    mode: 'computed',
    building: {
      nonResidential: false,
      co2Restriction: 'building',
      remoteReading: '',
      consumptionInformation: '',
    },
    computed: {
      ...h.computed,
      fuel: {
        kind: 'oil',
        billedOnHs: true,
        openingStock: { quantity: '1.000', value: '950', kwh: '' },
        deliveries: [{ date: '2025-10-01', quantity: '2.000,5', kwh: '20.005', amount: '1.900,48' }],
        closingStock: { quantity: '800' },
      },
      operatingCosts: [{ name: 'Wartung ', amount: '180', pot: '' }],
      heatingConsumptionPercent: '60',
      hotWater: {
        ...h.computed.hotWater,
        method: 'volume',
        kwh: '999',
        volumeM3: '75,5',
        temperatureC: '60',
        consumptionPercent: '70',
        totalM3: '80',
        byTenancy: { [A]: '30,25', [B]: '' },
      },
      heat: {
        totalUnits: '1.000',
        byTenancy: { [A]: [{ units: '400', factor: '' }], [B]: [{ units: '250,5', factor: '1,2' }] },
        byUnit: {},
        estimated: {},
        fromMeters: false,
      },
    },
  };
}

describe('the heating part of the settlement form', () => {
  it('sends no heating while none is chosen, whatever was typed', () => {
    expect(liveBody(values({ ...service(), mode: 'none' })).heating).toBeUndefined();
  });

  it('reads the metering company’s result into cents; a tenancy without amounts is left to the warning', () => {
    const checked = bodyToSave(values(service()));
    expect(checked.ok && checked.body.heating).toEqual({
      mode: 'service',
      building: { nonResidential: false, co2Restriction: 'none' },
      co2: { kg: 6600, costCents: 43_197 },
      service: {
        provider: 'ista',
        statementDate: '2026-03-12',
        totalCents: 600_000,
        byTenancy: { [A]: { heatingCents: 120_000, hotWaterCents: 30_000 } },
      },
    });
  });

  it('sends no typed readings of a pot read from the meters, and the 2027 answers and the CO2 cut', () => {
    const h = computed();
    const checked = bodyToSave(
      values({
        ...h,
        building: { ...h.building, remoteReading: 'no', consumptionInformation: 'yes' },
        co2: { ...h.co2, cutWithoutData: true },
        computed: {
          ...h.computed,
          heat: { ...h.computed.heat, totalUnits: '', fromMeters: true },
          hotWater: { ...h.computed.hotWater, totalM3: '', fromMeters: true },
        },
      }),
    );
    const heating = checked.ok ? checked.body.heating : undefined;
    expect(heating?.building).toEqual({
      nonResidential: false,
      co2Restriction: 'building',
      remoteReading: false,
      consumptionInformation: true,
    });
    expect(heating?.co2).toEqual({ cutWithoutData: true });
    expect(heating?.computed?.heat).toEqual({ fromMeters: true, byTenancy: {}, byUnit: {} });
    expect(heating?.computed?.hotWater).toMatchObject({ fromMeters: true, byTenancy: {}, byUnit: {} });
    expect(heating?.computed?.hotWater?.totalM3).toBeUndefined();
  });

  it('reads the computed heating exactly: stocks, deliveries, operating costs, hot water, rated readings', () => {
    const checked = bodyToSave(values(computed()));
    expect(checked.ok && checked.body.heating).toEqual({
      mode: 'computed',
      building: { nonResidential: false, co2Restriction: 'building' },
      co2: {},
      computed: {
        // oil is never billed on Hs
        fuel: {
          kind: 'oil',
          billedOnHs: false,
          openingStock: { quantity: 1000, valueCents: 95_000 },
          deliveries: [{ date: '2025-10-01', quantity: 2000.5, kwh: 20_005, amountCents: 190_048 }],
          closingStock: { quantity: 800 },
        },
        operatingCosts: [{ name: 'Wartung', amountCents: 18_000 }],
        heatingConsumptionPercent: 60,
        hotWater: {
          method: 'volume',
          // the meter's kWh belongs to another method and is not sent
          kwh: undefined,
          volumeM3: 75.5,
          temperatureC: 60,
          areaM2: undefined,
          consumptionPercent: 70,
          totalM3: 80,
          byTenancy: { [A]: 30.25 },
          byUnit: {},
        },
        heat: { totalUnits: 1000, byTenancy: { [A]: 400, [B]: [{ units: 250.5, factor: 1.2 }] }, byUnit: {} },
      },
    });
  });

  it('names each wrong heating field by its form path, with the schema’s German messages', () => {
    const h = computed();
    h.computed.fuel.deliveries = [{ ...emptyDelivery(), quantity: '10', kwh: '100', amount: '12,345' }];
    h.computed.heatingConsumptionPercent = '80';
    h.computed.hotWater = { ...h.computed.hotWater, method: 'meter', kwh: '' };
    h.co2.cost = 'viel';
    const checked = bodyToSave(values(h));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.fields).toEqual({
      'heating.co2.cost': 'Ungültiger Betrag. Bitte im Format 1.234,56 eingeben.',
      'heating.computed.fuel.deliveries.0.amount': 'Höchstens zwei Nachkommastellen erlaubt.',
      'heating.computed.fuel.deliveries.0.date': 'Bitte geben Sie das Lieferdatum ein.',
      'heating.computed.heatingConsumptionPercent':
        'Der Verbrauchsanteil muss zwischen 50 und 70 % liegen (§§ 7, 8 HeizkostenV).',
      'heating.computed.hotWater.kwh':
        'Bitte geben Sie die vom Wärmezähler gemessene Wärmemenge für Warmwasser ein.',
    });
  });

  it('reads several allocators per tenancy, an empty factor as 1, and skips allocators without units', () => {
    const h = computed();
    h.computed.heat.byTenancy = {
      [A]: [
        { units: '120', factor: '1,25' },
        { units: '80', factor: '' },
        { units: '', factor: '0,9' },
      ],
      [B]: [{ units: '', factor: '' }],
    };
    const checked = bodyToSave(values(h));
    expect(checked.ok && checked.body.heating?.computed?.heat.byTenancy).toEqual({
      [A]: [
        { units: 120, factor: 1.25 },
        { units: 80, factor: 1 },
      ],
    });
    h.computed.heat.byTenancy[A] = [{ units: '12', factor: 'x' }];
    const bad = bodyToSave(values(h));
    expect(bad.ok ? {} : Object.keys(bad.fields)).toEqual([`heating.computed.heat.byTenancy.${A}.0.factor`]);
  });

  it('sends whole-flat readings at a tenant change and the estimated readings (§§ 9a, 9b)', () => {
    const h = computed();
    h.computed.heat.byUnit = { U: '640,5' };
    h.computed.heat.estimated = { [A]: true, [B]: false, U: true };
    h.computed.hotWater.byUnit = { U: '12' };
    h.computed.hotWater.estimated = { U: true };
    const heat = liveBody(values(h)).heating?.computed;
    expect(heat?.heat).toMatchObject({ byUnit: { U: 640.5 }, estimated: [A, 'U'] });
    expect(heat?.hotWater).toMatchObject({ byUnit: { U: 12 }, estimated: ['U'] });
  });

  it('marks the CO2 share as already deducted only for the metering company’s result', () => {
    const s = service();
    s.co2.alreadyDeducted = true;
    expect(liveBody(values(s)).heating?.co2).toEqual({ kg: 6600, costCents: 43_197, alreadyDeducted: true });
    const c = computed();
    c.co2.alreadyDeducted = true;
    expect(liveBody(values(c)).heating?.co2).toEqual({});
  });

  it('follows typing: a half-typed percentage keeps 70 %, an unreadable amount counts as 0', () => {
    const h = computed();
    h.computed.heatingConsumptionPercent = '5';
    h.computed.operatingCosts = [{ name: 'Wartung', amount: '18x', pot: '' }];
    const live = liveBody(values(h)).heating?.computed;
    expect(live?.heatingConsumptionPercent).toBe(70);
    expect(live?.operatingCosts).toEqual([{ name: 'Wartung', amountCents: 0 }]);
  });

  it('puts a saved heating back into the form unchanged', () => {
    const twoAllocators = computed();
    twoAllocators.computed.heat.byTenancy[A] = [
      { units: '100', factor: '1,2' },
      { units: '50', factor: '0,8' },
    ];
    twoAllocators.computed.heat.estimated = { [A]: true };
    twoAllocators.computed.heat.byUnit = { [B]: '300' };
    const deducted = service();
    deducted.co2.alreadyDeducted = true;
    for (const h of [service(), computed(), twoAllocators, deducted]) {
      const checked = bodyToSave(values(h));
      if (!checked.ok) throw new Error(JSON.stringify(checked.fields));
      const saved = { ...checked.body, costs: [] } as unknown as Settlement;
      const form = toFormValues(saved);
      expect(differsFrom(form, saved)).toBe(false);
      expect(
        differsFrom({ ...form, heating: { ...form.heating, mode: 'none' } as HeatingFormValues }, saved),
      ).toBe(true);
    }
  });

  it('maps the server’s and the engine’s heating paths onto the form’s fields', () => {
    expect(formPathOf('heating.co2.costCents')).toBe('heating.co2.cost');
    expect(formPathOf('heating.service')).toBe('heating.mode');
    expect(formPathOf('heating.service.totalCents')).toBe('heating.service.total');
    expect(formPathOf(`heating.service.byTenancy.${A}`)).toBe(`heating.service.byTenancy.${A}.heating`);
    expect(formPathOf(`heating.service.byTenancy.${A}.hotWaterCents`)).toBe(
      `heating.service.byTenancy.${A}.hotWater`,
    );
    expect(formPathOf('heating.computed.fuel.openingStock.valueCents')).toBe(
      'heating.computed.fuel.openingStock.value',
    );
    expect(formPathOf('heating.computed.fuel.deliveries.2.amountCents')).toBe(
      'heating.computed.fuel.deliveries.2.amount',
    );
    expect(formPathOf('heating.computed.operatingCosts.1.amountCents')).toBe(
      'heating.computed.operatingCosts.1.amount',
    );
    expect(formPathOf(`heating.computed.heat.byTenancy.${A}`)).toBe(
      `heating.computed.heat.byTenancy.${A}.0.units`,
    );
    expect(formPathOf(`heating.computed.heat.byTenancy.${A}.1.factor`)).toBe(
      `heating.computed.heat.byTenancy.${A}.1.factor`,
    );
    expect(formPathOf('heating.computed.hotWater.totalUnits')).toBe('heating.computed.hotWater.totalM3');
  });
});

describe('the live figures', () => {
  const unit = (id: string, area: number): UnitJson => ({
    id,
    propertyId: 'p',
    label: id,
    area,
    mea: null,
    floor: '',
    note: '',
    kind: 'dwelling',
  });
  const tenancy = (id: string, unitId: string, name: string): TenancyJson => ({
    id,
    unitId,
    kind: 'tenant',
    tenant: { name, street: '', city: '', email: null },
    start: '2020-01-01',
    end: null,
    persons: 1,
    monthlyPrepaymentCents: 0,
    monthlyRentCents: null,
    changes: [],
    flatRate: false,
  });

  it('carry the heating typed into the form: its rows, the working and the CO2 step', () => {
    const body = liveBody(values(service()));
    const figures = computeFigures({
      period: body,
      entries: body,
      units: [unit('u1', 110), unit('u2', 110)],
      tenancies: [tenancy(A, 'u1', 'Anna'), tenancy(B, 'u2', 'Ben')],
    });
    const anna = figures.statements.find((s) => s.tenancyId === A);
    expect(anna?.rows.map((r) => [r.key, r.shareCents])).toEqual([
      ['heating', 120_000],
      ['hot-water', 30_000],
      // 6.600 kg on 220 m² = 30,0 kg/m²·a: step 5, the landlord bears 40 % of Anna's CO2 part
      ['co2-relief', -(anna?.co2?.landlordCents ?? 0)],
    ]);
    expect(figures.co2).toMatchObject({ kgPerM2: 30, step: 5, landlordPercent: 40 });
    expect(figures.heatingWorking).toEqual({ fuel: null, operatingCents: 0, hotWaterKwh: null });
    expect(figures.warnings.map((w) => [w.code, w.path])).toContainEqual([
      'heating-amount-missing',
      `heating.service.byTenancy.${B}`,
    ]);
  });

  it('name the fuel’s unit in the working', () => {
    const h = computed();
    const body = liveBody(values(h));
    const figures = computeFigures({
      period: body,
      entries: body,
      units: [unit('u1', 110), unit('u2', 110)],
      tenancies: [tenancy(A, 'u1', 'Anna'), tenancy(B, 'u2', 'Ben')],
    });
    // oil in litres: 1.000 + 2.000,5 − 800
    expect(figures.heatingWorking?.fuel).toMatchObject({ quantity: 2200.5, unit: 'l' });
  });
});

describe('the flats with a tenant change (§9b)', () => {
  const period = { periodStart: '2025-01-01', periodEnd: '2025-12-31' };
  const t = (unitId: string, name: string, start: string, end: string | null) => ({
    unitId,
    start,
    end,
    tenant: { name },
  });

  it('lists flats someone moved into or out of within the period, with who lived there', () => {
    const units = [
      { id: 'u1', label: 'EG links' },
      { id: 'u2', label: 'EG rechts' },
      { id: 'u3', label: 'OG links' },
    ];
    const tenancies = [
      t('u1', 'Anna', '2020-01-01', null),
      t('u2', 'Weber', '2025-08-01', null),
      t('u2', 'Schmidt', '2019-01-01', '2025-06-30'),
      t('u3', 'Alt', '2010-01-01', '2024-12-31'),
      t('u3', 'Krause', '2025-04-01', null),
    ];
    expect(tenantChangeUnits(units, tenancies, period)).toEqual([
      { id: 'u2', label: 'EG rechts', tenants: ['Schmidt', 'Weber'] },
      { id: 'u3', label: 'OG links', tenants: ['Krause'] },
    ]);
  });
});
