// Heating through the API: a settlement with the metering company's result and the CO2 data answers
// the heating rows, the CO2 split per statement and the §7(3) disclosure in the letter.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, buildFourUnitHouse, houseCosts } from '../../../tests/builders/building';
import { createTestApp } from '../../../tests/setup/app';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';
import { draftLetterText } from '../../../tests/setup/letter-text';
import { formatCents } from '../../shared/money';

type App = Awaited<ReturnType<typeof createTestApp>>;
interface Row {
  name: string;
  key: string;
  shareCents: number;
}
interface Statement {
  tenancyId: string;
  rows: Row[];
  totalCents: number;
  co2?: Record<string, number | null>;
}

describe('heating in a settlement', () => {
  let app: App;
  let owner: SignedUp;
  let house: Awaited<ReturnType<typeof buildFourUnitHouse>>;

  const api: Api = (method, url, payload) => injectApi(app, owner)(method, url, payload);

  beforeAll(async () => {
    app = await createTestApp();
    owner = await signUp(app);
    house = await buildFourUnitHouse(api);
  });
  afterAll(() => app.close());

  const heating = () => {
    const t = house.tenancies;
    return {
      mode: 'service',
      building: { nonResidential: false, co2Restriction: 'none' },
      // 6.600 kg on 220 m² = 30,0 kg/m²·a: step 5, the landlord bears 40 %
      co2: { kg: 6_600, costCents: 43_197 },
      service: {
        provider: 'ista',
        totalCents: 600_000,
        byTenancy: {
          [t.mueller.id]: { heatingCents: 120_000, hotWaterCents: 30_000 },
          [t.schmidt.id]: { heatingCents: 60_000, hotWaterCents: 12_000 },
          [t.weber.id]: { heatingCents: 40_000, hotWaterCents: 10_000 },
          [t.krause.id]: { heatingCents: 90_000, hotWaterCents: 20_000 },
          [t.own.id]: { heatingCents: 100_000, hotWaterCents: 25_000 },
        },
      },
    };
  };

  it('adds heating, hot water and the landlord’s CO2 share as rows, with the CO2 figures', async () => {
    const created = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: houseCosts(house.tenancies),
      heating: heating(),
    });
    expect(created.status).toBe(201);
    const got = await api('GET', `/api/settlements/${created.body.id}`);
    expect(got.status).toBe(200);
    const body = got.body as unknown as {
      heating: { mode: string };
      co2: Record<string, number | null>;
      statements: Statement[];
      checks: Array<{ name: string; differenceCents: number }>;
      landlord: {
        rows: Array<{ name: string; vacancyCents: number; ownUseCents: number; co2ReliefCents?: number }>;
      };
      totalCostsCents: number;
    };
    expect(body.heating.mode).toBe('service');
    expect(body.co2).toEqual({
      kg: 6600,
      areaM2: 220,
      kgPerM2: 30,
      step: 5,
      landlordPercent: 40,
      costCents: 43_197,
      tenantCents: 25_918,
      landlordCents: 17_279,
      alreadyDeducted: false,
    });
    const mueller = body.statements.find((s) => s.tenancyId === house.tenancies.mueller.id);
    expect(mueller?.rows.slice(-3).map((r) => [r.name, r.shareCents])).toEqual([
      ['Heizkosten', 120_000],
      ['Warmwasserkosten', 30_000],
      // 17.279 ct × 1.500 / 6.000 (his heating and hot water of the statement's total)
      ['CO2-Kosten: Anteil des Vermieters', -4_320],
    ]);
    expect(mueller?.co2).toMatchObject({
      step: 5,
      landlordPercent: 40,
      costCents: 10_799,
      landlordCents: 4_320,
    });
    expect(body.checks.map((c) => c.differenceCents).every((d) => d === 0)).toBe(true);
    expect(body.checks.slice(-3).map((c) => c.name)).toEqual([
      'Heizkosten',
      'Warmwasserkosten',
      'CO2-Kosten: Anteil des Vermieters',
    ]);
    // the statement's rest (600 − 507 €) is vacancy; the own flat's 1.250 € are own use
    const heatRow = body.landlord.rows.find((r) => r.name === 'Heizkosten');
    expect(heatRow).toMatchObject({ vacancyCents: 93_000, ownUseCents: 100_000 });
    expect(body.totalCostsCents).toBe(98_765 + 120_000 + 61_234 + 84_000 + 8_900 + 600_000);
    // the list shows the same total, heating included
    const listed = (await app.inject({ url: '/api/settlements', headers: owner.headers })).json() as Array<{
      id: string;
      totalCostsCents: number;
    }>;
    expect(listed.find((s) => s.id === created.body.id)?.totalCostsCents).toBe(body.totalCostsCents);

    const letter = await app.inject({
      url: `/api/settlements/${created.body.id}/statements/${house.tenancies.mueller.id}/pdf`,
      headers: owner.headers,
    });
    expect(letter.statusCode).toBe(200);
    const text = await draftLetterText(app, owner.user.id, created.body.id, house.tenancies.mueller.id);
    expect(text).toContain('Heizkosten');
    expect(text).toContain('30,0 kg CO2 je m² und Jahr (Stufe 5');
    expect(text).toContain('Der Vermieter trägt 40 % der CO2-Kosten');
  });

  it('deducts no second time when the metering company already did, and says so in the letter', async () => {
    const created = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      heating: { ...heating(), co2: { ...heating().co2, alreadyDeducted: true } },
    });
    expect(created.status).toBe(201);
    const got = await api('GET', `/api/settlements/${created.body.id}`);
    const body = got.body as unknown as {
      heating: { co2: { alreadyDeducted?: boolean } };
      co2: { alreadyDeducted: boolean; landlordCents: number };
      statements: Statement[];
    };
    expect(body.heating.co2.alreadyDeducted).toBe(true);
    expect(body.co2).toMatchObject({ alreadyDeducted: true, landlordCents: 17_279 });
    const mueller = body.statements.find((s) => s.tenancyId === house.tenancies.mueller.id);
    expect(mueller?.rows.map((r) => r.key)).not.toContain('co2-relief');
    expect(mueller?.rows.slice(-2).map((r) => r.shareCents)).toEqual([120_000, 30_000]);
    expect(mueller?.co2).toMatchObject({ landlordCents: 4_320, alreadyDeducted: true });

    const text = await draftLetterText(app, owner.user.id, created.body.id, house.tenancies.mueller.id);
    expect(text).toContain('Der Vermieter trägt 40 % der CO2-Kosten');
    expect(text).toContain('bereits in den Heizkosten laut Abrechnung des Messdienstes abgezogen');
    expect(text).not.toContain('Zeile „CO2-Kosten: Anteil des Vermieters“');
  });

  it('adds a heating annex to each letter that lets the tenant recompute his heating shares', async () => {
    const t = house.tenancies;
    const created = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      heating: {
        mode: 'computed',
        computed: {
          fuel: {
            kind: 'oil',
            openingStock: { quantity: 1_000, valueCents: 90_000 },
            deliveries: [{ date: '2025-10-01', quantity: 3_000, kwh: 30_000, amountCents: 300_000 }],
            closingStock: { quantity: 1_500 },
          },
          operatingCosts: [{ name: 'Wartung', amountCents: 25_000 }],
          heatingConsumptionPercent: 70,
          hotWater: {
            method: 'volume',
            temperatureC: 60,
            consumptionPercent: 70,
            totalM3: 60,
            byTenancy: { [t.mueller.id]: 20, [t.krause.id]: 15, [t.own.id]: 10 },
            byUnit: { [house.units.egRechts.id]: 15 },
          },
          heat: {
            totalUnits: 1_000,
            // EG rechts changed tenants without an interim reading: its flat's reading is split (§ 9b)
            byTenancy: { [t.mueller.id]: 300, [t.krause.id]: 200, [t.own.id]: 200 },
            byUnit: { [house.units.egRechts.id]: 300 },
          },
        },
      },
    });
    expect(created.status).toBe(201);
    const got = (await api('GET', `/api/settlements/${created.body.id}`)).body as unknown as {
      statements: Statement[];
    };
    const weber = got.statements.find((s) => s.tenancyId === t.weber.id);
    const share = (name: string) => weber?.rows.find((r) => r.name === name)?.shareCents ?? Number.NaN;
    const text = await draftLetterText(app, owner.user.id, created.body.id, t.weber.id);
    expect(text).toContain('Anlage: Heiz- und Warmwasserkosten (HeizkostenV)');
    // fuel: 1.000 + 3.000 − 1.500 l; the opening stock first, then the delivery at its price
    expect(text).toContain('Verbraucht 2.500 l');
    expect(text).toContain('Kosten des Betriebs zusammen');
    expect(text).toContain('Q = 2,5 × V × (tw − 10 °C) = 2,5 × 60 m³ × (60 − 10)');
    expect(text).toContain('davon 70 % nach Verbrauch');
    expect(text).toContain('davon 30 % nach Wohnfläche');
    expect(text).toContain('ermittelt nach Gradtagszahlen');
    expect(text).toContain(`Ihr Anteil an den Heizkosten ${formatCents(share('Heizkosten'))}`);
    expect(text).toContain(`Ihr Anteil an den Warmwasserkosten ${formatCents(share('Warmwasserkosten'))}`);
  });

  it('warns when more than 25 % of the area has estimated readings (§9a) and refuses unknown ids', async () => {
    const t = house.tenancies;
    const computed = (estimated: string[]) => ({
      mode: 'computed',
      computed: {
        fuel: {
          kind: 'gas',
          deliveries: [{ date: '2025-02-01', quantity: 1000, kwh: 10_000, amountCents: 100_000 }],
        },
        heat: {
          totalUnits: 1_000,
          byTenancy: {
            [t.mueller.id]: 300,
            [t.schmidt.id]: 100,
            [t.weber.id]: 80,
            [t.krause.id]: 200,
            [t.own.id]: 200,
          },
          estimated,
        },
      },
    });
    const created = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      // Müller (62 m² all year) and Krause (62 m² from April) of 220 m²: more than 25 %
      heating: computed([t.mueller.id, t.krause.id]),
    });
    expect(created.status).toBe(201);
    const got = await api('GET', `/api/settlements/${created.body.id}`);
    const warnings = (got.body as unknown as { warnings: Array<{ code: string; path: string }> }).warnings;
    expect(warnings).toContainEqual(
      expect.objectContaining({ code: 'heating-estimated-over-25', path: 'heating.computed.heat.estimated' }),
    );
    const other = await buildFourUnitHouse(api);
    const refused = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      heating: computed([other.tenancies.mueller.id]),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('heating.computed.heat.estimated');
  });

  it('answers the heating fields’ errors in German', async () => {
    const bad = heating();
    const res = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      heating: {
        ...bad,
        mode: 'computed',
        computed: {
          fuel: { kind: 'gas', deliveries: [] },
          heatingConsumptionPercent: 80,
          heat: { totalUnits: 0 },
        },
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Der Verbrauchsanteil muss zwischen 50 und 70 % liegen');
  });

  it('refuses tenancies and units of another property in the heating readings', async () => {
    const other = await buildFourUnitHouse(api);
    const base = heating();
    const res = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      heating: {
        ...base,
        service: {
          ...base.service,
          byTenancy: {
            ...base.service.byTenancy,
            [other.tenancies.mueller.id]: { heatingCents: 1, hotWaterCents: 1 },
          },
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        fields: {
          [`heating.service.byTenancy.${other.tenancies.mueller.id}`]: 'Mietverhältnis nicht gefunden.',
        },
      },
    });
    const computed = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      heating: {
        mode: 'computed',
        computed: {
          fuel: {
            kind: 'gas',
            deliveries: [{ date: '2025-02-01', quantity: 1000, kwh: 10_000, amountCents: 100_000 }],
          },
          operatingCosts: [],
          heatingConsumptionPercent: 70,
          heat: { totalUnits: 100, byTenancy: {}, byUnit: { [other.units.egLinks.id]: 10 } },
        },
      },
    });
    expect(computed.status).toBe(400);
    expect(computed.body).toMatchObject({
      error: {
        fields: { [`heating.computed.heat.byUnit.${other.units.egLinks.id}`]: 'Einheit nicht gefunden.' },
      },
    });
  });
});
