import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFourUnitHouse, houseCosts } from '../../../tests/builders/building';
import { createTestApp } from '../../../tests/setup/app';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';
import type { SettlementJson } from '../../shared/schemas/settlement-json';
import { warningKey } from '../../shared/settlement/checks';
import { changeCredits } from '../credits/ledger';
import { flatten, pdfText } from '../pdf/testing/poppler';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Warning = { code: string; path: string; severity: string };

/** The expected receipt the landlord enters: the new amount applies from 01.04.2026. */
const RECEIVED_ON = '2026-03-20';

describe('after a final settlement: § 35a, § 560 and the next year', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const apiOf = (who: SignedUp) => injectApi(app, who);
  const get = (who: SignedUp, url: string) => app.inject({ url, headers: who.headers });

  /** The four-flat house finalized for 2025, the cleaning with a labour part (§ 35a). */
  async function finalHouse() {
    const who = await signUp(app);
    const api = apiOf(who);
    const house = await buildFourUnitHouse(api);
    const costs = houseCosts(house.tenancies).map((c) =>
      c.name === 'Gebäudereinigung' ? { ...c, labour35a: { category: 'household', percent: 80 } } : c,
    );
    costs.push({
      name: 'Schornsteinfeger',
      amountCents: 30_000,
      key: 'units',
      labour35a: { category: 'craftsman', amountCents: 12_000 },
    } as never);
    const draft = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs,
      letter: { landlord: { name: 'Erika Muster', street: 'Hauptstraße 1', city: '10115 Berlin' } },
    });
    if (draft.status !== 201) throw new Error(JSON.stringify(draft.body));
    await changeCredits(app.database.db, {
      workspaceId: who.user.id,
      userId: null,
      delta: 10,
      reason: 'adjustment',
    });
    const id = draft.body.id as string;
    const warnings = (await get(who, `/api/settlements/${id}`)).json().warnings as Warning[];
    const confirmedWarnings = warnings.filter((w) => w.severity === 'warning').map(warningKey);
    const final = await api('POST', `/api/settlements/${id}/finalize`, { confirmedWarnings });
    if (final.status !== 200) throw new Error(JSON.stringify(final.body));
    return { who, api, house, id };
  }

  it('keeps the labour part and adds the § 35a annex to each final letter', async () => {
    const { who, house, id } = await finalHouse();
    const shown = (await get(who, `/api/settlements/${id}`)).json();
    expect(shown.costs[1].labour35a).toEqual({ category: 'household', percent: 80 });
    const pdf = await get(who, `/api/settlements/${id}/statements/${house.tenancies.mueller.id}/pdf`);
    if (process.env.SHOTS_DIR) await writeFile(`${process.env.SHOTS_DIR}/annex35a.pdf`, pdf.rawPayload);
    const text = flatten(await pdfText(pdf.rawPayload));
    expect(text).toContain('Bescheinigung nach § 35a EStG');
    expect(text).toContain('Haushaltsnahe Dienstleistungen (§ 35a Abs. 2 EStG)'.toUpperCase());
    expect(text).toContain('HANDWERKERLEISTUNGEN');
    // 4 flats by units all year: Müller's quarter of 960,00 € cleaning labour and of 120,00 € chimney labour
    expect(text).toContain('Gebäudereinigung 1.200,00 € 960,00 € 240,00 €');
    expect(text).toContain('Schornsteinfeger 300,00 € 120,00 € 30,00 €');
    const annex = text.slice(text.indexOf('Bescheinigung nach § 35a EStG'));
    expect(annex).not.toContain('Grundsteuer');
    expect(annex).not.toContain('Wasserversorgung');
  });

  it('proposes each tenancy’s new prepayment, writes the § 560 letter and takes an accepted amount over', async () => {
    const { who, house, id } = await finalHouse();
    const res = await get(who, `/api/settlements/${id}/prepayment-proposal`);
    expect(res.statusCode).toBe(200);
    const proposal = res.json();
    const mueller = proposal.tenancies.find(
      (t: { tenancyId: string }) => t.tenancyId === house.tenancies.mueller.id,
    );
    expect(mueller.days).toBe(365);
    expect(mueller.proposedMonthlyCents).toBe(Math.round(mueller.shareCents / 1200) * 100);
    const weber = proposal.tenancies.find(
      (t: { tenancyId: string }) => t.tenancyId === house.tenancies.weber.id,
    );
    expect(weber.days).toBe(153); // from 01.08.2025: scaled to twelve months
    expect(weber.proposedMonthlyCents).toBe(Math.round((weber.shareCents * 365) / 153 / 12 / 100) * 100);
    const schmidt = proposal.tenancies.find(
      (t: { tenancyId: string }) => t.tenancyId === house.tenancies.schmidt.id,
    );
    expect(schmidt.ended).toBe(true); // moved out on 30.06.2025

    const letter = await get(
      who,
      `/api/settlements/${id}/prepayment-letters/${house.tenancies.mueller.id}.pdf?monthlyCents=21000&receivedOn=${RECEIVED_ON}`,
    );
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    if (process.env.SHOTS_DIR)
      await writeFile(`${process.env.SHOTS_DIR}/prepayment-letter.pdf`, letter.rawPayload);
    const text = flatten(await pdfText(letter.rawPayload));
    expect(text).toContain('Anpassung der Betriebskostenvorauszahlung');
    expect(text).toContain('Erika Muster');
    expect(text).toContain('§ 560 Abs. 4 BGB');
    expect(text).toContain('Neue monatliche Vorauszahlung 210,00 €');
    expect(text).toContain('Bisherige monatliche Vorauszahlung 180,00 €');
    expect(text).toContain(
      'ab dem Monat, der auf den Zugang dieses Schreibens folgt, also voraussichtlich ab dem 01.04.2026',
    );

    const accepted = await app.inject({
      method: 'POST',
      url: `/api/settlements/${id}/prepayment-proposal/${house.tenancies.mueller.id}/accept`,
      headers: who.headers,
      payload: { monthlyCents: 21_000, receivedOn: RECEIVED_ON },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      tenancyId: house.tenancies.mueller.id,
      from: '2026-04-01',
      monthlyCents: 21_000,
    });
    const tenancies = (await get(who, `/api/properties/${house.property.id}/tenancies`)).json();
    const stored = tenancies.find((t: { id: string }) => t.id === house.tenancies.mueller.id);
    expect(stored.monthlyPrepaymentCents).toBe(18_000);
    expect(stored.changes).toEqual([{ from: '2026-04-01', monthlyPrepaymentCents: 21_000 }]);

    const ended = await app.inject({
      method: 'POST',
      url: `/api/settlements/${id}/prepayment-proposal/${house.tenancies.schmidt.id}/accept`,
      headers: who.headers,
      payload: { monthlyCents: 10_000, receivedOn: RECEIVED_ON },
    });
    expect(ended.statusCode).toBe(409);
  });

  it('refuses the proposal of a draft and another landlord’s settlement', async () => {
    const { id } = await finalHouse();
    const other = await signUp(app);
    expect((await get(other, `/api/settlements/${id}/prepayment-proposal`)).statusCode).toBe(404);
    const api = apiOf(other);
    const house = await buildFourUnitHouse(api);
    const draft = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: [],
    });
    const res = await get(other, `/api/settlements/${draft.body.id}/prepayment-proposal`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('erst nach dem Finalisieren');
  });

  it('starts next year’s draft with the same costs emptied and last year’s amounts beside them', async () => {
    const { who, api, house, id } = await finalHouse();
    const url = `/api/properties/${house.property.id}/settlements/from/${id}`;
    const next = await api('POST', url, {});
    expect(next.status).toBe(201);
    const draft = next.body as SettlementJson;
    expect(draft.status).toBe('draft');
    expect([draft.periodStart, draft.periodEnd]).toEqual(['2026-01-01', '2026-12-31']);
    expect(draft.costs.map((c) => c.name)).toEqual([
      'Grundsteuer',
      'Gebäudereinigung',
      'Müllabfuhr',
      'Wasserversorgung',
      'Schlüsseldienst',
      'Schornsteinfeger',
    ]);
    expect(draft.costs.every((c) => c.amountCents === 0)).toBe(true);
    expect(draft.costs[1]?.labour35a).toEqual({ category: 'household', percent: 80 });
    expect(draft.costs[5]?.labour35a).toEqual({ category: 'craftsman', amountCents: 0 });
    expect(draft.costs[3]?.consumption).toEqual({ totalUnits: 0, byTenancy: {} });
    expect(draft.costs[4]?.tenancyId).toBe(house.tenancies.weber.id);
    expect(draft.previousPeriod?.costs[1]).toEqual({ name: 'Gebäudereinigung', amountCents: 120_000 });
    expect(draft.letter?.landlord.name).toBe('Erika Muster');
    // the same period twice is refused; another landlord cannot start from this one
    expect((await api('POST', url, {})).status).toBe(409);
    const other = await signUp(app);
    expect((await apiOf(other)('POST', url, {})).status).toBe(404);
    expect((await get(who, `/api/settlements/${draft.id}`)).statusCode).toBe(200);
  });
});
