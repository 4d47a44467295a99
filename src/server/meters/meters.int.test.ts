// Meters and readings over the API (first slice: the model and its endpoints).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFourUnitHouse } from '../../../tests/builders/building';
import { createTestApp } from '../../../tests/setup/app';
import { signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';
import { draftLetterText } from '../../../tests/setup/letter-text';
import type { MeterJson, SettlementJson } from '../../shared/schemas/settlement-json';

type App = Awaited<ReturnType<typeof createTestApp>>;
const fieldsOf = (body: unknown) => (body as { error: { fields: Record<string, string> } }).error.fields;

describe('meters and readings', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('keeps a flat’s water meters, a meter exchange and the main meter, by date', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const house = await buildFourUnitHouse(api);
    const flat = house.units.egLinks.id;

    const old = await api('POST', `/api/units/${flat}/meters`, { kind: 'cold-water', number: 'KW-1001' });
    expect(old.status).toBe(201);
    expect(old.body).toMatchObject({ unitId: flat, kind: 'cold-water', number: 'KW-1001', readings: [] });
    const main = await api('POST', `/api/properties/${house.property.id}/meters`, {
      kind: 'cold-water',
      number: 'H-1',
    });
    expect(main.body).toMatchObject({ unitId: null, propertyId: house.property.id });

    const read = (meterId: string, body: Record<string, unknown>) =>
      api('POST', `/api/meters/${meterId}/readings`, body);
    expect((await read(old.body.id, { date: '2025-01-01', value: 100.5 })).status).toBe(201);
    expect((await read(old.body.id, { date: '2025-06-15', value: '131,25' })).status).toBe(201);
    // the same day once more replaces that day's reading
    const again = await read(old.body.id, { date: '2025-06-15', value: 131.5, estimated: true });
    expect(again.body).toMatchObject({ date: '2025-06-15', value: 131.5, estimated: true });

    // June: the meter is exchanged; the new one starts at 0
    const fresh = await api('POST', `/api/units/${flat}/meters`, { kind: 'cold-water', number: 'KW-2002' });
    const start = await read(fresh.body.id, { date: '2025-06-15', value: 0, replacesMeterId: old.body.id });
    expect(start.body).toMatchObject({ replacesMeterId: old.body.id });
    await read(fresh.body.id, { date: '2025-12-31', value: 22.125 });

    const list = (await api('GET', `/api/properties/${house.property.id}/meters`))
      .body as unknown as MeterJson[];
    expect(list.map((m) => m.number)).toEqual(['KW-1001', 'H-1', 'KW-2002']);
    expect(list[0]?.readings.map((r) => [r.date, r.value, r.estimated])).toEqual([
      ['2025-01-01', 100.5, false],
      ['2025-06-15', 131.5, true],
    ]);
    expect(list[2]?.readings.map((r) => r.value)).toEqual([0, 22.125]);

    const renamed = await api('PATCH', `/api/meters/${fresh.body.id}`, { number: 'KW-2003' });
    expect(renamed.body).toMatchObject({ number: 'KW-2003', kind: 'cold-water' });
    expect((await api('DELETE', `/api/meters/${main.body.id}`)).status).toBe(204);
    expect(
      ((await api('GET', `/api/properties/${house.property.id}/meters`)).body as unknown as MeterJson[])
        .length,
    ).toBe(2);
  });

  it('computes a cost by consumption from the readings and prints the meters in the letter', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const house = await buildFourUnitHouse(api);
    const meter = async (unitId: string, number: string, readings: Array<[string, number]>) => {
      const made = await api('POST', `/api/units/${unitId}/meters`, { kind: 'cold-water', number });
      for (const [date, value] of readings)
        await api('POST', `/api/meters/${made.body.id}/readings`, { date, value });
    };
    // Müller's flat: 160 − 100 = 60 m³; Schmidt's (until 30.06.): 20 m³ with her move-out reading
    await meter(house.units.egLinks.id, 'KW-1001', [
      ['2025-01-01', 100],
      ['2025-12-31', 160],
    ]);
    await meter(house.units.egRechts.id, 'KW-2001', [
      ['2025-01-01', 50],
      ['2025-06-30', 70],
      ['2025-12-31', 90],
    ]);
    const draft = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: [
        {
          name: 'Wasser',
          amountCents: 50_000,
          key: 'consumption',
          consumption: { source: 'meters', meterKind: 'cold-water' },
        },
      ],
    });
    expect(draft.status).toBe(201);
    const got = (await api('GET', `/api/settlements/${draft.body.id}`)).body as unknown as SettlementJson;
    const units = (id: string) => got.statements.find((s) => s.tenancyId === id)?.rows[0]?.units;
    expect(units(house.tenancies.mueller.id)).toBe(60);
    expect(units(house.tenancies.schmidt.id)).toBe(20);
    expect(got.costs[0]?.consumption).toEqual({ source: 'meters', meterKind: 'cold-water' });
    const text = await draftLetterText(app, who.user.id, draft.body.id, house.tenancies.mueller.id);
    expect(text).toContain('60 m³');
    expect(text).toContain('Zähler KW-1001');
  });

  it('refuses a reading that replaces a meter of another kind or place, and bad values, in German', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const house = await buildFourUnitHouse(api);
    const water = await api('POST', `/api/units/${house.units.egLinks.id}/meters`, {
      kind: 'cold-water',
      number: '1',
    });
    const heat = await api('POST', `/api/units/${house.units.egLinks.id}/meters`, {
      kind: 'heat',
      number: '2',
    });
    const elsewhere = await api('POST', `/api/units/${house.units.ogLinks.id}/meters`, {
      kind: 'cold-water',
      number: '3',
    });
    for (const replaced of [heat.body.id, elsewhere.body.id, water.body.id]) {
      const res = await api('POST', `/api/meters/${water.body.id}/readings`, {
        date: '2025-03-01',
        value: 1,
        replacesMeterId: replaced,
      });
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body).replacesMeterId).toContain('derselben Art an derselben Stelle');
    }
    const bad = await api('POST', `/api/meters/${water.body.id}/readings`, { date: '', value: -1 });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toMatchObject({
      date: 'Bitte geben Sie das Datum der Ablesung ein.',
      value: 'Der Wert darf nicht negativ sein.',
    });
    const kind = await api('POST', `/api/units/${house.units.egLinks.id}/meters`, {
      kind: 'oil',
      number: '',
    });
    expect(fieldsOf(kind.body).kind).toBe('Bitte wählen Sie die Art des Zählers.');
  });

  it('answers another user 404 for every meter endpoint', async () => {
    const owner = await signUp(app);
    const house = await buildFourUnitHouse(injectApi(app, owner));
    const meter = await injectApi(app, owner)('POST', `/api/units/${house.units.egLinks.id}/meters`, {
      kind: 'heat',
      number: 'W-1',
    });
    const stranger = injectApi(app, await signUp(app));
    expect((await stranger('GET', `/api/properties/${house.property.id}/meters`)).status).toBe(404);
    expect(
      (await stranger('POST', `/api/units/${house.units.egLinks.id}/meters`, { kind: 'heat', number: '' }))
        .status,
    ).toBe(404);
    expect(
      (await stranger('POST', `/api/properties/${house.property.id}/meters`, { kind: 'heat', number: '' }))
        .status,
    ).toBe(404);
    expect((await stranger('PATCH', `/api/meters/${meter.body.id}`, { number: 'X' })).status).toBe(404);
    expect(
      (await stranger('POST', `/api/meters/${meter.body.id}/readings`, { date: '2025-01-01', value: 1 }))
        .status,
    ).toBe(404);
    expect((await stranger('DELETE', `/api/meters/${meter.body.id}`)).status).toBe(404);
  });
});
