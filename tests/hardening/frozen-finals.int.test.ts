// Hardening round three, items 3, 7, 11, 12 and 16 (superseded dispatch): a final settlement, its letters and its
// credits under attack, and a single statement's free correction. Techniques: writes at the SQL level past the API; a write of the house while
// the letters are being rendered (a renderer that changes the house on its first call); the same
// request racing another; and counting the renderer's calls.

import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeCredits } from '../../src/server/credits/ledger';
import { rateLimits, settlementStatements, settlements, tenancies } from '../../src/server/db/schema';
import { RENDER_BUDGET } from '../../src/server/pdf/render-budget';
import type { PdfRenderer } from '../../src/server/pdf/renderer';
import { finalizeSettlement } from '../../src/server/settlements/finalize';
import { warningKey } from '../../src/shared/settlement/checks';
import { buildFourUnitHouse, houseDraft } from '../builders/building';
import { sampleFormInput } from '../builders/statement';
import { createTestApp } from '../setup/app';
import { confirmAll } from '../setup/confirm-warnings';
import { type SignedUp, signUp } from '../setup/factories';
import { injectApi } from '../setup/inject-api';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Warning = { code: string; severity: string; path: string; message: string };

describe('a final settlement stays as it was paid for', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function landlordWithDraft(credits = 10) {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const house = await buildFourUnitHouse(api);
    const id = await houseDraft(api, house);
    await changeCredits(app.database.db, {
      workspaceId: who.user.id,
      userId: who.user.id,
      delta: credits,
      reason: 'adjustment',
    });
    return { who, api, house, id };
  }

  const confirmations = async (who: SignedUp, id: string) =>
    ((await app.inject({ url: `/api/settlements/${id}`, headers: who.headers })).json().warnings as Warning[])
      .filter((w) => w.severity === 'warning')
      .map(warningKey);

  const finalize = async (who: SignedUp, id: string) =>
    app.inject({
      method: 'POST',
      url: `/api/settlements/${id}/finalize`,
      headers: who.headers,
      payload: { confirmedWarnings: await confirmations(who, id) },
    });

  const balance = async (who: SignedUp) =>
    (await app.inject({ url: '/api/me', headers: who.headers })).json().credits as number;

  it('refuses at the SQL level to delete a final settlement or its letters, or to add a letter', async () => {
    const { who, id, house } = await landlordWithDraft();
    expect((await finalize(who, id)).statusCode).toBe(200);
    const { db } = app.database;
    await expect(db.delete(settlements).where(eq(settlements.id, id))).rejects.toThrow();
    await expect(
      db.delete(settlementStatements).where(eq(settlementStatements.settlementId, id)),
    ).rejects.toThrow();
    await expect(
      db.insert(settlementStatements).values({
        settlementId: id,
        workspaceId: who.user.id,
        tenancyId: house.tenancies.own.id,
        fileName: 'untergeschoben.pdf',
        content: new Uint8Array([1]),
        charged: false,
      }),
    ).rejects.toThrow();
    const letters = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(settlementStatements)
      .where(eq(settlementStatements.settlementId, id));
    expect(letters[0]?.n).toBe(4);
    // deleting the account still takes everything with it
    const gone = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: who.headers,
      payload: { password: who.password },
    });
    expect(gone.statusCode).toBe(204);
    expect(await db.select().from(settlements).where(eq(settlements.id, id))).toEqual([]);
  });

  it('never lets a property delete and a finalize both succeed', async () => {
    for (let round = 0; round < 4; round++) {
      const { who, id, house } = await landlordWithDraft();
      const confirmed = await confirmations(who, id);
      const [final, removed] = await Promise.all([
        app.inject({
          method: 'POST',
          url: `/api/settlements/${id}/finalize`,
          headers: who.headers,
          payload: { confirmedWarnings: confirmed },
        }),
        app.inject({ method: 'DELETE', url: `/api/properties/${house.property.id}`, headers: who.headers }),
      ]);
      // the loser answers 404 (gone), or 409 when the house vanished while its letters were drawn
      expect([200, 404, 409]).toContain(final.statusCode);
      expect([204, 409]).toContain(removed.statusCode);
      expect(final.statusCode === 200, `round ${round}`).toBe(removed.statusCode === 409);
      const [row] = await app.database.db.select().from(settlements).where(eq(settlements.id, id));
      if (final.statusCode === 200) expect(row?.status).toBe('final');
      else expect(await balance(who)).toBe(10);
    }
  });

  /** Finalizes directly, with a renderer that first runs `meanwhile` (as if it came in during rendering). */
  async function finalizeWhile(who: SignedUp, id: string, meanwhile: () => Promise<unknown>) {
    let first = true;
    const renderer: PdfRenderer = {
      threads: 1,
      async render(job, owner) {
        if (first) {
          first = false;
          await meanwhile();
        }
        return app.pdfRenderer.render(job, owner);
      },
      close: async () => {},
    };
    return finalizeSettlement(
      { db: app.database.db, renderer, log: app.log, spendRenders: async () => {} },
      { workspaceId: who.user.id, userId: who.user.id, userName: 'Erika' },
      id,
      await confirmations(who, id),
    );
  }

  it.each([
    ['a tenancy is deleted', 'DELETE', 'krause', undefined],
    [
      'a tenant is renamed',
      'PUT',
      'mueller',
      {
        kind: 'tenant',
        tenant: { name: 'Anna Umbenannt', street: '', city: '' },
        start: '2018-04-01',
        persons: 2,
        monthlyPrepaymentCents: 18_000,
        changes: [],
      },
    ],
  ] as const)(
    'refuses to freeze the house when %s while the letters are rendered',
    async (_, method, who_, body) => {
      const { who, id, house } = await landlordWithDraft();
      const tenancyId = house.tenancies[who_].id;
      const write = async () => {
        const res = await app.inject({
          method: method === 'PUT' ? 'PATCH' : 'DELETE',
          url: `/api/tenancies/${tenancyId}`,
          headers: who.headers,
          ...(body ? { payload: body } : {}),
        });
        expect(res.statusCode, res.body).toBeLessThan(300);
      };
      await expect(finalizeWhile(who, id, write)).rejects.toMatchObject({ code: 'settlement_changed' });
      const [row] = await app.database.db.select().from(settlements).where(eq(settlements.id, id));
      expect(row?.status).toBe('draft');
      expect(await balance(who)).toBe(10);
    },
  );

  it('charges a correction for a letter to other people: renamed tenants, another property', async () => {
    const { who, api, id, house } = await landlordWithDraft();
    expect((await finalize(who, id)).statusCode).toBe(200);
    const correction = await api('POST', `/api/settlements/${id}/correction`, {});
    expect(correction.status).toBe(201);
    expect(correction.body.creditsNeeded).toBe(0);
    // the same people: free; one tenant renamed: that letter costs
    const renamed = await api('PATCH', `/api/tenancies/${house.tenancies.mueller.id}`, {
      tenant: { name: 'Jemand Anderes', street: '', city: '' },
    });
    expect(renamed.status).toBe(200);
    const after = await api('GET', `/api/settlements/${correction.body.id}`);
    expect(after.body.creditsNeeded).toBe(1);
    // another house (its address is printed in every letter): every letter costs
    await api('PATCH', `/api/properties/${house.property.id}`, {
      name: 'Ganz anderes Haus',
      street: 'Andere Straße 5',
    });
    expect((await api('GET', `/api/settlements/${correction.body.id}`)).body.creditsNeeded).toBe(4);
    const before = await balance(who);
    expect((await finalize(who, correction.body.id)).statusCode).toBe(200);
    expect(await balance(who)).toBe(before - 4);
  });

  it('counts every letter and the overview against the render budget before rendering any', async () => {
    const { who, id } = await landlordWithDraft();
    const render = vi.spyOn(app.pdfRenderer, 'render');
    try {
      // room for four renderings; the house needs four letters and the overview
      await app.database.db
        .insert(rateLimits)
        .values({
          key: `pdf-render:${who.user.id}`,
          count: RENDER_BUDGET.max - 4,
          resetAt: sql`now() + interval '1 hour'`,
        })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count: RENDER_BUDGET.max - 4 } });
      const calls = render.mock.calls.length;
      const refused = await finalize(who, id);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(render.mock.calls.length).toBe(calls);
      expect(await balance(who)).toBe(10);
      await app.database.db.delete(rateLimits).where(eq(rateLimits.key, `pdf-render:${who.user.id}`));
      expect((await finalize(who, id)).statusCode).toBe(200);
      // the overview was rendered with the letters: the ZIP and the overview are served as stored
      const rendered = render.mock.calls.length;
      for (let i = 0; i < 3; i++) {
        const zip = await app.inject({ url: `/api/settlements/${id}/pdfs.zip`, headers: who.headers });
        expect(zip.statusCode).toBe(200);
        const overview = await app.inject({
          url: `/api/settlements/${id}/overview.pdf`,
          headers: who.headers,
        });
        expect(overview.statusCode).toBe(200);
      }
      expect(render.mock.calls.length).toBe(rendered);
    } finally {
      render.mockRestore();
    }
  });

  it('answers the 25th accepted prepayment change with 409 and a German reason, changing nothing', async () => {
    const { who, id, house } = await landlordWithDraft();
    expect((await finalize(who, id)).statusCode).toBe(200);
    const changes = Array.from({ length: 24 }, (_, i) => ({
      from: `${2019 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`,
      monthlyPrepaymentCents: 18_000 + i,
    }));
    await app.database.db
      .update(tenancies)
      .set({ changes })
      .where(eq(tenancies.id, house.tenancies.mueller.id));
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/settlements/${id}/prepayment-proposal/${house.tenancies.mueller.id}/accept`,
      headers: who.headers,
      payload: { monthlyCents: 21_000, receivedOn: '2026-03-10' },
    });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error.message).toContain('Höchstens 24 Änderungen.');
    const [row] = await app.database.db
      .select()
      .from(tenancies)
      .where(eq(tenancies.id, house.tenancies.mueller.id));
    expect(row?.changes).toEqual(changes);
  });

  it('names ZIP entries in at most 255 bytes, without control or bidi characters', async () => {
    const { who, api, id, house } = await landlordWithDraft();
    const label = `\u202e${'Ö'.repeat(99)}`;
    expect((await api('PATCH', `/api/units/${house.units.egLinks.id}`, { label })).status).toBe(200);
    const name = 'ß'.repeat(100);
    expect(
      (
        await api('PATCH', `/api/tenancies/${house.tenancies.mueller.id}`, {
          tenant: { name, street: '', city: '' },
        })
      ).status,
    ).toBe(200);
    expect((await finalize(who, id)).statusCode).toBe(200);
    const zip = await app.inject({ url: `/api/settlements/${id}/pdfs.zip`, headers: who.headers });
    const names = Object.keys(unzipSync(zip.rawPayload));
    expect(names).toHaveLength(5);
    for (const entry of names) {
      expect(Buffer.byteLength(entry), entry).toBeLessThanOrEqual(255);
      expect(entry).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    }
    expect(names.some((n) => n.includes('ÖÖÖ') && n.includes('ßßß'))).toBe(true);
  });

  it('refuses to dispatch a superseded final letter', async () => {
    const { who, api, id, house } = await landlordWithDraft();
    expect((await finalize(who, id)).statusCode).toBe(200);
    const correction = await api('POST', `/api/settlements/${id}/correction`, {});
    expect((await finalize(who, correction.body.id)).statusCode).toBe(200);
    const dispatch = await api(
      'POST',
      `/api/settlements/${id}/statements/${house.tenancies.mueller.id}/dispatch`,
      {
        channel: 'post',
        sentOn: '2026-03-01',
      },
    );
    expect(dispatch.status).toBe(409);
    expect(JSON.stringify(dispatch.body)).toContain('korrigiert');
    const current = await api(
      'POST',
      `/api/settlements/${correction.body.id}/statements/${house.tenancies.mueller.id}/dispatch`,
      { channel: 'post', sentOn: '2026-03-01' },
    );
    expect(current.status).toBe(200);
    const rows = await app.database.db
      .select()
      .from(settlements)
      .where(and(eq(settlements.workspaceId, who.user.id), eq(settlements.status, 'final')));
    expect(rows).toHaveLength(2);
  });
});

describe('a single statement’s free correction', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const finalPdf = (who: SignedUp, statementId: string, formData: ReturnType<typeof sampleFormInput>) =>
    app.inject({
      method: 'POST',
      url: '/api/statements/pdf',
      headers: who.headers,
      payload: { formData, isPreview: false, statementId, confirmedWarnings: confirmAll(formData) },
    });

  const balance = async (who: SignedUp) =>
    (await app.inject({ url: '/api/me', headers: who.headers })).json().credits as number;

  it.each([
    ['another landlord', (f: Form) => ({ ...f, landlord: { ...f.landlord, name: 'Fremde Vermieterin' } })],
    ['another tenant address', (f: Form) => ({ ...f, tenant: { ...f.tenant, street: 'Andere Straße 9' } })],
    [
      'another flat',
      (f: Form) => ({ ...f, propertyAddress: { ...f.propertyAddress, street: 'Nebenhaus 3' } }),
    ],
  ])('costs a credit for %s with the same tenant name and period', async (_, change) => {
    const who = await signUp(app);
    await changeCredits(app.database.db, {
      workspaceId: who.user.id,
      userId: who.user.id,
      delta: 2,
      reason: 'adjustment',
    });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/statements',
      headers: who.headers,
      payload: { formData: sampleFormInput() },
    });
    const id = saved.json().id as string;
    expect((await finalPdf(who, id, sampleFormInput())).statusCode).toBe(200);
    expect(await balance(who)).toBe(1);
    // the costs may change: that is a correction, free
    const fixed = { ...sampleFormInput(), prepayments: { monthly: '1.000,00', months: '12' } };
    const free = await finalPdf(who, id, fixed);
    expect(free.headers['x-correction']).toBe('free');
    expect(await balance(who)).toBe(1);
    const other = await finalPdf(who, id, change(sampleFormInput()));
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-correction']).toBeUndefined();
    expect(await balance(who)).toBe(0);
  });
});

type Form = ReturnType<typeof sampleFormInput>;
