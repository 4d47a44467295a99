// Hardening round three, item 1 and the races of items 8-10: what one account can make the server hold and do.
// Technique: fill a limit up to its last free place through the database, then ask the API for one
// more; and run the writes that used to race at the same time.

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlements, tenancies, units } from '../../src/server/db/schema';
import { HOUSE_WRITES, LIMITS } from '../../src/server/limits';
import { buildFourUnitHouse, houseCosts, houseDraft, SAMPLE_PROPERTY } from '../builders/building';
import { createTestApp } from '../setup/app';
import { signUp } from '../setup/factories';
import { injectApi } from '../setup/inject-api';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('the house within what a private landlord has', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const landlord = async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const property = await api('POST', '/api/properties', SAMPLE_PROPERTY);
    expect(property.status).toBe(201);
    return { who, api, propertyId: property.body.id };
  };

  it(`refuses unit ${LIMITS.unitsPerProperty + 1} of a property, naming the limit`, async () => {
    const { who, api, propertyId } = await landlord();
    await app.database.db.insert(units).values(
      Array.from({ length: LIMITS.unitsPerProperty - 1 }, (_, i) => ({
        workspaceId: who.user.id,
        propertyId,
        label: `Einheit ${i}`,
        area: 50,
      })),
    );
    const last = await api('POST', `/api/properties/${propertyId}/units`, { label: 'Letzte', area: 40 });
    expect(last.status).toBe(201);
    const over = await api('POST', `/api/properties/${propertyId}/units`, { label: 'Zu viel', area: 40 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      error: {
        code: 'limit_reached',
        message: `Eine Immobilie kann höchstens ${LIMITS.unitsPerProperty} Einheiten haben.`,
      },
    });
  });

  it(`refuses tenancy ${LIMITS.tenanciesPerUnit + 1} of a unit`, async () => {
    const { who, api, propertyId } = await landlord();
    const unit = await api('POST', `/api/properties/${propertyId}/units`, { label: 'EG', area: 40 });
    await app.database.db.insert(tenancies).values(
      Array.from({ length: LIMITS.tenanciesPerUnit }, (_, i) => ({
        workspaceId: who.user.id,
        unitId: unit.body.id,
        kind: 'tenant' as const,
        tenantName: `Mieter ${i}`,
        startDate: `${2000 + i}-01-01`,
        endDate: `${2000 + i}-12-31`,
        persons: 1,
        monthlyPrepaymentCents: 0,
      })),
    );
    const over = await api('POST', `/api/units/${unit.body.id}/tenancies`, {
      tenant: { name: 'Noch einer', street: '', city: '' },
      start: '2030-01-01',
      persons: 1,
      monthlyPrepaymentCents: 0,
    });
    expect(over.status).toBe(409);
    expect(JSON.stringify(over.body)).toContain(`höchstens ${LIMITS.tenanciesPerUnit} Mietverhältnisse`);
  });

  it(`refuses settlement ${LIMITS.settlementsPerPropertyYear + 1} of a property for one year`, async () => {
    const { api, propertyId } = await landlord();
    const draft = () =>
      api('POST', `/api/properties/${propertyId}/settlements`, {
        periodStart: '2025-01-01',
        periodEnd: '2025-12-31',
      });
    for (let i = 0; i < LIMITS.settlementsPerPropertyYear; i++) expect((await draft()).status).toBe(201);
    const over = await draft();
    expect(over.status).toBe(409);
    expect(JSON.stringify(over.body)).toContain('mit Beginn im Jahr 2025');
    const nextYear = await api('POST', `/api/properties/${propertyId}/settlements`, {
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
    });
    expect(nextYear.status).toBe(201);
  });

  it('lists settlements from a stored total, never from the entries or the result', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const house = await buildFourUnitHouse(api);
    const id = await houseDraft(api, house);
    const total = houseCosts(house.tenancies).reduce((s, c) => s + c.amountCents, 0);
    // entries the list cannot read: it must not need to
    await app.database.db.execute(
      sql`update ${settlements} set input = '{"v":1,"costs":"nicht lesbar"}' where id = ${id}`,
    );
    const list = await app.inject({ url: '/api/settlements', headers: who.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id, totalCostsCents: total })]);
  });

  it('counts the writes of the house per account and answers 429 with Retry-After beyond them', async () => {
    const { who, api, propertyId } = await landlord();
    const other = await landlord();
    // the account has used its hour's writes but one
    await app.database.db.execute(
      sql`insert into rate_limits (key, count, reset_at) values (${`house-writes:${who.user.id}`}, ${HOUSE_WRITES.max - 1}, now() + interval '1 hour')
          on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`,
    );
    expect((await api('POST', `/api/properties/${propertyId}/units`, { label: 'A', area: 40 })).status).toBe(
      201,
    );
    const refused = await app.inject({
      method: 'POST',
      url: `/api/properties/${propertyId}/units`,
      headers: who.headers,
      payload: { label: 'B', area: 40 },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    for (const [method, url] of [
      ['POST', '/api/properties'],
      ['PUT', '/api/settlements/00000000-0000-4000-8000-000000000000'],
      ['PATCH', '/api/units/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await app.inject({ method, url, headers: who.headers, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(429);
    }
    // reading goes on, and other accounts write
    expect((await app.inject({ url: '/api/settlements', headers: who.headers })).statusCode).toBe(200);
    expect(
      (await other.api('POST', `/api/properties/${other.propertyId}/units`, { label: 'A', area: 40 })).status,
    ).toBe(201);
  });

  it.each([
    ['0999-01-01', '0999-12-31'],
    ['1999-01-01', '1999-12-31'],
    ['2101-01-01', '2101-12-31'],
    ['9999-01-01', '9999-12-31'],
  ])('refuses a settlement period %s – %s with a German message (was 500 later)', async (start, end) => {
    const { api, propertyId } = await landlord();
    const res = await api('POST', `/api/properties/${propertyId}/settlements`, {
      periodStart: start,
      periodEnd: end,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/zwischen (1900|2000) und 2100/);
  });

  it('answers a tenancy created while its unit is deleted with 404 or 409, never 500', async () => {
    const { api, propertyId } = await landlord();
    for (let round = 0; round < 8; round++) {
      const unit = await api('POST', `/api/properties/${propertyId}/units`, { label: `U${round}`, area: 40 });
      const [created, deleted] = await Promise.all([
        api('POST', `/api/units/${unit.body.id}/tenancies`, {
          tenant: { name: 'Rennt', street: '', city: '' },
          start: '2025-01-01',
          persons: 1,
          monthlyPrepaymentCents: 0,
        }),
        api('DELETE', `/api/units/${unit.body.id}`),
      ]);
      expect([201, 404], JSON.stringify(created.body)).toContain(created.status);
      expect([204, 409], JSON.stringify(deleted.body)).toContain(deleted.status);
      // exactly one of them won
      expect(created.status === 201).toBe(deleted.status === 409);
    }
  });
});
