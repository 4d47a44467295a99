import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { type SignedUp, signUp } from '../../../tests/setup/factories';

type App = Awaited<ReturnType<typeof createTestApp>>;

const sample = {
  name: 'Haus am See',
  street: 'Seestraße 1',
  postalCode: '14467',
  city: 'Potsdam',
  yearBuilt: 1998,
  totalArea: '412,5',
  unitCount: 6,
  notes: 'Heizung 2020 erneuert',
};

describe('/api/properties', () => {
  let app: App;
  let owner: SignedUp;
  let stranger: SignedUp;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await signUp(app);
    stranger = await signUp(app);
  });
  afterAll(() => app.close());

  const create = (who: SignedUp, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/properties', headers: who.headers, payload });

  it('creates a property with the default type and answers the joined address', async () => {
    const res = await create(owner, sample);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Haus am See',
      type: 'mehrfamilienhaus',
      street: 'Seestraße 1',
      postalCode: '14467',
      city: 'Potsdam',
      address: 'Seestraße 1, 14467 Potsdam',
      yearBuilt: 1998,
      totalArea: 412.5,
      unitCount: 6,
      notes: 'Heizung 2020 erneuert',
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(body.createdAt)).not.toBeNaN();
  });

  it('keeps an area with three decimals exactly', async () => {
    const res = await create(owner, { ...sample, totalArea: '75,125' });
    expect(res.statusCode).toBe(201);
    const got = await app.inject({ url: `/api/properties/${res.json().id}`, headers: owner.headers });
    expect(got.json().totalArea).toBe(75.125);
  });

  it('lists only the own properties, newest first', async () => {
    const user = await signUp(app);
    const first = (await create(user, { ...sample, name: 'Erste' })).json();
    const second = (await create(user, { ...sample, name: 'Zweite', type: 'buero' })).json();
    await create(stranger, { ...sample, name: 'Fremd' });
    const res = await app.inject({ url: '/api/properties', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
  });

  it('answers 400 with the German messages of spec §5 for each invalid field', async () => {
    const res = await create(owner, {
      name: ' ',
      street: '',
      city: '',
      yearBuilt: 1799,
      totalArea: 0,
      unitCount: 0,
      type: 'schloss',
    });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(fields).toMatchObject({
      name: 'Name ist ein Pflichtfeld.',
      street: 'Adresse ist ein Pflichtfeld.',
      city: 'Adresse ist ein Pflichtfeld.',
      yearBuilt: `Baujahr muss zwischen 1800 und ${new Date().getFullYear()} liegen.`,
      totalArea: 'Fläche muss größer als 0 sein.',
      unitCount: 'Mindestens eine Einheit erforderlich.',
    });
    expect(fields.type).toBeTruthy();
  });

  it('answers the required messages when the numbers are missing', async () => {
    const res = await create(owner, { name: 'X', street: 'A 1', city: 'B' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      yearBuilt: 'Baujahr ist ein Pflichtfeld.',
      totalArea: 'Fläche ist ein Pflichtfeld.',
      unitCount: 'Anzahl Einheiten ist ein Pflichtfeld.',
    });
  });

  it('rejects a year built after the current year', async () => {
    const res = await create(owner, { ...sample, yearBuilt: new Date().getFullYear() + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.yearBuilt).toMatch(/^Baujahr muss zwischen 1800 und \d{4} liegen\.$/);
  });

  it('reads, patches some fields and keeps the others', async () => {
    const { id } = (await create(owner, { ...sample, type: 'lager' })).json();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/properties/${id}`,
      headers: owner.headers,
      payload: { name: 'Neuer Name', city: 'Berlin', unitCount: '8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      name: 'Neuer Name',
      type: 'lager',
      address: 'Seestraße 1, 14467 Berlin',
      unitCount: 8,
      totalArea: 412.5,
      notes: 'Heizung 2020 erneuert',
    });
    const got = await app.inject({ url: `/api/properties/${id}`, headers: owner.headers });
    expect(got.json().name).toBe('Neuer Name');
  });

  it('rejects an invalid patch with field messages and changes nothing', async () => {
    const { id } = (await create(owner, sample)).json();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/properties/${id}`,
      headers: owner.headers,
      payload: { name: '', totalArea: '-3' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: 'Name ist ein Pflichtfeld.',
      totalArea: 'Fläche muss größer als 0 sein.',
    });
    const got = await app.inject({ url: `/api/properties/${id}`, headers: owner.headers });
    expect(got.json().name).toBe('Haus am See');
  });

  it("answers 404 for another user's property on every method and leaves it untouched", async () => {
    const { id } = (await create(owner, sample)).json();
    const h = stranger.headers;
    const answers = await Promise.all([
      app.inject({ url: `/api/properties/${id}`, headers: h }),
      app.inject({
        method: 'PATCH',
        url: `/api/properties/${id}`,
        headers: h,
        payload: { name: 'Gekapert' },
      }),
      app.inject({ method: 'DELETE', url: `/api/properties/${id}`, headers: h }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Immobilie nicht gefunden' } });
    }
    const list = await app.inject({ url: '/api/properties', headers: h });
    expect(list.json().some((p: { id: string }) => p.id === id)).toBe(false);
    const got = await app.inject({ url: `/api/properties/${id}`, headers: owner.headers });
    expect(got.json().name).toBe('Haus am See');
  });

  it('answers 404 for ids that are not UUIDs', async () => {
    const res = await app.inject({ url: '/api/properties/123', headers: owner.headers });
    expect(res.statusCode).toBe(404);
  });

  it('deletes a property', async () => {
    const { id } = (await create(owner, sample)).json();
    const del = await app.inject({ method: 'DELETE', url: `/api/properties/${id}`, headers: owner.headers });
    expect(del.statusCode).toBe(204);
    const got = await app.inject({ url: `/api/properties/${id}`, headers: owner.headers });
    expect(got.statusCode).toBe(404);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/properties/${id}`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('requires a session', async () => {
    const list = await app.inject({ url: '/api/properties' });
    expect(list.statusCode).toBe(401);
    const post = await app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: { origin: owner.headers.origin },
      payload: sample,
    });
    expect(post.statusCode).toBe(401);
  });
});
