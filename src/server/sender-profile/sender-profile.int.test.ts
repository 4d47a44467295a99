import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt053, LANDLORD_IBAN, sampleYear } from '../../../tests/builders/bank-files';
import { buildFourUnitHouse } from '../../../tests/builders/building';
import { createTestApp } from '../../../tests/setup/app';
import { bankUpload } from '../../../tests/setup/bank-upload';
import { signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';

type App = Awaited<ReturnType<typeof createTestApp>>;

const SENDER = {
  landlord: {
    name: 'Erika Vermieter',
    street: 'Hauptstraße 1',
    city: '10115 Berlin',
    phone: '030 1234567',
    email: 'erika.vermieter@example.test',
    signature: 'Erika Vermieter, Eigentümerin',
  },
  bank: { holder: '', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank: 'Commerzbank' },
};

describe('the sender kept in the settings', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('is kept, checked, and put into each new settlement that names no sender', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    expect((await api('GET', '/api/me/sender')).body).toEqual({ letter: null });

    const wrong = await api('PUT', '/api/me/sender', {
      ...SENDER,
      bank: { ...SENDER.bank, iban: 'DE00 1234' },
    });
    expect(wrong.status).toBe(400);
    expect(
      (wrong.body as unknown as { error: { fields: Record<string, string> } }).error.fields,
    ).toHaveProperty('bank.iban');
    const saved = await api('PUT', '/api/me/sender', SENDER);
    expect(saved.status).toBe(200);
    expect(saved.body.letter).toMatchObject({
      landlord: { phone: '030 1234567', signature: 'Erika Vermieter, Eigentümerin' },
      bank: { iban: 'DE89370400440532013000' },
    });

    const house = await buildFourUnitHouse(api);
    const draft = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
    });
    expect(draft.body.letter).toEqual(saved.body.letter);
    // a sender given with the settlement wins
    const own = { landlord: { name: 'Hausverwaltung Süd', street: '', city: '' }, bank: null };
    const other = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2024-01-01',
      periodEnd: '2024-12-31',
      letter: own,
    });
    // what an older client leaves out is empty
    expect(other.body.letter).toEqual({
      ...own,
      landlord: { ...own.landlord, phone: '', email: '', signature: '' },
    });

    // every user has their own; the export holds it
    const stranger = injectApi(app, await signUp(app));
    expect((await stranger('GET', '/api/me/sender')).body).toEqual({ letter: null });
    const exported = await app.inject({ url: '/api/me/export', headers: who.headers });
    const [workspace] = exported.json().workspaces;
    expect(workspace).toMatchObject({ sender: saved.body.letter, units: expect.any(Array) });
    expect(workspace.units).toHaveLength(4);
  });

  it('without a kept sender, starts with the account holder and the account the bank files came from', async () => {
    const who = await signUp(app, { fullName: 'Jonas Eigentümer' });
    const api = injectApi(app, who);
    const house = await buildFourUnitHouse(api);
    const create = (periodStart: string, periodEnd: string) =>
      api('POST', `/api/properties/${house.property.id}/settlements`, { periodStart, periodEnd });
    // the name is known from the start
    expect((await create('2023-01-01', '2023-12-31')).body.letter).toMatchObject({
      landlord: { name: 'Jonas Eigentümer', street: '', city: '' },
      bank: null,
    });
    // a bank file names the account the rents arrive on
    const imported = await bankUpload(app)(who, 'umsaetze.xml', camt053(sampleYear()));
    expect(imported.statusCode).toBe(201);
    expect((await create('2024-01-01', '2024-12-31')).body.letter).toMatchObject({
      landlord: { name: 'Jonas Eigentümer' },
      bank: { holder: 'Jonas Eigentümer', iban: LANDLORD_IBAN },
    });
  });
});
