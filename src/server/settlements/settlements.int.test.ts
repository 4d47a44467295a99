import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, buildFourUnitHouse, houseCosts, SAMPLE_PROPERTY } from '../../../tests/builders/building';
import { createTestApp } from '../../../tests/setup/app';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('units, tenancies and settlements', () => {
  let app: App;
  let owner: SignedUp;
  let stranger: SignedUp;
  let house: Awaited<ReturnType<typeof buildFourUnitHouse>>;

  const apiOf = (who: SignedUp) => injectApi(app, who);

  beforeAll(async () => {
    app = await createTestApp();
    owner = await signUp(app);
    stranger = await signUp(app);
    house = await buildFourUnitHouse(apiOf(owner));
  });
  afterAll(() => app.close());

  const settlementBody = () => ({
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    costs: houseCosts(house.tenancies),
  });

  it('lists units and tenancies, with the delivery address defaulting to the flat', async () => {
    const api = apiOf(owner);
    const units = await api('GET', `/api/properties/${house.property.id}/units`);
    expect(units.status).toBe(200);
    expect((units.body as unknown as { label: string }[]).map((u) => u.label)).toEqual([
      'EG links',
      'EG rechts',
      'OG links',
      'OG rechts',
    ]);
    const tenancies = (await api('GET', `/api/properties/${house.property.id}/tenancies`))
      .body as unknown as {
      id: string;
      tenant: { street: string; city: string };
    }[];
    expect(tenancies).toHaveLength(5);
    const mueller = tenancies.find((t) => t.id === house.tenancies.mueller.id);
    expect(mueller?.tenant).toMatchObject({ street: 'Lindenstraße 12, EG links', city: '10115 Berlin' });
    const schmidt = tenancies.find((t) => t.id === house.tenancies.schmidt.id);
    expect(schmidt?.tenant).toMatchObject({ street: 'Neue Allee 3', city: '10247 Berlin' });
  });

  it('lists units by floor and label, and the letters follow them, whatever order they were made in', async () => {
    const api = apiOf(owner);
    const property = (await api('POST', '/api/properties', { ...SAMPLE_PROPERTY, name: 'Reihenfolge' })).body;
    const made: Array<[string, string]> = [
      ['Wohnung 10', '1. OG'],
      ['DG', 'DG'],
      ['Wohnung 2', '1. OG'],
      ['Laden', 'EG'],
    ];
    for (const [label, floor] of made) {
      const unit = await api('POST', `/api/properties/${property.id}/units`, { label, area: 50, floor });
      await api('POST', `/api/units/${unit.body.id}/tenancies`, {
        tenant: { name: `Mieter ${label}`, street: '', city: '' },
        start: '2020-01-01',
        persons: 1,
        monthlyPrepaymentCents: 0,
      });
    }
    const units = (await api('GET', `/api/properties/${property.id}/units`)).body as unknown as {
      label: string;
    }[];
    expect(units.map((u) => u.label)).toEqual(['Laden', 'Wohnung 2', 'Wohnung 10', 'DG']);
    // 100,01 € over four equal flats: the tie cent goes to the first in that order
    const draft = await api('POST', `/api/properties/${property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: [{ name: 'Grundsteuer', amountCents: 10_001, key: 'area' }],
    });
    const statements = draft.body.statements as unknown as { tenantName: string; totalCents: number }[];
    expect(statements.map((s) => [s.tenantName, s.totalCents])).toEqual([
      ['Mieter Laden', 2_501],
      ['Mieter Wohnung 2', 2_500],
      ['Mieter Wohnung 10', 2_500],
      ['Mieter DG', 2_500],
    ]);
    // in a flat, a tenant "since before" (no move-in day) comes before the one who followed
    const laden = (units as unknown as { id: string; label: string }[]).find((u) => u.label === 'Laden');
    const [first] = (await api('GET', `/api/properties/${property.id}/tenancies`)).body as unknown as {
      id: string;
    }[];
    await api('PATCH', `/api/tenancies/${first?.id}`, { start: null, end: '2025-03-31' });
    await api('POST', `/api/units/${laden?.id}/tenancies`, {
      tenant: { name: 'Nachmieter Laden', street: '', city: '' },
      start: '2025-04-01',
      persons: 1,
      monthlyPrepaymentCents: 0,
    });
    const listed = (await api('GET', `/api/properties/${property.id}/tenancies`)).body as unknown as {
      tenant: { name: string };
      start: string | null;
    }[];
    expect(listed.slice(0, 2).map((t) => [t.tenant.name, t.start])).toEqual([
      ['Mieter Laden', null],
      ['Nachmieter Laden', '2025-04-01'],
    ]);
  });

  it('asks for the new address of a tenant who moved out, whose letter would go to her old flat', async () => {
    const api = apiOf(owner);
    const property = (await api('POST', '/api/properties', { ...SAMPLE_PROPERTY, name: 'Auszug' })).body;
    const unit = await api('POST', `/api/properties/${property.id}/units`, { label: 'EG', area: 50 });
    const tenancy = (street: string) => ({
      tenant: { name: 'Frieda Fort', street, city: street ? '10247 Berlin' : '' },
      start: '2020-01-01',
      end: '2025-06-30',
      persons: 1,
      monthlyPrepaymentCents: 0,
    });
    const fort = await api('POST', `/api/units/${unit.body.id}/tenancies`, tenancy(''));
    const draft = await api('POST', `/api/properties/${property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: [{ name: 'Grundsteuer', amountCents: 10_000, key: 'area' }],
    });
    const codes = (body: Record<string, unknown>) =>
      (body.warnings as Array<{ code: string; path: string }>).map((w) => `${w.code}@${w.path}`);
    expect(codes(draft.body)).toContain(`moved-out-address@tenancies.${fort.body.id}`);
    await api('PATCH', `/api/tenancies/${fort.body.id}`, tenancy('Neue Allee 3'));
    const after = await api('GET', `/api/settlements/${draft.body.id}`);
    expect(codes(after.body)).not.toContain(`moved-out-address@tenancies.${fort.body.id}`);
  });

  it('adds a tenant list at once, all or none, naming the row that cannot be taken', async () => {
    const api = apiOf(owner);
    const property = (await api('POST', '/api/properties', { ...SAMPLE_PROPERTY, name: 'Liste' })).body;
    const made = await api('POST', `/api/properties/${property.id}/units/batch`, {
      units: [
        { label: 'EG', area: 60, floor: 'EG' },
        { label: 'OG', area: 50, floor: 'OG' },
      ],
    });
    const [eg, og] = made.body.units as unknown as Array<{ id: string }>;
    const url = `/api/properties/${property.id}/tenancies/batch`;
    const row = (
      unitId: string | undefined,
      name: string,
      start: string | null,
      end: string | null = null,
    ) => ({
      unitId,
      tenant: { name, street: '', city: '' },
      start,
      end,
      persons: 1,
      monthlyPrepaymentCents: 15_000,
      monthlyRentCents: 50_000,
    });
    const error = (answer: { body: unknown }) =>
      (answer.body as { error: { message: string; fields: Record<string, string> } }).error;
    // the third row overlaps the first: nothing is stored, the row is named
    const overlapping = await api('POST', url, {
      tenancies: [
        row(eg?.id, 'Anna Berg', null, '2025-06-30'),
        row(og?.id, 'Petra Krause', '2020-04-01'),
        row(eg?.id, 'Jonas Schmidt', '2025-06-01'),
      ],
    });
    expect(overlapping.status).toBe(409);
    expect(error(overlapping).message).toMatch(
      /^Zeile 3: Die Mietverhältnisse überschneiden sich: „Anna Berg“/,
    );
    expect(error(overlapping).fields).toHaveProperty('tenancies.2.start');
    expect((await api('GET', `/api/properties/${property.id}/tenancies`)).body).toEqual([]);
    const wrongDate = await api('POST', url, { tenancies: [row(eg?.id, 'Anna Berg', '31.02.2025')] });
    expect(wrongDate.status).toBe(400);
    expect(error(wrongDate).fields).toHaveProperty('tenancies.0.start');
    // a unit of another property is not one of this house
    const other = (await api('POST', '/api/properties', { ...SAMPLE_PROPERTY, name: 'Anderes' })).body;
    const foreign = (
      await api('POST', `/api/properties/${other.id}/units/batch`, { units: [{ label: 'X', area: 10 }] })
    ).body.units as unknown as Array<{ id: string }>;
    const elsewhere = await api('POST', url, { tenancies: [row(foreign[0]?.id, 'Lena Fischer', null)] });
    expect(elsewhere.status).toBe(404);
    expect(error(elsewhere).message).toBe('Zeile 1: Einheit nicht gefunden.');

    const taken = await api('POST', url, {
      tenancies: [
        row(eg?.id, 'Anna Berg', null, '2025-06-30'),
        row(eg?.id, 'Jonas Schmidt', '2025-07-01'),
        row(og?.id, 'Petra Krause', '2020-04-01'),
      ],
    });
    expect(taken.status).toBe(201);
    expect(
      (taken.body.tenancies as unknown as Array<{ tenant: { name: string } }>).map((t) => t.tenant.name),
    ).toEqual(['Anna Berg', 'Jonas Schmidt', 'Petra Krause']);
    const stranger = apiOf(await signUp(app));
    expect((await stranger('POST', url, { tenancies: [row(eg?.id, 'X', null)] })).status).toBe(404);
  });

  it('adds a table of units at once, all or none', async () => {
    const api = apiOf(owner);
    const property = (await api('POST', '/api/properties', { ...SAMPLE_PROPERTY, name: 'Tabelle' })).body;
    const url = `/api/properties/${property.id}/units/batch`;
    const wrong = await api('POST', url, {
      units: [
        { label: 'EG links', area: '62,5', floor: 'EG' },
        { label: 'EG rechts', area: 'viel', floor: 'EG' },
      ],
    });
    expect(wrong.status).toBe(400);
    expect(
      (wrong.body as unknown as { error: { fields: Record<string, string> } }).error.fields,
    ).toHaveProperty('units.1.area');
    expect((await api('GET', `/api/properties/${property.id}/units`)).body).toEqual([]);
    const made = await api('POST', url, {
      units: [
        { label: 'EG links', area: '62,5', mea: '250', floor: 'EG' },
        { label: 'EG rechts', area: 48, floor: 'EG' },
      ],
    });
    expect(made.status).toBe(201);
    expect(
      (made.body.units as unknown as { label: string; area: number; mea: number | null }[]).map((u) => [
        u.label,
        u.area,
        u.mea,
      ]),
    ).toEqual([
      ['EG links', 62.5, 250],
      ['EG rechts', 48, null],
    ]);
    const stranger = apiOf(await signUp(app));
    expect((await stranger('POST', url, { units: [{ label: 'X', area: 1 }] })).status).toBe(404);
  });

  it('refuses overlapping tenancies, a change on the same day included', async () => {
    const api = apiOf(owner);
    const base = {
      kind: 'tenant',
      tenant: { name: 'Neu', street: '', city: '' },
      persons: 1,
      monthlyPrepaymentCents: 0,
    };
    const sameDay = await api('POST', `/api/units/${house.units.egRechts.id}/tenancies`, {
      ...base,
      start: '2025-06-30',
      end: '2025-07-15',
    });
    expect(sameDay.status).toBe(409);
    expect(sameDay.body).toMatchObject({ error: { code: 'tenancy_overlap' } });
    expect(JSON.stringify(sameDay.body)).toContain('Die Mietverhältnisse überschneiden sich');
    const gap = await api('POST', `/api/units/${house.units.egRechts.id}/tenancies`, {
      ...base,
      start: '2025-07-01',
      end: '2025-07-31',
    });
    expect(gap.status).toBe(201);
    const moved = await api('PATCH', `/api/tenancies/${gap.body.id}`, { start: '2025-07-02' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ start: '2025-07-02', end: '2025-07-31' });
    const stretched = await api('PATCH', `/api/tenancies/${gap.body.id}`, { end: '2025-08-01' });
    expect(stretched.status).toBe(409);
    expect((await api('DELETE', `/api/tenancies/${gap.body.id}`)).status).toBe(204);
    // a tenant "since before" (no move-in day) lived there before any other tenancy
    const earlier = await api('POST', `/api/units/${house.units.egLinks.id}/tenancies`, {
      ...base,
      start: '2010-01-01',
      end: '2012-12-31',
    });
    expect(earlier.status).toBe(409);
    expect(JSON.stringify(earlier.body)).toContain('„Anna Müller“ wohnt seit längerem ohne Ende');
    const noDate = await api('POST', `/api/units/${house.units.egLinks.id}/tenancies`, {
      ...base,
      start: undefined,
    });
    expect(noDate.status).toBe(400);
    expect(noDate.body).toMatchObject({ error: { fields: { start: 'Bitte geben Sie den Beginn ein.' } } });
  });

  it('answers German field messages for bad units and tenancies', async () => {
    const api = apiOf(owner);
    const unit = await api('POST', `/api/properties/${house.property.id}/units`, { label: '', area: -1 });
    expect(unit.status).toBe(400);
    expect(unit.body).toMatchObject({
      error: {
        fields: {
          label: 'Bitte geben Sie eine Bezeichnung ein (z. B. „EG links“).',
          area: 'Der Wert darf nicht negativ sein.',
        },
      },
    });
    const tenancy = await api('POST', `/api/units/${house.units.egLinks.id}/tenancies`, {
      tenant: { name: 'X', email: 'kein-mail' },
      start: '2030-05-01',
      persons: 1.5,
      monthlyPrepaymentCents: -3,
    });
    expect(tenancy.status).toBe(400);
    expect(
      Object.keys((tenancy.body as unknown as { error: { fields: object } }).error.fields).sort(),
    ).toEqual(['monthlyPrepaymentCents', 'persons', 'tenant.email']);
  });

  it('refuses a tenancy that ends before it starts', async () => {
    const res = await apiOf(owner)('POST', `/api/units/${house.units.egLinks.id}/tenancies`, {
      tenant: { name: 'X' },
      start: '2030-05-01',
      end: '2030-04-01',
      persons: 1,
      monthlyPrepaymentCents: 0,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { fields: { end: 'Das Ende darf nicht vor dem Beginn liegen.' } },
    });
  });

  it('refuses to delete a unit that has tenancies', async () => {
    const res = await apiOf(owner)('DELETE', `/api/units/${house.units.egLinks.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { code: 'unit_in_use' } });
  });

  it('computes every tenant’s statement, the landlord’s part and checks that add up', async () => {
    const res = await apiOf(owner)(
      'POST',
      `/api/properties/${house.property.id}/settlements`,
      settlementBody(),
    );
    expect(res.status).toBe(201);
    const s = res.body as unknown as SettlementBody;
    expect(s).toMatchObject({ status: 'draft', periodDays: 365, version: 1, correctsId: null });
    const byName = Object.fromEntries(s.statements.map((st) => [st.tenantName, st]));
    // own use gets no statement
    expect(Object.keys(byName).sort()).toEqual([
      'Anna Müller',
      'Familie Weber',
      'Jonas Schmidt',
      'Petra Krause',
    ]);
    expect(byName['Jonas Schmidt']).toMatchObject({
      days: 181,
      start: '2025-01-01',
      end: '2025-06-30',
      prepaymentCents: 72_000,
    });
    expect(byName['Familie Weber']).toMatchObject({ days: 153, prepaymentCents: 75_000 });
    expect(byName['Petra Krause']).toMatchObject({ days: 275, prepaymentCents: 6 * 14_000 + 3 * 16_000 });
    expect(byName['Anna Müller']?.prepaymentCents).toBe(216_000);
    expect(byName['Familie Weber']?.rows.find((r) => r.key === 'direct')?.shareCents).toBe(8_900);
    expect(byName['Anna Müller']?.rows[0]).toMatchObject({
      name: 'Grundsteuer',
      totalUnits: 220,
      totalDays: 365,
      units: 62,
      days: 365,
    });
    for (const st of Object.values(byName)) {
      expect(st.totalCents).toBe(st.rows.reduce((sum, r) => sum + r.shareCents, 0));
      expect(st.balanceCents).toBe(st.totalCents - st.prepaymentCents);
    }
    for (const check of s.checks) expect(check.tenantsCents + check.landlordCents).toBe(check.amountCents);
    expect(s.ownUse).toHaveLength(1);
    expect(s.landlord.rows[1]?.vacancyCents).toBeGreaterThan(0); // July in EG rechts, Q1 in OG links
    expect(s.units.find((u) => u.label === 'EG rechts')?.segments.map((g) => [g.kind, g.days])).toEqual([
      ['tenant', 181],
      ['vacancy', 31],
      ['tenant', 153],
    ]);
    // a clean house: no warning but the deadline's, which passes for the fixed 2025 at the end of 2026
    expect(s.warnings.filter((w) => w.code !== 'deadline-passed')).toEqual([]);
  });

  it('updates a draft and refuses tenancies of other properties in its costs', async () => {
    const api = apiOf(owner);
    const created = await api('POST', `/api/properties/${house.property.id}/settlements`, settlementBody());
    const other = await buildFourUnitHouse(apiOf(stranger));
    const foreign = await api('PUT', `/api/settlements/${created.body.id}`, {
      ...settlementBody(),
      costs: [{ name: 'Reparatur', amountCents: 100, key: 'direct', tenancyId: other.tenancies.mueller.id }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({
      error: { fields: { 'costs.0.tenancyId': 'Mietverhältnis nicht gefunden.' } },
    });
    const updated = await api('PUT', `/api/settlements/${created.body.id}`, {
      ...settlementBody(),
      prepaymentsPaidCents: { [house.tenancies.schmidt.id]: 60_000 },
    });
    expect(updated.status).toBe(200);
    const schmidt = (updated.body as unknown as SettlementBody).statements.find(
      (st) => st.tenantName === 'Jonas Schmidt',
    );
    expect(schmidt).toMatchObject({ prepaymentCents: 60_000, prepaymentEntered: true });
    const tooLong = await api('PUT', `/api/settlements/${created.body.id}`, {
      ...settlementBody(),
      periodEnd: '2026-01-01',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      error: {
        fields: {
          periodEnd: 'Der Abrechnungszeitraum darf höchstens 12 Monate umfassen (§ 556 Abs. 3 BGB).',
        },
      },
    });
  });

  it('answers 404 for another user’s property, units, tenancies and settlements', async () => {
    const created = await apiOf(owner)(
      'POST',
      `/api/properties/${house.property.id}/settlements`,
      settlementBody(),
    );
    const api = apiOf(stranger);
    const attempts: Array<[Parameters<Api>[0], string, unknown?]> = [
      ['GET', `/api/properties/${house.property.id}/units`],
      ['POST', `/api/properties/${house.property.id}/units`, { label: 'X', area: 1 }],
      ['PATCH', `/api/units/${house.units.egLinks.id}`, { label: 'X' }],
      ['DELETE', `/api/units/${house.units.egLinks.id}`],
      ['GET', `/api/properties/${house.property.id}/tenancies`],
      [
        'POST',
        `/api/units/${house.units.egLinks.id}/tenancies`,
        { tenant: { name: 'X' }, start: '2030-01-01', persons: 1, monthlyPrepaymentCents: 0 },
      ],
      ['PATCH', `/api/tenancies/${house.tenancies.mueller.id}`, { persons: 9 }],
      ['DELETE', `/api/tenancies/${house.tenancies.mueller.id}`],
      ['POST', `/api/properties/${house.property.id}/settlements`, settlementBody()],
      ['GET', `/api/settlements/${created.body.id}`],
      ['PUT', `/api/settlements/${created.body.id}`, settlementBody()],
      ['DELETE', `/api/settlements/${created.body.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await api(method, url, payload);
      expect([method, url, res.status]).toEqual([method, url, 404]);
    }
    const list = await api('GET', '/api/settlements');
    expect((list.body as unknown as { id: string }[]).map((s) => s.id)).not.toContain(created.body.id);
    // nothing changed
    const mine = await apiOf(owner)('GET', `/api/settlements/${created.body.id}`);
    expect(mine.status).toBe(200);
  });

  it('deletes a property with its units, tenancies and draft settlements', async () => {
    const api = apiOf(owner);
    const other = await buildFourUnitHouse(api);
    const draft = await api('POST', `/api/properties/${other.property.id}/settlements`, {
      ...settlementBody(),
      costs: houseCosts(other.tenancies),
    });
    expect((await api('DELETE', `/api/properties/${other.property.id}`)).status).toBe(204);
    expect((await api('GET', `/api/settlements/${draft.body.id}`)).status).toBe(404);
    expect((await api('PATCH', `/api/units/${other.units.egLinks.id}`, { label: 'X' })).status).toBe(404);
  });
});

interface SettlementBody {
  status: string;
  periodDays: number;
  statements: Array<{
    tenantName: string;
    days: number;
    rows: Array<{ name: string; key: string; shareCents: number }>;
    totalCents: number;
    prepaymentCents: number;
    balanceCents: number;
  }>;
  ownUse: unknown[];
  landlord: { rows: Array<{ vacancyCents: number }> };
  units: Array<{ label: string; segments: Array<{ kind: string; days: number }> }>;
  checks: Array<{ amountCents: number; tenantsCents: number; landlordCents: number }>;
  warnings: Array<{ code: string }>;
}
