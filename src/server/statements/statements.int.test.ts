import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { type SignedUp, signUp } from '../../../tests/setup/factories';

type App = Awaited<ReturnType<typeof createTestApp>>;

const step1 = {
  landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 5', city: '10115 Berlin' },
  tenant: { name: 'Max Mieter', street: 'Seestraße 1', city: '14467 Potsdam' },
  billingPeriod: { start: '2024-01-01', end: '2024-12-31' },
};

const complete = {
  ...step1,
  costs: [
    { id: 'a', name: 'Grundsteuer', amount: '1.234,56', allocationKey: 'Pauschal' },
    {
      id: 'b',
      name: 'Müllabfuhr',
      amount: '600,00',
      allocationKey: 'Wohnfläche in m2',
      totalArea: '400',
      tenantArea: '75,5',
    },
    { id: 'c', name: 'Wasser', amount: 99.99, allocationKey: 'Personen', totalPeople: 10, tenantPeople: 2 },
  ],
  prepayments: { monthly: '150,00', months: '12' },
};

describe('/api/statements', () => {
  let app: App;
  let owner: SignedUp;
  let stranger: SignedUp;
  let propertyId: string;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await signUp(app);
    stranger = await signUp(app);
    const property = await app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: owner.headers,
      payload: {
        name: 'Haus am See',
        street: 'Seestraße 1',
        city: 'Potsdam',
        yearBuilt: 1990,
        totalArea: 400,
        unitCount: 6,
      },
    });
    propertyId = property.json().id;
  });
  afterAll(() => app.close());

  const create = (who: SignedUp, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/statements', headers: who.headers, payload });
  const patch = (who: SignedUp, id: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: `/api/statements/${id}`, headers: who.headers, payload });
  const get = (who: SignedUp, id: string) =>
    app.inject({ url: `/api/statements/${id}`, headers: who.headers });

  it('saves a draft from step 1 without costs, with the default title and status', async () => {
    const res = await create(owner, { formData: step1 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Abrechnung für Max Mieter',
      status: 'Entwurf',
      total: 0,
      periodStart: '2024-01-01',
      periodEnd: '2024-12-31',
      propertyId: null,
      propertyName: null,
    });
    expect(body.formData).toMatchObject({ version: 1, tenant: step1.tenant, costs: [] });
  });

  it('stores amounts as cents and answers total as the sum of cost amounts in cents', async () => {
    const res = await create(owner, { formData: { ...complete, selectedPropertyId: propertyId } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.total).toBe(123_456 + 60_000 + 9_999);
    expect(body.formData.costs.map((c: { amount: number }) => c.amount)).toEqual([123_456, 60_000, 9_999]);
    expect(body.formData.costs[1]).toMatchObject({ totalArea: 400, tenantArea: 75.5 });
    expect(body.formData.prepayments).toEqual({ monthly: 15_000, months: 12, total: 180_000 });
    expect(body).toMatchObject({ propertyId, propertyName: 'Haus am See' });
    expect(body.formData.selectedPropertyId).toBe(propertyId);
    const again = await get(owner, body.id);
    expect(again.json()).toEqual(body);
  });

  it('answers the checks as warnings with stable codes on create, read and update', async () => {
    const risky = {
      ...step1,
      // a period whose deadline lies ahead whenever this runs
      billingPeriod: { start: '2099-01-01', end: '2099-12-31' },
      costs: [
        { id: 'a', name: 'Reparatur Mülltonne', amount: '50,00', allocationKey: 'Pauschal' },
        {
          id: 'b',
          name: 'Heizkosten',
          amount: '900,00',
          allocationKey: 'Wohnfläche in m2',
          totalArea: '400',
          tenantArea: '80',
        },
        { id: 'c', name: 'Kabel-TV', amount: '120,00', allocationKey: 'Pauschal' },
        { id: 'd', name: 'Sonstige', amount: '30,00', allocationKey: 'Pauschal' },
      ],
    };
    const created = await create(owner, { formData: risky });
    expect(created.statusCode).toBe(201);
    const keys = (body: { warnings: { code: string; path: string }[] }) =>
      body.warnings.map((w) => `${w.code}@${w.path}`);
    const expected = [
      'cost-not-allocatable@costs.0.name',
      'heating-not-by-consumption@costs.1.name',
      'cable-tv-fees@costs.2.name',
      'other-costs-unnamed@costs.3.name',
    ];
    expect(keys(created.json())).toEqual(expected);
    expect(keys((await get(owner, created.json().id)).json())).toEqual(expected);

    // the statement of a period whose deadline has passed, with the costs fixed
    const fixed = await patch(owner, created.json().id, {
      formData: { ...complete, billingPeriod: { start: '2020-01-01', end: '2020-12-31' } },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().warnings).toEqual([
      expect.objectContaining({
        code: 'deadline-passed',
        severity: 'warning',
        path: 'billingPeriod.end',
        message: expect.stringContaining('am 31.12.2021 abgelaufen'),
      }),
    ]);
  });

  it('answers 400 with field messages for malformed values, also in drafts', async () => {
    const res = await create(owner, {
      formData: {
        ...step1,
        billingPeriod: { start: '2024-12-31', end: '2024-01-01' },
        costs: [{ name: 'Grundsteuer', amount: 'zwölf', allocationKey: 'Pauschal' }],
        bankDetails: { iban: 'DE00 1234' },
      },
    });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(fields['formData.costs.0.amount']).toBe('Ungültiger Betrag. Bitte im Format 1.234,56 eingeben.');
    expect(fields['formData.billingPeriod.end']).toBe('Das Ende darf nicht vor dem Beginn liegen.');
    expect(fields['formData.bankDetails.iban']).toBe('Ungültige IBAN.');
  });

  it('refuses a status other than Entwurf for incomplete form data, with the wizard messages', async () => {
    const res = await create(owner, { status: 'Erstellt', formData: { tenant: { name: 'Max' } } });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('incomplete');
    expect(error.fields).toMatchObject({
      'formData.landlord.name': 'Pflichtfeld',
      'formData.tenant.street': 'Pflichtfeld',
      'formData.billingPeriod.start': 'Pflichtfeld',
      'formData.costs': 'Bitte fügen Sie mindestens eine Kostenposition hinzu.',
      'formData.prepayments.monthly': 'Pflichtfeld',
    });
  });

  it("refuses another user's property and ids that are not UUIDs", async () => {
    const foreign = await create(stranger, { formData: { ...step1, selectedPropertyId: propertyId } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ propertyId: 'Immobilie nicht gefunden' });
    const bogus = await create(owner, { propertyId: 'haus-1', formData: step1 });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().error.fields).toEqual({ propertyId: 'Immobilie nicht gefunden' });
  });

  it('lists only the own statements, newest first, without form data', async () => {
    const user = await signUp(app);
    const property = await app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: user.headers,
      payload: {
        name: 'Haus im Tal',
        street: 'Talweg 2',
        city: 'Jena',
        yearBuilt: 1990,
        totalArea: 120,
        unitCount: 2,
      },
    });
    expect(property.statusCode).toBe(201);
    const selectedPropertyId = property.json().id;
    const first = (await create(user, { formData: step1 })).json();
    const second = (await create(user, { formData: { ...complete, selectedPropertyId } })).json();
    await create(stranger, { formData: step1 });
    const res = await app.inject({ url: '/api/statements', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({ total: 193_455, status: 'Entwurf', title: 'Abrechnung für Max Mieter' });
    expect(list[0]).toMatchObject({ propertyId: selectedPropertyId, propertyName: 'Haus im Tal' });
    // the list is read outside Drizzle: each entry is the single statement's answer without its form data
    for (const entry of list) {
      const { formData: _formData, warnings: _warnings, ...summary } = (await get(user, entry.id)).json();
      expect(entry).toEqual(summary);
    }
  });

  it('updates the form data, the total and the period; a default title follows the tenant', async () => {
    const { id } = (await create(owner, { formData: step1 })).json();
    const res = await patch(owner, id, {
      status: 'Entwurf',
      formData: {
        ...complete,
        tenant: { ...complete.tenant, name: 'Mia Neu' },
        billingPeriod: { start: '2025-01-01', end: '2025-06-30' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Abrechnung für Mia Neu',
      total: 193_455,
      periodStart: '2025-01-01',
      periodEnd: '2025-06-30',
    });
  });

  it('keeps a chosen title when the tenant changes', async () => {
    const { id } = (await create(owner, { title: 'Wohnung 3 links', formData: step1 })).json();
    const res = await patch(owner, id, {
      formData: { ...step1, tenant: { ...step1.tenant, name: 'Mia Neu' } },
    });
    expect(res.json().title).toBe('Wohnung 3 links');
  });

  it('moves the status of a complete statement forth and back', async () => {
    const { id } = (await create(owner, { formData: complete })).json();
    for (const status of ['Erstellt', 'Versendet', 'Beglichen', 'Versendet', 'Entwurf']) {
      const res = await patch(owner, id, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(status);
      expect(res.json().total).toBe(193_455);
    }
  });

  it('refuses to mark an incomplete draft as sent and leaves it unchanged', async () => {
    const { id } = (await create(owner, { formData: step1 })).json();
    const res = await patch(owner, id, { status: 'Versendet' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['formData.costs']).toBe(
      'Bitte fügen Sie mindestens eine Kostenposition hinzu.',
    );
    expect((await get(owner, id)).json().status).toBe('Entwurf');
  });

  it('answers 400 for an unknown status or a malformed form', async () => {
    const { id } = (await create(owner, { formData: step1 })).json();
    const res = await patch(owner, id, { status: 'Bezahlt', formData: { costs: [{ amount: '-5' }] } });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(fields.status).toBeTruthy();
    expect(fields['formData.costs.0.amount']).toBe('Positiver Betrag erforderlich');
  });

  it('links and unlinks a property', async () => {
    const { id } = (await create(owner, { formData: step1 })).json();
    const linked = await patch(owner, id, { propertyId });
    expect(linked.json()).toMatchObject({ propertyId, propertyName: 'Haus am See' });
    expect(linked.json().formData.selectedPropertyId).toBe(propertyId);
    const unlinked = await patch(owner, id, { formData: { ...step1, selectedPropertyId: null } });
    expect(unlinked.json()).toMatchObject({ propertyId: null, propertyName: null });
  });

  it('copies a statement as a draft titled "Kopie von …" and keeps the original', async () => {
    const original = (
      await create(owner, { formData: { ...complete, selectedPropertyId: propertyId } })
    ).json();
    await patch(owner, original.id, { status: 'Versendet' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/statements/${original.id}/copy`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      title: 'Kopie von Abrechnung für Max Mieter',
      status: 'Entwurf',
      total: original.total,
      propertyId,
      periodStart: '2024-01-01',
    });
    expect(copy.formData).toEqual(original.formData);
    expect((await get(owner, original.id)).json().status).toBe('Versendet');
  });

  it('keeps the titles of copies of copies within 200 characters', async () => {
    // the cut of the first copy falls between the emoji's two UTF-16 halves
    const long = `Nebenkosten ${'Ä'.repeat(176)}😀 Ende`;
    const original = (await create(owner, { title: long, formData: step1 })).json();
    expect(original.title).toBe(long);
    let source = original.id;
    const titles: string[] = [];
    for (let i = 0; i < 3; i++) {
      const copy = await app.inject({
        method: 'POST',
        url: `/api/statements/${source}/copy`,
        headers: owner.headers,
      });
      expect(copy.statusCode).toBe(201);
      source = copy.json().id;
      titles.push(copy.json().title);
    }
    for (const title of titles) {
      expect(title.length).toBeLessThanOrEqual(200);
      expect(title).toMatch(/^(Kopie von )+Nebenkosten Ä+…$/);
    }
    // a copy saves again as it is: its title passes the title check
    expect((await patch(owner, source, { title: titles[2] })).statusCode).toBe(200);
  });

  it("answers 404 for another user's statement on every method and leaves it untouched", async () => {
    const { id } = (await create(owner, { formData: complete })).json();
    const h = stranger.headers;
    const answers = await Promise.all([
      app.inject({ url: `/api/statements/${id}`, headers: h }),
      app.inject({
        method: 'PATCH',
        url: `/api/statements/${id}`,
        headers: h,
        payload: { status: 'Beglichen' },
      }),
      app.inject({ method: 'DELETE', url: `/api/statements/${id}`, headers: h }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Abrechnung nicht gefunden.' } });
    }
    const copy = await app.inject({ method: 'POST', url: `/api/statements/${id}/copy`, headers: h });
    expect(copy.statusCode).toBe(404);
    expect(copy.json().error.message).toBe('Originalabrechnung nicht gefunden.');
    const list = await app.inject({ url: '/api/statements', headers: h });
    expect(list.json().some((s: { id: string }) => s.id === id)).toBe(false);
    expect((await get(owner, id)).json()).toMatchObject({ status: 'Entwurf', total: 193_455 });
  });

  it('answers 404 for ids that are not UUIDs', async () => {
    expect((await get(owner, 'abc')).statusCode).toBe(404);
    const copy = await app.inject({
      method: 'POST',
      url: '/api/statements/abc/copy',
      headers: owner.headers,
    });
    expect(copy.statusCode).toBe(404);
  });

  it('deletes a statement', async () => {
    const { id } = (await create(owner, { formData: step1 })).json();
    const del = await app.inject({ method: 'DELETE', url: `/api/statements/${id}`, headers: owner.headers });
    expect(del.statusCode).toBe(204);
    expect((await get(owner, id)).statusCode).toBe(404);
  });

  it('keeps a statement when its property is deleted and drops only the link', async () => {
    const property = await app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: owner.headers,
      payload: {
        name: 'Abriss',
        street: 'Weg 1',
        city: 'Ort',
        yearBuilt: 1950,
        totalArea: 100,
        unitCount: 1,
      },
    });
    const pid = property.json().id;
    const { id } = (await create(owner, { formData: { ...complete, selectedPropertyId: pid } })).json();
    await app.inject({ method: 'DELETE', url: `/api/properties/${pid}`, headers: owner.headers });
    const res = await get(owner, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ propertyId: null, propertyName: null, total: 193_455 });
    expect(res.json().formData.selectedPropertyId).toBeNull();
  });

  it('requires a session', async () => {
    expect((await app.inject({ url: '/api/statements' })).statusCode).toBe(401);
    const post = await app.inject({
      method: 'POST',
      url: '/api/statements',
      headers: { origin: owner.headers.origin },
      payload: { formData: step1 },
    });
    expect(post.statusCode).toBe(401);
  });
});
