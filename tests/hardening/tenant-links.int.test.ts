// Hardening round three, items 4-6 and the tenant page of item 16: the mail to the tenant and the page behind its
// link, attacked as a phisher (our sender to any address, names carrying lines and links), as a mail
// link scanner (HEAD and plain GETs), and after the letter was corrected or sent to a wrong address.

import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { changeCredits } from '../../src/server/credits/ledger';
import { tenantLinks } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/http/link-tokens';
import { warningKey } from '../../src/shared/settlement/checks';
import { buildFourUnitHouse, houseDraft } from '../builders/building';
import { testConfig, testDatabase } from '../setup/app';
import { clientAddress, linkIn, mailsInFolder, ORIGIN, type SignedUp, signUp } from '../setup/factories';
import { injectApi } from '../setup/inject-api';

type App = Awaited<ReturnType<typeof buildApp>>;
type Warning = { code: string; severity: string; path: string; message: string };

describe('the tenant mail and the tenant page', () => {
  let app: App;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database: await testDatabase(),
      logStream: { write: (line: string) => void logLines.push(line) },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const finalize = async (who: SignedUp, id: string) => {
    const api = injectApi(app, who);
    const warnings = (await api('GET', `/api/settlements/${id}`)).body.warnings as Warning[];
    const res = await api('POST', `/api/settlements/${id}/finalize`, {
      confirmedWarnings: warnings.filter((w) => w.severity === 'warning').map(warningKey),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  async function landlordWithFinal() {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const house = await buildFourUnitHouse(api);
    const id = await houseDraft(api, house);
    await changeCredits(app.database.db, {
      workspaceId: who.user.id,
      userId: who.user.id,
      delta: 20,
      reason: 'adjustment',
    });
    await finalize(who, id);
    return { who, api, house, id };
  }
  type Landlord = Awaited<ReturnType<typeof landlordWithFinal>>;

  const mailsTo = (address: string) =>
    mailsInFolder(app.config.DATA_DIR).filter((m) => m.to.includes(address));

  async function mailToMueller(l: Landlord, settlementId = l.id) {
    const res = await l.api(
      'POST',
      `/api/settlements/${settlementId}/statements/${l.house.tenancies.mueller.id}/dispatch`,
      { channel: 'email', sentOn: '2026-03-02', sendEmail: true },
    );
    return res;
  }
  const tokenOfLastMailTo = (address: string) =>
    linkIn(mailsTo(address).at(-1) ?? { to: '', subject: '', text: '', html: '' }).pathname.replace(
      '/m/',
      '',
    );

  const anonymous = (method: 'GET' | 'HEAD' | 'POST', url: string) =>
    app.inject({ method, url, headers: { origin: ORIGIN }, remoteAddress: `10.7.${randomBytes(1)[0]}.1` });

  const linkRow = async (token: string) => {
    const [row] = await app.database.db
      .select()
      .from(tenantLinks)
      .where(eq(tenantLinks.tokenHash, hashToken(token)));
    return row;
  };

  it('sends a paid letter only to the frozen address unless the mail says the address changed, and counts those low', async () => {
    const l = await landlordWithFinal();
    expect((await mailToMueller(l)).status).toBe(200);
    expect(mailsTo('anna.mueller@example.test').at(-1)?.text).not.toContain('nach dem Abschluss');
    const attacker = `opfer-${randomBytes(4).toString('hex')}@example.test`;
    const changed = await l.api('PATCH', `/api/tenancies/${l.house.tenancies.mueller.id}`, {
      tenant: { name: 'Anna Müller', street: '', city: '', email: attacker },
    });
    expect(changed.status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await mailToMueller(l)).status).toBe(200);
    const relayed = mailsTo(attacker);
    expect(relayed).toHaveLength(5);
    expect(relayed[0]?.text.replace(/\s+/g, ' ')).toContain(
      'Ihr Vermieter hat diese E-Mail-Adresse nach dem Abschluss der Abrechnung hinterlegt',
    );
    const sixth = await mailToMueller(l);
    expect(sixth.status).toBe(429);
    expect(mailsTo(attacker)).toHaveLength(5);
    // mails per account and day
    await app.database.db.execute(
      sql`insert into rate_limits (key, count, reset_at) values (${`tenant-mail-day:${l.who.user.id}`}, 200, now() + interval '1 day')
          on conflict (key) do update set count = 200`,
    );
    await l.api('PATCH', `/api/tenancies/${l.house.tenancies.mueller.id}`, {
      tenant: { name: 'Anna Müller', street: '', city: '', email: 'anna.mueller@example.test' },
    });
    expect((await mailToMueller(l)).status).toBe(429);
  });

  it.each([
    ['a tenant name with a line break', 'tenancy', 'Anna Müller\r\nBcc: alle@example.test'],
    ['a tenant name with a web address', 'tenancy', 'Anna https://anmelden.example.com'],
    ['a property name with a web address', 'property', 'Jetzt bestätigen: www.bank-login.example.de'],
    ['a property name with a bidi override', 'property', 'Haus \u202eLinden'],
    ['a sender name with a line break', 'letter', 'Erika\nVermieter'],
  ] as const)('refuses %s', async (_, where, name) => {
    const l = await landlordWithFinal();
    const res =
      where === 'tenancy'
        ? await l.api('PATCH', `/api/tenancies/${l.house.tenancies.mueller.id}`, {
            tenant: { name, street: '', city: '' },
          })
        : where === 'property'
          ? await l.api('PATCH', `/api/properties/${l.house.property.id}`, { name })
          : await l.api('POST', `/api/properties/${l.house.property.id}/settlements`, {
              periodStart: '2026-01-01',
              periodEnd: '2026-12-31',
              letter: { landlord: { name, street: '', city: '' } },
            });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/Zeilenumbrüche oder Steuerzeichen|keine Internetadresse/);
  });

  it('records an opening only from the page’s own request, not from HEAD, GET or the landlord, and counts them', async () => {
    const l = await landlordWithFinal();
    await mailToMueller(l);
    const token = tokenOfLastMailTo('anna.mueller@example.test');
    expect((await anonymous('HEAD', `/m/${token}`)).statusCode).toBe(200);
    expect((await anonymous('GET', `/m/${token}`)).statusCode).toBe(200);
    expect((await anonymous('HEAD', `/api/tenant/${token}/statement.pdf`)).statusCode).toBe(200);
    expect(await linkRow(token)).toMatchObject({
      firstOpenedAt: null,
      openCount: 0,
      statementDownloadedAt: null,
    });
    // the landlord looking at his own letter's page
    const own = await app.inject({
      method: 'POST',
      url: `/api/tenant/${token}/opened`,
      headers: l.who.headers,
    });
    expect(own.statusCode).toBe(204);
    expect((await linkRow(token))?.openCount).toBe(0);
    expect((await anonymous('POST', `/api/tenant/${token}/opened`)).statusCode).toBe(204);
    const first = (await linkRow(token))?.firstOpenedAt;
    expect(first).not.toBeNull();
    expect((await anonymous('POST', `/api/tenant/${token}/opened`)).statusCode).toBe(204);
    expect(await linkRow(token)).toMatchObject({ firstOpenedAt: first, openCount: 2 });
    const script = await anonymous('GET', '/m/seen.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain("'/opened'");
  });

  it('never writes a tenant token to the request log', async () => {
    const l = await landlordWithFinal();
    await mailToMueller(l);
    const token = tokenOfLastMailTo('anna.mueller@example.test');
    for (const url of [`/m/${token}`, `/api/tenant/${token}/statement.pdf`]) await anonymous('GET', url);
    await anonymous('POST', `/api/tenant/${token}/opened`);
    const logged = logLines.join('\n');
    expect(logged).toContain(`/m/#${hashToken(token).slice(0, 12)}`);
    expect(logged).not.toContain(token);
  });

  it('withdraws a link the landlord revokes', async () => {
    const l = await landlordWithFinal();
    await mailToMueller(l);
    const token = tokenOfLastMailTo('anna.mueller@example.test');
    expect((await anonymous('GET', `/m/${token}`)).statusCode).toBe(200);
    const revoked = await l.api(
      'DELETE',
      `/api/settlements/${l.id}/statements/${l.house.tenancies.mueller.id}/links`,
    );
    expect(revoked.status).toBe(200);
    for (const url of [`/m/${token}`, `/api/tenant/${token}/statement.pdf`]) {
      expect((await anonymous('GET', url)).statusCode, url).toBe(404);
    }
    const stranger = await signUp(app);
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/settlements/${l.id}/statements/${l.house.tenancies.mueller.id}/links`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('shows a superseded letter only as replaced, and the correction once it was sent to the same address', async () => {
    const l = await landlordWithFinal();
    await mailToMueller(l);
    const token = tokenOfLastMailTo('anna.mueller@example.test');
    const before = await anonymous('GET', `/m/${token}`);
    const correction = await l.api('POST', `/api/settlements/${l.id}/correction`, {});
    const costs = (correction.body.costs as { amountCents: number }[]).map((c, i) =>
      i === 0 ? { ...c, amountCents: c.amountCents + 50_000 } : c,
    );
    await l.api('PUT', `/api/settlements/${correction.body.id}`, { ...correction.body, costs });
    await finalize(l.who, correction.body.id);

    const replaced = await anonymous('GET', `/m/${token}`);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).toContain('korrigiert');
    expect(replaced.body).not.toContain('Ihr Anteil an den Kosten');
    expect((await anonymous('GET', `/api/tenant/${token}/statement.pdf`)).statusCode).toBe(404);

    expect((await mailToMueller(l, correction.body.id)).status).toBe(200);
    const now = await anonymous('GET', `/m/${token}`);
    expect(now.body).toContain('Hier sehen Sie die korrigierte Fassung');
    expect(now.body).toContain('Ihr Anteil an den Kosten');
    expect(now.body).not.toBe(before.body);
    const pdf = await anonymous('GET', `/api/tenant/${token}/statement.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('Korrektur');
  });

  it('names the sender frozen with the letter, not the account’s later name', async () => {
    const who = await signUp(app, { fullName: 'Erika Erstname' });
    const api = injectApi(app, who);
    const house = await buildFourUnitHouse(api);
    const draft = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: [{ name: 'Grundsteuer', amountCents: 100_000, key: 'area' }],
    });
    await changeCredits(app.database.db, {
      workspaceId: who.user.id,
      userId: who.user.id,
      delta: 5,
      reason: 'adjustment',
    });
    await finalize(who, draft.body.id);
    expect((await api('PATCH', '/api/me', { fullName: 'Ganz Anders' })).status).toBeLessThan(300);
    const l = { who, api, house, id: draft.body.id } as Landlord;
    expect((await mailToMueller(l)).status).toBe(200);
    const token = tokenOfLastMailTo('anna.mueller@example.test');
    const page = await app.inject({ url: `/m/${token}`, remoteAddress: clientAddress() });
    expect(page.body).toContain('Erika Erstname');
    expect(page.body).not.toContain('Ganz Anders');
  });
});
