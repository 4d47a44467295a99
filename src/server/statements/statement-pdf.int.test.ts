import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFormInput } from '../../../tests/builders/statement';
import { createTestApp } from '../../../tests/setup/app';
import { confirmAll } from '../../../tests/setup/confirm-warnings';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { changeCredits } from '../credits/ledger';
import { creditLedger, statementPdfs } from '../db/schema';
import { flatten, pdfFonts, pdfPageCount, pdfText } from '../pdf/testing/poppler';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('statement PDF and credits', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const db = () => app.database.db;

  /** A final PDF confirms every warning unless the body says which. */
  function requestPdf(
    who: SignedUp,
    body: { formData: object; isPreview: boolean } & Record<string, unknown>,
  ) {
    const payload =
      body.isPreview || 'confirmedWarnings' in body
        ? body
        : { ...body, confirmedWarnings: confirmAll(body.formData) };
    return app.inject({ method: 'POST', url: '/api/statements/pdf', headers: who.headers, payload });
  }

  async function credits(who: SignedUp): Promise<number> {
    const res = await app.inject({ method: 'GET', url: '/api/me', headers: who.headers });
    return res.json().credits;
  }

  async function saveStatement(who: SignedUp): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/statements',
      headers: who.headers,
      payload: { formData: sampleFormInput() },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  async function statementStatus(who: SignedUp, id: string): Promise<string> {
    const res = await app.inject({ method: 'GET', url: `/api/statements/${id}`, headers: who.headers });
    return res.json().status;
  }

  const ledgerRows = (who: SignedUp) =>
    db()
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, who.user.id), eq(creditLedger.reason, 'pdf')));
  const archived = (statementId: string) =>
    db().select().from(statementPdfs).where(eq(statementPdfs.statementId, statementId));

  it('is for signed-in users only', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/statements/pdf',
      headers: { origin: 'http://localhost:3000' },
      payload: { formData: sampleFormInput(), isPreview: true },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers a preview for free, named VORSCHAU_… with the umlauts kept in filename*', async () => {
    const who = await signUp(app);
    const res = await requestPdf(who, { formData: sampleFormInput(), isPreview: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="VORSCHAU_Betriebskostenabrechnung_2024_Juergen_Weiss-Oeztuerk.pdf"; ' +
        "filename*=UTF-8''VORSCHAU_Betriebskostenabrechnung_2024_J%C3%BCrgen_Wei%C3%9F-%C3%96zt%C3%BCrk.pdf",
    );
    // pictures of its pages, watermark and all (ADR 0005): nothing to copy out
    expect(await pdfFonts(res.rawPayload)).toEqual([]);
    expect(await pdfPageCount(res.rawPayload)).toBe(2);
    expect(await credits(who)).toBe(0);
    expect(await ledgerRows(who)).toHaveLength(0);
  });

  it('refuses incomplete form data with the wizard’s field messages', async () => {
    const who = await signUp(app);
    const formData = {
      ...sampleFormInput(),
      tenant: { name: '', street: 'Große Straße 5a', city: '50667 Köln' },
    };
    formData.costs = [{ ...formData.costs[0], amount: '0' } as (typeof formData.costs)[number]];
    const res = await requestPdf(who, { formData, isPreview: true });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(fields['formData.tenant.name']).toBe('Pflichtfeld');
    expect(fields['formData.costs.0.amount']).toBe('Positiver Betrag erforderlich');
  });

  it('asks to confirm every warning before a final PDF and archives the confirmed ones with it', async () => {
    const who = await signUp(app);
    await changeCredits(db(), { workspaceId: who.user.id, userId: null, delta: 1, reason: 'adjustment' });
    const sample = sampleFormInput({ positions: 2 });
    const formData = {
      ...sample,
      billingPeriod: { start: '2020-01-01', end: '2020-12-31' },
      costs: sample.costs.map((c, i) => (i === 1 ? { ...c, name: 'Reparatur Dachrinne' } : c)),
    };
    const saved = await app.inject({
      method: 'POST',
      url: '/api/statements',
      headers: who.headers,
      payload: { formData },
    });
    const id = saved.json().id as string;
    const keys = (saved.json().warnings as { code: string; path: string }[]).map(
      (w) => `${w.code}@${w.path}`,
    );
    expect(keys).toEqual(['cost-not-allocatable@costs.1.name', 'deadline-passed@billingPeriod.end']);

    const partly = await requestPdf(who, {
      formData,
      isPreview: false,
      statementId: id,
      confirmedWarnings: ['deadline-passed@billingPeriod.end'],
    });
    expect(partly.statusCode).toBe(409);
    expect(partly.json().error.code).toBe('statement_unconfirmed');
    expect(Object.keys(partly.json().error.fields)).toEqual(['cost-not-allocatable@costs.1.name']);
    expect(await credits(who)).toBe(1);
    expect(await archived(id)).toHaveLength(0);
    // a preview needs no confirmation
    expect((await requestPdf(who, { formData, isPreview: true, statementId: id })).statusCode).toBe(200);

    const final = await requestPdf(who, {
      formData,
      isPreview: false,
      statementId: id,
      confirmedWarnings: keys,
    });
    expect(final.statusCode).toBe(200);
    const list = await app.inject({ url: `/api/statements/${id}/pdfs`, headers: who.headers });
    expect(list.json()[0].confirmedWarnings.map((w: { code: string }) => w.code)).toEqual([
      'cost-not-allocatable',
      'deadline-passed',
    ]);
  });

  it('answers 402 for a final PDF without a credit and changes nothing', async () => {
    const who = await signUp(app);
    const id = await saveStatement(who);
    const res = await requestPdf(who, { formData: sampleFormInput(), isPreview: false, statementId: id });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('insufficient_credits');
    expect(res.json().error.message).toMatch(/^Nicht genügend Credits/);
    expect(await credits(who)).toBe(0);
    expect(await ledgerRows(who)).toHaveLength(0);
    expect(await archived(id)).toHaveLength(0);
    expect(await statementStatus(who, id)).toBe('Entwurf');
  });

  it('spends one credit on a final PDF, archives it and marks the statement Erstellt', async () => {
    const who = await signUp(app);
    await changeCredits(db(), { workspaceId: who.user.id, userId: null, delta: 2, reason: 'adjustment' });
    const id = await saveStatement(who);
    const formData = { ...sampleFormInput(), prepayments: { monthly: '1.000,00', months: '12' } };

    const res = await requestPdf(who, { formData, isPreview: false, statementId: id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'filename="Betriebskostenabrechnung_2024_Juergen_Weiss-Oeztuerk.pdf"',
    );
    expect(res.headers['x-credits-remaining']).toBe('1');
    const text = flatten(await pdfText(res.rawPayload));
    expect(text).toContain('Guthaben 515,80 €');
    expect(text).not.toContain('VORSCHAU');

    expect(await credits(who)).toBe(1);
    const ledger = await ledgerRows(who);
    expect(ledger.map((r) => [r.delta, r.reference])).toEqual([[-1, `statement:${id}`]]);
    expect(await statementStatus(who, id)).toBe('Erstellt');
    const stored = await app.inject({ method: 'GET', url: `/api/statements/${id}`, headers: who.headers });
    expect(stored.json().formData.prepayments.monthly).toBe(100_000);

    // downloading it again costs nothing and returns the same document
    const again = await app.inject({ method: 'GET', url: `/api/statements/${id}/pdf`, headers: who.headers });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/pdf');
    expect(again.headers['content-disposition']).toBe(res.headers['content-disposition']);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    const list = await app.inject({ method: 'GET', url: `/api/statements/${id}/pdfs`, headers: who.headers });
    expect(list.json()).toEqual([
      expect.objectContaining({
        fileName: 'Betriebskostenabrechnung_2024_Jürgen_Weiß-Öztürk.pdf',
        size: res.rawPayload.length,
      }),
    ]);
    expect(await credits(who)).toBe(1);
  });

  it("keeps another user's statement and archive hidden (404) and spends nothing on them", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    await changeCredits(db(), { workspaceId: owner.user.id, userId: null, delta: 1, reason: 'adjustment' });
    await changeCredits(db(), { workspaceId: other.user.id, userId: null, delta: 1, reason: 'adjustment' });
    const id = await saveStatement(owner);
    expect(
      (await requestPdf(owner, { formData: sampleFormInput(), isPreview: false, statementId: id }))
        .statusCode,
    ).toBe(200);

    for (const url of [
      `/api/statements/${id}/pdf`,
      `/api/statements/${id}/pdfs`,
      '/api/statements/nope/pdf',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: other.headers });
      expect(res.statusCode, url).toBe(404);
    }
    const stolen = await requestPdf(other, {
      formData: sampleFormInput(),
      isPreview: false,
      statementId: id,
    });
    expect(stolen.statusCode).toBe(404);
    expect(await credits(other)).toBe(1);
    expect(await archived(id)).toHaveLength(1);

    const none = await saveStatement(other);
    const empty = await app.inject({
      method: 'GET',
      url: `/api/statements/${none}/pdfs`,
      headers: other.headers,
    });
    expect(empty.json()).toEqual([]);
    const missing = await app.inject({
      method: 'GET',
      url: `/api/statements/${none}/pdf`,
      headers: other.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('delivers exactly as many final PDFs as there are credits, however many requests race', async () => {
    const who = await signUp(app);
    await changeCredits(db(), { workspaceId: who.user.id, userId: null, delta: 3, reason: 'adjustment' });
    // unsaved statements: each final PDF is a new statement and takes a credit
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => requestPdf(who, { formData: sampleFormInput(), isPreview: false })),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    // the rest find no credit left, or (beyond the account's share of the PDF queue) are asked to wait
    expect(codes.filter((c) => c === 402 || c === 429)).toHaveLength(17);
    expect(await credits(who)).toBe(0);
    expect(await ledgerRows(who)).toHaveLength(3);
  });

  it('makes a later final PDF of the same tenant and period a free correction, once paid', async () => {
    const who = await signUp(app);
    await changeCredits(db(), { workspaceId: who.user.id, userId: null, delta: 2, reason: 'adjustment' });
    const id = await saveStatement(who);
    const racing = await Promise.all(
      Array.from({ length: 4 }, () =>
        requestPdf(who, { formData: sampleFormInput(), isPreview: false, statementId: id }),
      ),
    );
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await credits(who)).toBe(1); // racing first PDFs of one statement: exactly one pays

    const corrected = { ...sampleFormInput(), prepayments: { monthly: '1.000,00', months: '12' } };
    const fix = await requestPdf(who, { formData: corrected, isPreview: false, statementId: id });
    expect(fix.statusCode).toBe(200);
    expect(fix.headers['x-correction']).toBe('free');
    expect(flatten(await pdfText(fix.rawPayload))).toContain('Korrektur: Betriebskostenabrechnung');
    expect(await credits(who)).toBe(1);

    // another tenant is a new statement: it costs a credit again
    const other = { ...corrected, tenant: { ...corrected.tenant, name: 'Neue Mieterin' } };
    const paid = await requestPdf(who, { formData: other, isPreview: false, statementId: id });
    expect(paid.statusCode).toBe(200);
    expect(paid.headers['x-correction']).toBeUndefined();
    expect(await credits(who)).toBe(0);
    const list = await app.inject({ method: 'GET', url: `/api/statements/${id}/pdfs`, headers: who.headers });
    // racing rows share their commit time, so compare without order
    const rows = list
      .json()
      .map((p: { charged: boolean; tenantName: string }) => `${p.tenantName}:${p.charged}`);
    const name = sampleFormInput().tenant.name;
    expect(rows.sort()).toEqual(
      [
        'Neue Mieterin:true',
        `${name}:false`,
        `${name}:false`,
        `${name}:false`,
        `${name}:false`,
        `${name}:true`,
      ].sort(),
    );
  });
});
