import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseCosts } from '../../../tests/builders/building';
import { createTestApp } from '../../../tests/setup/app';
import {
  clientAddress,
  linkIn,
  mailsInFolder,
  ORIGIN,
  type SignedUp,
  signUp,
  TINY_PDF,
  uploadReceipt,
} from '../../../tests/setup/factories';
import { houseSettlement } from '../../../tests/setup/house-settlement';
import { injectApi } from '../../../tests/setup/inject-api';
import type { DeliveriesJson } from '../../shared/schemas/delivery';
import { warningKey } from '../../shared/settlement/checks';
import { changeCredits } from '../credits/ledger';
import { tenantLinks } from '../db/schema';
import { hashToken } from '../http/link-tokens';
import { NOT_FOUND_PAGE } from '../tenant/page';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Warning = { code: string; path: string; severity: string };
type ErrorBody = { error: { code: string; fields?: Record<string, string> } };
const PDF = TINY_PDF;

describe('delivery with proof and the tenant page', () => {
  let app: App;

  const apiOf = (who: SignedUp) => injectApi(app, who);

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const landlord = (options?: Parameters<typeof houseSettlement>[1]) => houseSettlement(app, options);

  const dispatchUrl = (id: string, tenancyId: string) =>
    `/api/settlements/${id}/statements/${tenancyId}/dispatch`;

  /** Sends Müller's statement by e-mail and answers the token of the mailed link. */
  async function mailToMueller(l: Awaited<ReturnType<typeof landlord>>) {
    const res = await l.api('POST', dispatchUrl(l.id, l.house.tenancies.mueller.id), {
      channel: 'email',
      sentOn: '2026-03-02',
      sendEmail: true,
    });
    expect(res.status).toBe(200);
    const mails = mailsInFolder(app.config.DATA_DIR).filter((m) =>
      m.to.includes('anna.mueller@example.test'),
    );
    const link = linkIn(mails.at(-1) ?? { to: '', subject: '', text: '', html: '' });
    return link.pathname.replace('/m/', '');
  }

  const openLink = (path: string) => app.inject({ url: path, remoteAddress: `10.9.${randomBytes(1)[0]}.1` });

  it('records the delivery of a final statement and flags a receipt after the deadline', async () => {
    const l = await landlord();
    const { mueller, schmidt } = l.house.tenancies;
    const onTime = await l.api('POST', dispatchUrl(l.id, mueller.id), {
      channel: 'registered',
      sentOn: '2026-12-20',
      receivedOn: '2026-12-31',
    });
    expect(onTime.status).toBe(200);
    const late = await l.api('POST', dispatchUrl(l.id, schmidt.id), {
      channel: 'post',
      sentOn: '2026-12-29',
      receivedOn: '2027-01-02',
    });
    const byTenancy = new Map(
      (late.body.statements as { tenancyId: string }[]).map((s) => [
        s.tenancyId,
        s as Record<string, unknown>,
      ]),
    );
    expect(late.body.deadline).toBe('2026-12-31');
    expect(byTenancy.get(mueller.id)).toMatchObject({
      delivery: { channel: 'registered', sentOn: '2026-12-20', receivedOn: '2026-12-31' },
      late: false,
    });
    expect(byTenancy.get(schmidt.id)).toMatchObject({ delivery: { channel: 'post' }, late: true });
    // a later record replaces the earlier one
    await l.api('POST', dispatchUrl(l.id, schmidt.id), {
      channel: 'messenger',
      sentOn: '2026-12-29',
      receivedOn: '2026-12-29',
    });
    const again = (await l.api('GET', `/api/settlements/${l.id}/deliveries`)).body.statements as Record<
      string,
      unknown
    >[];
    expect(again.find((s) => s.tenancyId === schmidt.id)).toMatchObject({
      delivery: { channel: 'messenger' },
      late: false,
    });
  });

  it('refuses a draft, a received date before the sending, and another user’s settlement', async () => {
    const draft = await landlord({ final: false });
    const mueller = draft.house.tenancies.mueller.id;
    expect(
      (await draft.api('POST', dispatchUrl(draft.id, mueller), { channel: 'post', sentOn: '2026-01-02' }))
        .status,
    ).toBe(409);
    const l = await landlord();
    const before = await l.api('POST', dispatchUrl(l.id, mueller), {
      channel: 'post',
      sentOn: '2026-01-05',
      receivedOn: '2026-01-02',
    });
    expect(before.status).toBe(400);
    expect((before.body as unknown as ErrorBody).error.fields).toHaveProperty('receivedOn');
    const stranger = apiOf(await signUp(app));
    const foreign = await stranger('POST', dispatchUrl(l.id, l.house.tenancies.mueller.id), {
      channel: 'post',
      sentOn: '2026-01-02',
    });
    expect(foreign.status).toBe(404);
    expect((await stranger('GET', `/api/settlements/${l.id}/deliveries`)).status).toBe(404);
    expect(
      (await stranger('PUT', `/api/settlements/${l.id}/costs/0/documents`, { documentIds: [] })).status,
    ).toBe(404);
  });

  it('mails a private link, keeps only its hash, and answers 409 without an address', async () => {
    const l = await landlord();
    const token = await mailToMueller(l);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = mailsInFolder(app.config.DATA_DIR).find((m) => m.text.includes(token));
    expect(mail?.subject).toContain('Betriebskostenabrechnung 01.01.2025 – 31.12.2025');
    expect(mail?.text).toContain('Müller & Söhne GbR sendet Ihnen');
    expect(mail?.text).toContain(`http://localhost:3000/m/${token}`);
    const [stored] = await app.database.db
      .select()
      .from(tenantLinks)
      .where(eq(tenantLinks.tokenHash, hashToken(token)));
    expect(stored?.tokenHash).not.toContain(token);
    // 13 months
    expect(
      stored && Math.round((stored.expiresAt.getTime() - stored.createdAt.getTime()) / 86_400_000),
    ).toBeGreaterThanOrEqual(393);
    const schmidt = await l.api('POST', dispatchUrl(l.id, l.house.tenancies.schmidt.id), {
      channel: 'email',
      sentOn: '2026-03-02',
      sendEmail: true,
    });
    expect(schmidt.status).toBe(409);
    expect((schmidt.body as unknown as ErrorBody).error.code).toBe('no_email');
  });

  it('lets the tenant reply to the landlord: Reply-To is the account’s address', async () => {
    const l = await landlord();
    await mailToMueller(l);
    const mail = mailsInFolder(app.config.DATA_DIR)
      .filter((m) => m.to.includes('anna.mueller@example.test'))
      .at(-1);
    expect(mail?.replyTo).toBe(l.who.user.email);
    expect(mail?.text).toContain(
      'Antworten Sie einfach auf diese E-Mail: Ihre Antwort geht an Müller & Söhne GbR.',
    );
  });

  it('encloses the metering company’s statement on the page of each tenant with heating', async () => {
    let statement = '';
    const l = await landlord({
      heating: async (who, house) => {
        statement = await uploadReceipt(app, who, 'Heizkostenabrechnung ista 2025');
        return {
          mode: 'service',
          co2: { kg: 6600, costCents: 43_197 },
          service: {
            provider: 'ista',
            statementDate: '2026-03-12',
            documentId: statement,
            totalCents: 600_000,
            byTenancy: { [house.tenancies.mueller.id]: { heatingCents: 120_000, hotWaterCents: 30_000 } },
          },
        };
      },
    });
    const token = await mailToMueller(l);
    const page = await openLink(`/m/${token}`);
    expect(page.body).toContain('Heizkosten (Abrechnung des Messdienstes)');
    expect(page.body).toContain('Heizkostenabrechnung ista 2025');
    const receipt = await openLink(`/api/tenant/${token}/documents/${statement}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.rawPayload.equals(PDF)).toBe(true);

    // another landlord's receipt cannot be named as the statement
    const stranger = await signUp(app);
    const foreign = await uploadReceipt(app, stranger, 'Fremde Abrechnung');
    const draft = (await l.api('GET', `/api/settlements/${l.id}`)).body;
    const copy = await l.api('POST', `/api/properties/${l.house.property.id}/settlements`, {
      periodStart: '2024-01-01',
      periodEnd: '2024-12-31',
      costs: [],
      heating: {
        ...(draft.heating as object),
        service: { provider: 'ista', totalCents: 0, documentId: foreign },
      },
    });
    expect(copy.status).toBe(400);
    expect((copy.body as unknown as ErrorBody).error.fields).toEqual({
      'heating.service.documentId': 'Beleg nicht gefunden.',
    });
  });

  it('shows the tenant their statement and its receipts, records the first opening once and each receipt view', async () => {
    const l = await landlord();
    const grundsteuerBeleg = await uploadReceipt(app, l.who, 'Grundsteuerbescheid 2025');
    const weberBeleg = await uploadReceipt(app, l.who, 'Rechnung Schlüsseldienst Weber');
    const unattached = await uploadReceipt(app, l.who, 'Privates Dokument');
    // receipts attach to a final settlement: index 0 Grundsteuer, index 4 Weber's direct cost
    expect(
      (await l.api('PUT', `/api/settlements/${l.id}/costs/0/documents`, { documentIds: [grundsteuerBeleg] }))
        .status,
    ).toBe(200);
    const attached = await l.api('PUT', `/api/settlements/${l.id}/costs/4/documents`, {
      documentIds: [weberBeleg],
    });
    expect(attached.body).toEqual([
      { costIndex: 0, documents: [expect.objectContaining({ id: grundsteuerBeleg })] },
      { costIndex: 4, documents: [expect.objectContaining({ id: weberBeleg })] },
    ]);
    const token = await mailToMueller(l);

    const page = await openLink(`/m/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('Müller &#38; Söhne GbR');
    expect(page.body).toContain('Anna Müller');
    expect(page.body).toContain('01.01.2025 – 31.12.2025');
    expect(page.body).toContain('Grundsteuerbescheid 2025');
    // the costs without receipts are named once, and the tenant learns how to reach the landlord
    expect(page.body).not.toContain('Keine Belege hinterlegt');
    expect(page.body).toMatch(/Zu \d weiteren Kostenpositionen sind hier keine Belege hinterlegt/);
    expect(page.body).toContain(`<a href="mailto:${l.who.user.email}">`);
    expect(page.body).toContain('Hauptstraße 1, 10115 Berlin');
    // Weber's direct cost is not in Müller's letter, nor are other tenants or unattached receipts
    expect(page.body).not.toContain('Schlüsseldienst');
    expect(page.body).not.toContain('Jonas Schmidt');
    expect(page.body).not.toContain('Privates Dokument');

    const opened = async () => {
      const body = (await l.api('GET', `/api/settlements/${l.id}/deliveries`))
        .body as unknown as DeliveriesJson;
      const status = body.statements.find((s) => s.tenancyId === l.house.tenancies.mueller.id);
      if (!status) throw new Error('no delivery status for Müller');
      return status;
    };
    // the page alone records nothing: the tenant's browser reports the opening once it shows it
    expect((await opened()).links[0]?.firstOpenedAt).toBeNull();
    expect(page.body).toContain('<script src="/m/seen.js" defer></script>');
    const seen = await app.inject({
      method: 'POST',
      url: `/api/tenant/${token}/opened`,
      headers: { origin: ORIGIN },
      remoteAddress: clientAddress(),
    });
    expect(seen.statusCode).toBe(204);
    const first = (await opened()).links[0]?.firstOpenedAt;
    expect(first).not.toBeNull();
    const earlier = new Date('2026-03-03T08:15:00Z');
    await app.database.db
      .update(tenantLinks)
      .set({ firstOpenedAt: earlier })
      .where(eq(tenantLinks.tokenHash, hashToken(token)));
    expect((await openLink(`/m/${token}`)).statusCode).toBe(200);
    const status = await opened();
    expect(status.links[0]?.firstOpenedAt).toBe(earlier.toISOString());
    expect(status.openedOn).toBe('2026-03-03');

    const receipt = await openLink(`/api/tenant/${token}/documents/${grundsteuerBeleg}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.rawPayload.equals(PDF)).toBe(true);
    await openLink(`/api/tenant/${token}/documents/${grundsteuerBeleg}`);
    expect((await opened()).receiptViews).toEqual([
      expect.objectContaining({
        documentId: grundsteuerBeleg,
        name: 'Grundsteuerbescheid 2025.pdf',
        views: 2,
      }),
    ]);
    for (const other of [weberBeleg, unattached, randomUUID(), 'x']) {
      const res = await openLink(`/api/tenant/${token}/documents/${other}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Schlüsseldienst');
    }

    const pdf = await openLink(`/api/tenant/${token}/statement.pdf?download=1`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    expect((await opened()).links[0]?.statementDownloadedAt).not.toBeNull();
  });

  it('answers a wrong, malformed, expired or other landlord’s token with the same 404', async () => {
    const a = await landlord();
    const b = await landlord();
    const aReceipt = await uploadReceipt(app, a.who, 'Beleg von A');
    await a.api('PUT', `/api/settlements/${a.id}/costs/0/documents`, { documentIds: [aReceipt] });
    const aToken = await mailToMueller(a);
    const bToken = await mailToMueller(b);

    const wrong = await openLink(`/m/${randomBytes(32).toString('base64url')}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toBe(NOT_FOUND_PAGE);
    expect((await openLink('/m/abc')).body).toBe(NOT_FOUND_PAGE);
    // B's link does not open A's receipt, and shows nothing of A
    const bPage = await openLink(`/m/${bToken}`);
    expect(bPage.body).not.toContain('Beleg von A');
    expect((await openLink(`/api/tenant/${bToken}/documents/${aReceipt}`)).statusCode).toBe(404);

    await app.database.db
      .update(tenantLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tenantLinks.tokenHash, hashToken(aToken)));
    const expired = await openLink(`/m/${aToken}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toBe(NOT_FOUND_PAGE);
    expect((await openLink(`/api/tenant/${aToken}/statement.pdf`)).statusCode).toBe(404);
    expect((await openLink(`/api/tenant/${aToken}/documents/${aReceipt}`)).statusCode).toBe(404);
    const [link] = await app.database.db
      .select()
      .from(tenantLinks)
      .where(eq(tenantLinks.tokenHash, hashToken(aToken)));
    expect(link?.firstOpenedAt).toBeNull();
  });

  it('attaches only the user’s receipts to an existing cost, on a draft too', async () => {
    const l = await landlord({ final: false });
    const mine = await uploadReceipt(app, l.who, 'Wasserrechnung');
    const stranger = await signUp(app);
    const theirs = await uploadReceipt(app, stranger, 'Fremder Beleg');
    const put = (index: number, documentIds: string[]) =>
      l.api('PUT', `/api/settlements/${l.id}/costs/${index}/documents`, { documentIds });
    expect((await put(3, [mine, theirs])).status).toBe(404);
    expect((await put(5, [mine])).status).toBe(404);
    expect((await put(3, [mine])).body).toEqual([
      {
        costIndex: 3,
        documents: [expect.objectContaining({ name: expect.stringContaining('Wasserrechnung') })],
      },
    ]);
    expect((await put(3, [])).body).toEqual([]);
  });

  it('asks to confirm the same receipt on two costs before finalizing, and records it', async () => {
    const l = await landlord({ final: false });
    await changeCredits(app.database.db, {
      workspaceId: l.who.user.id,
      userId: null,
      delta: 4,
      reason: 'adjustment',
    });
    const bescheid = await uploadReceipt(app, l.who, 'Abgabenbescheid 2025');
    const put = (index: number, documentIds: string[]) =>
      l.api('PUT', `/api/settlements/${l.id}/costs/${index}/documents`, { documentIds });
    await put(0, [bescheid]);
    await put(2, [bescheid]);
    const warnings = (await l.api('GET', `/api/settlements/${l.id}`)).body.warnings as Warning[];
    const twice = warnings.filter((w) => w.code === 'receipt-twice');
    expect(twice.map(warningKey)).toEqual(['receipt-twice@costs.2.documents']);

    const others = warnings.filter((w) => w.severity === 'warning' && w.code !== 'receipt-twice');
    const refused = await l.api('POST', `/api/settlements/${l.id}/finalize`, {
      confirmedWarnings: others.map(warningKey),
    });
    expect(refused.status).toBe(409);
    expect(Object.keys((refused.body as unknown as ErrorBody).error.fields ?? {})).toEqual([
      'receipt-twice@costs.2.documents',
    ]);
    const final = await l.api('POST', `/api/settlements/${l.id}/finalize`, {
      confirmedWarnings: [...others, ...twice].map(warningKey),
    });
    expect(final.status).toBe(200);
    expect((final.body.confirmedWarnings as Warning[]).map(warningKey)).toContain(
      'receipt-twice@costs.2.documents',
    );
  });

  it('drops the receipts of removed positions when a draft is saved', async () => {
    const l = await landlord({ final: false });
    const receipt = await uploadReceipt(app, l.who, 'Schlüsseldienst-Rechnung');
    await l.api('PUT', `/api/settlements/${l.id}/costs/4/documents`, { documentIds: [receipt] });
    const kept = await uploadReceipt(app, l.who, 'Grundsteuerbescheid');
    await l.api('PUT', `/api/settlements/${l.id}/costs/0/documents`, { documentIds: [kept] });
    const saved = await l.api('PUT', `/api/settlements/${l.id}`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: houseCosts(l.house.tenancies).slice(0, 4),
    });
    expect(saved.status).toBe(200);
    const list = (await l.api('GET', `/api/settlements/${l.id}/cost-documents`)).body as unknown as Array<{
      costIndex: number;
    }>;
    expect(list.map((c) => c.costIndex)).toEqual([0]);
  });

  it('carries the receipts of the costs into a correction', async () => {
    const l = await landlord();
    const grundsteuer = await uploadReceipt(app, l.who, 'Grundsteuerbescheid 2025');
    const weber = await uploadReceipt(app, l.who, 'Rechnung Schlüsseldienst Weber');
    await l.api('PUT', `/api/settlements/${l.id}/costs/0/documents`, { documentIds: [grundsteuer] });
    await l.api('PUT', `/api/settlements/${l.id}/costs/4/documents`, { documentIds: [weber] });
    const correction = await l.api('POST', `/api/settlements/${l.id}/correction`);
    expect(correction.status).toBe(201);
    const copied = await l.api('GET', `/api/settlements/${correction.body.id as string}/cost-documents`);
    expect(copied.body).toEqual([
      { costIndex: 0, documents: [expect.objectContaining({ id: grundsteuer })] },
      { costIndex: 4, documents: [expect.objectContaining({ id: weber })] },
    ]);
    // the original keeps its own
    expect((await l.api('GET', `/api/settlements/${l.id}/cost-documents`)).body).toEqual(copied.body);
  });
});
