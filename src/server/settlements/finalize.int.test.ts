import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFourUnitHouse, houseCosts } from '../../../tests/builders/building';
import { createTestApp } from '../../../tests/setup/app';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';
import { draftLetterText } from '../../../tests/setup/letter-text';
import { canonicalJson } from '../../shared/canonical-json';
import { warningKey } from '../../shared/settlement/checks';
import { computeDraft } from '../../shared/settlement-view/draft';
import { changeCredits } from '../credits/ledger';
import { settlementStatements, settlements } from '../db/schema';
import { flatten, pdfFonts, pdfInfo, pdfPageCount, pdfText } from '../pdf/testing/poppler';
import { readSnapshot } from './stored';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('finalizing a settlement', () => {
  let app: App;

  const apiOf = (who: SignedUp) => injectApi(app, who);

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A landlord with the four-flat house, a draft for 2025 and `credits` credits. */
  async function landlordWithDraft(credits: number) {
    const who = await signUp(app);
    const api = apiOf(who);
    const house = await buildFourUnitHouse(api);
    const draft = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: houseCosts(house.tenancies),
      letter: {
        landlord: { name: 'Müller & Söhne GbR', street: 'Hauptstraße 1', city: '10115 Berlin' },
        bank: {
          holder: 'Müller & Söhne GbR',
          iban: 'DE89 3704 0044 0532 0130 00',
          bic: 'COBADEFFXXX',
          bank: 'Commerzbank',
        },
      },
    });
    if (draft.status !== 201) throw new Error(JSON.stringify(draft.body));
    if (credits > 0)
      await changeCredits(app.database.db, {
        workspaceId: who.user.id,
        userId: who.user.id,
        delta: credits,
        reason: 'adjustment',
      });
    return { who, api, house, id: draft.body.id };
  }

  const balance = async (who: SignedUp) =>
    (await app.inject({ url: '/api/me', headers: who.headers })).json().credits as number;

  const get = (who: SignedUp, url: string) => app.inject({ url, headers: who.headers });

  /** What the landlord ticks in the finalize panel: every warning the draft shows (the fixture's
   * 2025 deadline passes at the end of 2026). */
  const confirmAll = async (who: SignedUp, id: string) => ({
    confirmedWarnings: ((await get(who, `/api/settlements/${id}`)).json().warnings as Warning[])
      .filter((w) => w.severity === 'warning')
      .map(warningKey),
  });

  it('shows a preview letter with the tenant’s days and shares, watermarked, for free', async () => {
    const { who, house, id } = await landlordWithDraft(0);
    const res = await get(who, `/api/settlements/${id}/statements/${house.tenancies.schmidt.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      'VORSCHAU_Betriebskostenabrechnung_2025_EG_rechts_Jonas_Schmidt.pdf',
    );
    expect(await pdfFonts(res.rawPayload)).toEqual([]); // pictures of the pages (ADR 0005)
    const text = await draftLetterText(app, who.user.id, id, house.tenancies.schmidt.id);
    expect(text).toContain('VORSCHAU');
    expect(text).toContain('Jonas Schmidt');
    expect(text).toContain('01.01.2025 – 30.06.2025 (181 Tage)');
    expect(text).toContain('220 m² × 365 Tage');
    expect(text).toContain('48 m² × 181 Tage');
    const own = await get(who, `/api/settlements/${id}/statements/${house.tenancies.own.id}/pdf`);
    expect(own.statusCode).toBe(404); // own use gets no statement
    expect(await balance(who)).toBe(0);
  });

  it('shows all of a draft’s letters in one free preview, each letter’s pages in turn', async () => {
    const { who, house, id } = await landlordWithDraft(0);
    const res = await get(who, `/api/settlements/${id}/letters.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('VORSCHAU_Briefe_2025_Haus_Lindenstra');
    expect(await pdfFonts(res.rawPayload)).toEqual([]);
    const tenants = ['mueller', 'schmidt', 'weber', 'krause'] as const;
    let pages = 0;
    for (const t of tenants) {
      const letter = await get(who, `/api/settlements/${id}/statements/${house.tenancies[t].id}/pdf`);
      pages += await pdfPageCount(letter.rawPayload);
    }
    expect(await pdfPageCount(res.rawPayload)).toBe(pages);
    const subject = (await pdfInfo(res.rawPayload)).Subject ?? '';
    for (const name of ['Anna Müller', 'Jonas Schmidt', 'Familie Weber', 'Petra Krause'])
      expect(subject).toContain(name);
    expect((await get(who, `/api/settlements/${id}/letters.pdf?part=2`)).statusCode).toBe(404);
    expect((await get(who, `/api/settlements/${id}/letters.pdf?part=0`)).statusCode).toBe(400);
    expect(await balance(who)).toBe(0);
  });

  it('answers 402 and spends nothing when the credits do not cover every statement', async () => {
    const { who, id } = await landlordWithDraft(3);
    const res = await app.inject({
      method: 'POST',
      url: `/api/settlements/${id}/finalize`,
      headers: who.headers,
      payload: await confirmAll(who, id),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('insufficient_credits');
    expect(await balance(who)).toBe(3);
    expect((await get(who, `/api/settlements/${id}`)).json().status).toBe('draft');
  });

  it('freezes the figures: live changes, PUT and direct updates cannot touch them', async () => {
    const { who, api, house, id } = await landlordWithDraft(4);
    const before = (await api('POST', `/api/settlements/${id}/finalize`, await confirmAll(who, id)))
      .body as unknown as FinalJson;
    expect(before.status).toBe('final');

    // the snapshot's hash is the SHA-256 of its canonical JSON, and its result recomputes the same
    const [row] = await app.database.db.select().from(settlements).where(eq(settlements.id, id));
    expect(row?.snapshotHash).toBe(createHash('sha256').update(canonicalJson(row?.snapshot)).digest('hex'));
    expect(before.snapshotHash).toBe(row?.snapshotHash);
    // beside the engine's result the row keeps the checks and what the landlord confirmed
    const { checks, confirmedWarnings, ...engineResult } = (row?.result ?? {}) as Record<string, unknown>;
    const recomputed = computeDraft(readSnapshot(row?.snapshot), {
      today: '2026-01-01',
      previous: null,
      receipts: () => [],
    });
    expect(recomputed.result).toEqual(engineResult);

    // the tenant moves out earlier on paper, and the house gets a fifth flat: the final figures stay
    expect(
      (await api('PATCH', `/api/tenancies/${house.tenancies.krause.id}`, { end: '2025-11-30' })).status,
    ).toBe(200);
    expect(
      (await api('POST', `/api/properties/${house.property.id}/units`, { label: 'DG', area: 30 })).status,
    ).toBe(201);
    const after = (await api('GET', `/api/settlements/${id}`)).body as unknown as FinalJson;
    expect(after.statements).toEqual(before.statements);
    expect(after.units).toHaveLength(4);

    const put = await api('PUT', `/api/settlements/${id}`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: [],
    });
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({ error: { code: 'settlement_final' } });
    expect((await api('DELETE', `/api/settlements/${id}`)).status).toBe(409);
    await expect(
      app.database.db.execute(sql`update settlements set period_end = '2025-11-30' where id = ${id}`),
    ).rejects.toThrow();
    await expect(
      app.database.db
        .update(settlementStatements)
        .set({ fileName: 'x.pdf' })
        .where(eq(settlementStatements.settlementId, id)),
    ).rejects.toThrow();
    expect((await api('DELETE', `/api/tenancies/${house.tenancies.weber.id}`)).status).toBe(409);
    expect((await api('DELETE', `/api/properties/${house.property.id}`)).status).toBe(409);
  });

  it('serves the final PDFs, each and as one ZIP with the overview', async () => {
    const { who, house, id } = await landlordWithDraft(4);
    await app.inject({
      method: 'POST',
      url: `/api/settlements/${id}/finalize`,
      headers: who.headers,
      payload: await confirmAll(who, id),
    });
    const letter = await get(who, `/api/settlements/${id}/statements/${house.tenancies.weber.id}/pdf`);
    // a final's letters are the stored ones, singly and in the ZIP; no preview of them
    expect((await get(who, `/api/settlements/${id}/letters.pdf`)).statusCode).toBe(409);
    expect(letter.statusCode).toBe(200);
    const text = flatten(await pdfText(letter.rawPayload));
    expect(text).not.toContain('VORSCHAU');
    expect(text).toContain('Familie Weber');
    expect(text).toContain('Schlüsseldienst');
    const again = await get(who, `/api/settlements/${id}/statements/${house.tenancies.weber.id}/pdf`);
    expect(Buffer.compare(again.rawPayload, letter.rawPayload)).toBe(0);

    const zip = await get(who, `/api/settlements/${id}/pdfs.zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'Betriebskostenabrechnung_2025_EG_links_Anna_Müller.pdf',
      'Betriebskostenabrechnung_2025_EG_rechts_Familie_Weber.pdf',
      'Betriebskostenabrechnung_2025_EG_rechts_Jonas_Schmidt.pdf',
      'Betriebskostenabrechnung_2025_OG_links_Petra_Krause.pdf',
      'Hausabrechnung_2025_Haus_Lindenstraße_Übersicht.pdf',
    ]);
    const overview = flatten(
      await pdfText(files['Hausabrechnung_2025_Haus_Lindenstraße_Übersicht.pdf'] ?? new Uint8Array()),
    );
    expect(overview).toContain('Leerstand');
    expect(overview).toContain('Eigennutzung');
    expect(overview).toContain('Summe aller Parteien');
    expect(overview).not.toContain('Differenz');
  });

  it('makes a correction a new version whose re-issued letters cost nothing', async () => {
    const { who, api, house, id } = await landlordWithDraft(4);
    await api('POST', `/api/settlements/${id}/finalize`, await confirmAll(who, id));
    const correction = await api('POST', `/api/settlements/${id}/correction`);
    expect(correction.status).toBe(201);
    expect(correction.body).toMatchObject({ status: 'draft', version: 2, correctsId: id, creditsNeeded: 0 });
    expect((await api('POST', `/api/settlements/${id}/correction`)).status).toBe(409);
    expect((await api('GET', `/api/settlements/${id}`)).body).toMatchObject({
      correctedById: correction.body.id,
    });

    // the fix: Krause's prepayments were 150 € from October, not 160 €
    await api('PATCH', `/api/tenancies/${house.tenancies.krause.id}`, {
      changes: [{ from: '2025-10-01', monthlyPrepaymentCents: 15_000 }],
    });
    const final = await api(
      'POST',
      `/api/settlements/${correction.body.id}/finalize`,
      await confirmAll(who, correction.body.id),
    );
    expect(final.status).toBe(200);
    expect(await balance(who)).toBe(0);
    const krause = (final.body as unknown as FinalJson).statements.find(
      (s) => s.tenantName === 'Petra Krause',
    );
    expect(krause?.prepaymentCents).toBe(6 * 14_000 + 3 * 15_000);
    expect(krause?.final).toEqual({
      fileName: 'Betriebskostenabrechnung_2025_OG_links_Petra_Krause_Korrektur.pdf',
      charged: false,
      unchanged: false,
    });
    // only Krause's letter changed: the others are kept as they were sent, not re-issued
    const others = (final.body as unknown as FinalJson).statements.filter(
      (s) => s.tenantName !== 'Petra Krause',
    );
    expect(others.map((s) => s.final?.unchanged)).toEqual(others.map(() => true));
    expect(others.every((s) => s.final?.charged === false && !s.final.fileName.includes('Korrektur'))).toBe(
      true,
    );
    const mueller = house.tenancies.mueller.id;
    const kept = await get(who, `/api/settlements/${correction.body.id}/statements/${mueller}/pdf`);
    const sent = await get(who, `/api/settlements/${id}/statements/${mueller}/pdf`);
    expect(kept.rawPayload.equals(sent.rawPayload)).toBe(true);
    const pdf = await get(
      who,
      `/api/settlements/${correction.body.id}/statements/${house.tenancies.krause.id}/pdf`,
    );
    expect(flatten(await pdfText(pdf.rawPayload))).toContain('Korrektur: Betriebskostenabrechnung');
    // the corrected version is kept as it was
    const old = (await api('GET', `/api/settlements/${id}`)).body as unknown as FinalJson;
    expect(old.statements.find((s) => s.tenantName === 'Petra Krause')?.prepaymentCents).toBe(
      6 * 14_000 + 3 * 16_000,
    );
  });

  it('refuses to finalize while errors remain, naming them', async () => {
    const { api, house, id } = await landlordWithDraft(10);
    const put = await api('PUT', `/api/settlements/${id}`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: [
        {
          name: 'Wasser',
          amountCents: 1000,
          key: 'consumption',
          consumption: { totalUnits: 10, byTenancy: { [house.tenancies.mueller.id]: 50 } },
        },
      ],
    });
    expect(put.status).toBe(200);
    const res = await api('POST', `/api/settlements/${id}/finalize`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: {
        code: 'settlement_blocked',
        fields: {
          'costs.0.consumption.totalUnits': expect.stringContaining('übersteigen den Gesamtverbrauch'),
        },
      },
    });
  });

  it('asks for every warning to be confirmed and stores the confirmations with the final version', async () => {
    const { who, api, house, id } = await landlordWithDraft(10);
    const costs = [
      ...houseCosts(house.tenancies),
      { name: 'Hausverwaltung', amountCents: 30_000, key: 'units' },
      { name: 'Heizkosten', amountCents: 250_000, key: 'area' },
    ];
    expect(
      (
        await api('PUT', `/api/settlements/${id}`, {
          periodStart: '2025-01-01',
          periodEnd: '2025-12-31',
          costs,
        })
      ).status,
    ).toBe(200);
    const draft = (await get(who, `/api/settlements/${id}`)).json();
    const keys = (draft.warnings as Warning[]).filter((w) => w.severity === 'warning').map(warningKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        'cost-not-allocatable@costs.5.name',
        'heating-not-by-consumption@costs.6.name',
      ]),
    );
    expect(draft.confirmedWarnings).toEqual([]);

    const none = await api('POST', `/api/settlements/${id}/finalize`);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({
      error: {
        code: 'settlement_unconfirmed',
        message: expect.stringContaining('„Hausverwaltung“'),
        fields: {
          'cost-not-allocatable@costs.5.name': expect.stringContaining('nicht umlagefähig'),
          'heating-not-by-consumption@costs.6.name': expect.stringContaining('HeizkostenV'),
        },
      },
    });
    const one = await api('POST', `/api/settlements/${id}/finalize`, {
      confirmedWarnings: keys.filter((k) => k !== 'heating-not-by-consumption@costs.6.name'),
    });
    expect(one.status).toBe(409);
    expect(Object.keys((one.body.error as { fields: object }).fields)).toEqual([
      'heating-not-by-consumption@costs.6.name',
    ]);
    expect(await balance(who)).toBe(10);
    expect((await get(who, `/api/settlements/${id}`)).json().status).toBe('draft');

    const final = await api('POST', `/api/settlements/${id}/finalize`, { confirmedWarnings: keys });
    expect(final.status).toBe(200);
    expect(await balance(who)).toBe(6);
    const shown = (await get(who, `/api/settlements/${id}`)).json();
    expect(shown.status).toBe('final');
    expect((shown.confirmedWarnings as Warning[]).map(warningKey)).toEqual(keys);
    expect(shown.confirmedWarnings).toContainEqual(
      expect.objectContaining({
        code: 'cost-not-allocatable',
        message: expect.stringContaining('„Hausverwaltung“'),
      }),
    );
    // the checks stay as they were when finalized, whatever today is
    expect(shown.warnings).toEqual(draft.warnings);
  });

  it('compares each cost with the previous final settlement of the property', async () => {
    const { who, api, house, id } = await landlordWithDraft(10);
    const previous = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2024-01-01',
      periodEnd: '2024-12-31',
      costs: [
        { name: 'Grundsteuer', amountCents: 60_000, key: 'area' },
        { name: 'Gebäudereinigung', amountCents: 110_000, key: 'units' },
      ],
    });
    // before the earlier year is final, nothing compares
    const unchecked = (await get(who, `/api/settlements/${id}`)).json();
    expect(unchecked.previousPeriod).toBeNull();
    expect((unchecked.warnings as Warning[]).map((w) => w.code)).not.toContain('cost-changed');

    const late = await api(
      'POST',
      `/api/settlements/${previous.body.id}/finalize`,
      await confirmAll(who, previous.body.id),
    );
    expect(late.status).toBe(200);
    expect(late.body.confirmedWarnings).toEqual([
      expect.objectContaining({
        code: 'deadline-passed',
        path: 'periodEnd',
        message: expect.stringContaining('31.12.2025'),
      }),
    ]);

    const draft = (await get(who, `/api/settlements/${id}`)).json();
    expect(draft.previousPeriod).toEqual({
      periodStart: '2024-01-01',
      periodEnd: '2024-12-31',
      costs: [
        { name: 'Grundsteuer', amountCents: 60_000 },
        { name: 'Gebäudereinigung', amountCents: 110_000 },
      ],
    });
    // Grundsteuer 987,65 € after 600,00 € (+65 %); Gebäudereinigung +9 % stays silent
    expect((draft.warnings as Warning[]).filter((w) => w.code === 'cost-changed')).toEqual([
      {
        code: 'cost-changed',
        severity: 'warning',
        path: 'costs.0.name',
        message: expect.stringContaining(
          '987,65 € statt 600,00 € im Zeitraum 01.01.2024 – 31.12.2024 (+65 %)',
        ),
      },
    ]);
  });

  it('keeps another user out of previews, finals, the ZIP, finalizing and corrections', async () => {
    const { who, api, house, id } = await landlordWithDraft(4);
    await api('POST', `/api/settlements/${id}/finalize`, await confirmAll(who, id));
    const stranger = await signUp(app);
    await changeCredits(app.database.db, {
      workspaceId: stranger.user.id,
      userId: null,
      delta: 5,
      reason: 'adjustment',
    });
    for (const url of [
      `/api/settlements/${id}/statements/${house.tenancies.mueller.id}/pdf`,
      `/api/settlements/${id}/overview.pdf`,
      `/api/settlements/${id}/pdfs.zip`,
    ]) {
      expect((await get(stranger, url)).statusCode).toBe(404);
    }
    for (const url of [`/api/settlements/${id}/finalize`, `/api/settlements/${id}/correction`]) {
      expect((await app.inject({ method: 'POST', url, headers: stranger.headers })).statusCode).toBe(404);
    }
    expect(await balance(stranger)).toBe(5);
  });
});

interface Warning {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  path: string;
}

interface FinalJson {
  status: string;
  snapshotHash: string;
  units: unknown[];
  statements: Array<{
    tenantName: string;
    prepaymentCents: number;
    final: { fileName: string; charged: boolean; unchanged: boolean } | null;
  }>;
}
