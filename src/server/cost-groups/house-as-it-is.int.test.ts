// The house as it is over the API: kinds of unit, cost groups, credit notes and flat
// rates, computed into a draft's figures and printed in its letters.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PROPERTY } from '../../../tests/builders/building';
import { createTestApp } from '../../../tests/setup/app';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';
import { draftLetterText } from '../../../tests/setup/letter-text';
import type {
  CostGroupJson,
  SettlementJson,
  TenancyJson,
  UnitJson,
} from '../../shared/schemas/settlement-json';

type App = Awaited<ReturnType<typeof createTestApp>>;
/** The field messages of a 400 answer. */
const fieldsOf = (body: unknown) => (body as { error: { fields: Record<string, string> } }).error.fields;

describe('the house as it is', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A house with a shop, two flats and a garage; the upper flat's tenant has a flat rate. */
  async function mixedHouse(who: SignedUp) {
    const api = injectApi(app, who);
    const property = await api('POST', '/api/properties', { ...SAMPLE_PROPERTY, name: 'Lindenhof' });
    if (property.status !== 201) throw new Error(JSON.stringify(property.body));
    const unit = async (label: string, area: number, kind?: string) => {
      const res = await api('POST', `/api/properties/${property.body.id}/units`, {
        label,
        area,
        floor: '',
        note: '',
        ...(kind ? { kind } : {}),
      });
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      return res.body as unknown as UnitJson;
    };
    const shop = await unit('Laden EG', 80, 'commercial');
    const og1 = await unit('OG 1', 60);
    const og2 = await unit('OG 2', 60);
    const garage = await unit('Garage 1', 15, 'parking');
    const tenancy = async (unitId: string, name: string, extra: Record<string, unknown> = {}) => {
      const res = await api('POST', `/api/units/${unitId}/tenancies`, {
        kind: 'tenant',
        tenant: { name, street: '', city: '', email: null },
        start: '2020-01-01',
        end: null,
        persons: 1,
        monthlyPrepaymentCents: 10_000,
        ...extra,
      });
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      return res.body as unknown as TenancyJson;
    };
    const baecker = await tenancy(shop.id, 'Bäckerei Korn GmbH', { persons: 0 });
    const berg = await tenancy(og1.id, 'Anna Berg', { persons: 2 });
    const pauschal = await tenancy(og2.id, 'Paul Pauschal', { flatRate: true });
    const garageTenancy = await tenancy(garage.id, 'Anna Berg', { persons: 1, monthlyPrepaymentCents: 0 });
    return {
      api,
      property: property.body,
      shop,
      og1,
      og2,
      garage,
      baecker,
      berg,
      pauschal,
      garageTenancy,
    };
  }

  it('keeps a unit’s kind, also through a PATCH that does not name it, and refuses an unknown kind', async () => {
    const who = await signUp(app);
    const { api, garage, og1 } = await mixedHouse(who);
    expect(garage.kind).toBe('parking');
    expect(og1.kind).toBe('dwelling');
    const renamed = await api('PATCH', `/api/units/${garage.id}`, { label: 'Garage A' });
    expect(renamed.body).toMatchObject({ label: 'Garage A', kind: 'parking' });
    const bad = await api('PATCH', `/api/units/${garage.id}`, { kind: 'castle' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body).kind).toContain('Wohnung, ein Gewerbe oder ein Stellplatz');
  });

  it('refuses a flat rate for own use', async () => {
    const who = await signUp(app);
    const { api, og1 } = await mixedHouse(who);
    const res = await api('POST', `/api/units/${og1.id}/tenancies`, {
      kind: 'own-use',
      tenant: { name: 'Ich', street: '', city: '', email: null },
      start: '2010-01-01',
      end: '2012-12-31',
      persons: 1,
      monthlyPrepaymentCents: 0,
      flatRate: true,
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body).flatRate).toContain('Betriebskostenpauschale');
  });

  it('keeps cost groups per property, checks their units, and answers another user 404', async () => {
    const who = await signUp(app);
    const { api, property, og1, og2, shop } = await mixedHouse(who);
    const made = await api('POST', `/api/properties/${property.id}/cost-groups`, {
      name: 'Aufzug',
      unitIds: [og1.id, og2.id, og2.id],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Aufzug', propertyId: property.id });
    expect([...(made.body.unitIds as string[])].sort()).toEqual([og1.id, og2.id].sort());

    const list = await api('GET', `/api/properties/${property.id}/cost-groups`);
    expect(list.body).toEqual([made.body]);

    const moved = await api('PATCH', `/api/cost-groups/${made.body.id}`, { unitIds: [shop.id] });
    expect(moved.body).toMatchObject({ name: 'Aufzug', unitIds: [shop.id] });
    expect((await api('PATCH', `/api/cost-groups/${made.body.id}`, { name: '' })).status).toBe(400);

    // a unit of another property is refused, and nothing changes
    const stranger = await signUp(app);
    const theirs = await mixedHouse(stranger);
    const foreign = await api('PATCH', `/api/cost-groups/${made.body.id}`, { unitIds: [theirs.og1.id] });
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign.body).unitIds).toContain('gehört nicht zu dieser Immobilie');
    const groups = (await api('GET', `/api/properties/${property.id}/cost-groups`))
      .body as unknown as CostGroupJson[];
    expect(groups[0]?.unitIds).toEqual([shop.id]);

    const strangerApi = injectApi(app, stranger);
    expect((await strangerApi('GET', `/api/properties/${property.id}/cost-groups`)).status).toBe(404);
    expect((await strangerApi('PATCH', `/api/cost-groups/${made.body.id}`, { name: 'X' })).status).toBe(404);
    expect((await strangerApi('DELETE', `/api/cost-groups/${made.body.id}`)).status).toBe(404);
    expect(
      (
        await strangerApi('POST', `/api/properties/${property.id}/cost-groups`, {
          name: 'X',
          unitIds: [og1.id],
        })
      ).status,
    ).toBe(404);

    expect((await api('DELETE', `/api/cost-groups/${made.body.id}`)).status).toBe(204);
    expect((await api('GET', `/api/properties/${property.id}/cost-groups`)).body).toEqual([]);
  });

  it('computes a mixed house: the lift by its group, a refund, the garage without persons, the flat rate with the landlord', async () => {
    const who = await signUp(app);
    const h = await mixedHouse(who);
    const lift = await h.api('POST', `/api/properties/${h.property.id}/cost-groups`, {
      name: 'Aufzug',
      unitIds: [h.og1.id, h.og2.id],
    });
    const draft = await h.api('POST', `/api/properties/${h.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: [
        { name: 'Aufzug', amountCents: 120_000, key: 'area', costGroupId: lift.body.id },
        { name: 'Gebäudeversicherung', amountCents: 90_000, key: 'units' },
        { name: 'Erstattung Versicherung', amountCents: -30_000, key: 'units' },
        { name: 'Müllabfuhr', amountCents: 40_000, key: 'persons' },
      ],
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const s = (await h.api('GET', `/api/settlements/${draft.body.id}`)).body as unknown as SettlementJson;
    const row = (tenancyId: string, index: number) =>
      s.statements.find((t) => t.tenancyId === tenancyId)?.rows[index]?.shareCents ?? Number.NaN;
    // the lift: OG 1 and OG 2 share 1.200,00 € by area; the shop and the garage pay nothing
    expect(row(h.berg.id, 0)).toBe(60_000);
    expect(row(h.baecker.id, 0)).toBe(0);
    // insurance by units: 900,00 − 300,00 € over four units, 150,00 € net each
    expect(row(h.berg.id, 1) + row(h.berg.id, 2)).toBe(15_000);
    expect(row(h.berg.id, 2)).toBe(-7_500);
    // waste by person-days: Berg 2, the flat-rate flat 1, the shop 0, the garage none at all → 2/3 of 400,00
    expect(row(h.berg.id, 3)).toBe(26_667);
    expect(row(h.garageTenancy.id, 3)).toBe(0);
    // the flat rate gets no statement; its share is the landlord's, named as such
    expect(s.statements.map((t) => t.tenancyId)).not.toContain(h.pauschal.id);
    expect(s.flatRate).toEqual([
      expect.objectContaining({ tenancyId: h.pauschal.id, name: 'Paul Pauschal' }),
    ]);
    expect(s.landlord.rows[0]).toMatchObject({ flatRateCents: 60_000, vacancyCents: 0, shareCents: 60_000 });
    expect(s.checks.every((c) => c.differenceCents === 0)).toBe(true);
    expect(s.warnings.filter((w) => w.severity === 'error')).toEqual([]);

    // the letter of the upper flat names the group and prints the refund; the shop's letter has no lift
    const berg = await draftLetterText(app, who.user.id, draft.body.id, h.berg.id);
    expect(berg).toContain('Gruppe „Aufzug“ (2 Einheiten)');
    expect(berg).toContain('Erstattung Versicherung');
    expect(berg).toContain('\u2212300,00 €');
    const shop = await draftLetterText(app, who.user.id, draft.body.id, h.baecker.id);
    expect(shop).not.toContain('Aufzug');
    expect(shop).toContain('Gebäudeversicherung');

    // deleting the group leaves the draft with an error to fix, not a wrong split
    await h.api('DELETE', `/api/cost-groups/${lift.body.id}`);
    const after = (await h.api('GET', `/api/settlements/${draft.body.id}`)).body as unknown as SettlementJson;
    expect(after.warnings).toContainEqual(
      expect.objectContaining({ code: 'cost-group-empty', severity: 'error' }),
    );
  });

  it('refuses credit notes larger than the costs of their key, and a group beside units', async () => {
    const who = await signUp(app);
    const h = await mixedHouse(who);
    const res = await h.api('POST', `/api/properties/${h.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: [
        { name: 'Versicherung', amountCents: 10_000, key: 'area' },
        { name: 'Erstattung', amountCents: -20_000, key: 'area' },
        { name: 'Aufzug', amountCents: 5_000, key: 'area', unitIds: [h.og1.id], costGroupId: h.og1.id },
      ],
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)['costs.1.amountCents']).toContain('Gutschriften beim Schlüssel „Wohnfläche“');
    expect(fieldsOf(res.body)['costs.2.costGroupId']).toContain('entweder eine Gruppe oder die Einheiten');
  });
});
