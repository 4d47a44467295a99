import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankHouse, camt053, sampleYear } from '../../../tests/builders/bank-files';
import { createTestApp } from '../../../tests/setup/app';
import { bankUpload } from '../../../tests/setup/bank-upload';
import { mailsInFolder, signUp } from '../../../tests/setup/factories';
import { houseSettlement } from '../../../tests/setup/house-settlement';
import { injectApi } from '../../../tests/setup/inject-api';
import { startSmtpServer } from '../../../tests/setup/smtp-server';
import { mailOutbox, reminderLinks, settlementDeliveries, tenantLinks } from '../db/schema';
import { createMailer } from './mailer';
import { createMailOutbox, enqueueMail, MAIL_ATTEMPTS, type OutgoingMail, pauseMinutes } from './outbox';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('the mail outbox', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: App;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const db = () => app.database.db;
  const rowOf = async (id: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  /** Makes a waiting mail due now, as if its pause had passed. */
  const pauseOver = (id: string) =>
    db().update(mailOutbox).set({ notBefore: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, id));
  const mail = (to: string): OutgoingMail => ({
    kind: 'contact',
    userId: null,
    to,
    subject: 'Betreff',
    text: `Hallo, hier ist der Link https://example.test/m/geheim-${to}`,
    html: '<p>Hallo</p>',
  });

  it('keeps a refused mail with its reason and sends it once its pause is over; the text goes once sent', async () => {
    const to = `warten-${Date.now()}@example.test`;
    smtp.state.refusing = true;
    const id = await enqueueMail(db(), mail(to));
    expect(await app.outbox.send(id)).toBe(false);
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.error).toContain('Bitte später noch einmal');
    expect(waiting?.notBefore.getTime()).toBeGreaterThan(Date.now() + 30_000);

    smtp.state.refusing = false;
    await app.outbox.drain();
    expect((await rowOf(id))?.status).toBe('pending'); // its pause is not over yet
    await pauseOver(id);
    await app.outbox.drain();
    const sent = await rowOf(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, text: '', html: '', subject: 'Betreff' });
    expect(sent?.sentAt).not.toBeNull();
    expect(smtp.caught.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('waits longer after each refusal, at most four hours', () => {
    expect([1, 2, 3, 4, 8, 9, 20].map(pauseMinutes)).toEqual([1, 2, 4, 8, 128, 240, 240]);
  });

  it('gives a mail up after its last try, keeping the reason', async () => {
    smtp.state.refusing = true;
    const id = await enqueueMail(db(), mail(`aufgeben-${Date.now()}@example.test`));
    await db()
      .update(mailOutbox)
      .set({ attempts: MAIL_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    expect(await app.outbox.send(id)).toBe(false);
    smtp.state.refusing = false;
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: MAIL_ATTEMPTS, text: '', html: '' });
    await pauseOver(id);
    await app.outbox.drain();
    expect((await rowOf(id))?.status).toBe('failed');
  });

  it('sends a mail left running by a stopped instance once its lease is over', async () => {
    const to = `neustart-${Date.now()}@example.test`;
    const id = await enqueueMail(db(), mail(to));
    await db()
      .update(mailOutbox)
      .set({ status: 'running', attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    await app.outbox.drain();
    expect((await rowOf(id))?.status).toBe('sent');
    expect(smtp.caught.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('sends each mail once when several instances share the database', async () => {
    const stamp = Date.now();
    const to = (i: number) => `einmal-${i}-${stamp}@example.test`;
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => enqueueMail(db(), mail(to(i)))));
    const log = app.log;
    const instances = [1, 2, 3].map(() =>
      createMailOutbox({ db: db(), mailer: createMailer(app.config, log), log, auto: false }),
    );
    await Promise.all([...instances.map((o) => o.drain()), ...ids.map((id) => app.outbox.send(id))]);
    const rows = await db().select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'sent'));
    for (let i = 0; i < ids.length; i++)
      expect(smtp.caught.filter((m) => m.to.includes(to(i)))).toHaveLength(1);
    await Promise.all(instances.map((o) => o.close()));
  });

  it('answers a tenant mail the server refuses for now with the delivery recorded, and sends it later', async () => {
    const { api, id, mueller } = await finalHouse(app);
    smtp.state.refusing = true;
    const res = await api('POST', `/api/settlements/${id}/statements/${mueller}/dispatch`, {
      channel: 'email',
      sentOn: '2026-03-02',
      sendEmail: true,
    });
    smtp.state.refusing = false;
    expect(res.status).toBe(200);
    const [link] = await db().select().from(tenantLinks).where(eq(tenantLinks.settlementId, id));
    const [queued] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.tenantLinkId, link?.id ?? ''));
    expect(queued).toMatchObject({
      status: 'pending',
      kind: 'tenant-statement',
      recipient: 'anna.mueller@example.test',
    });
    await pauseOver(queued?.id ?? '');
    await app.outbox.drain();
    expect((await rowOf(queued?.id ?? ''))?.status).toBe('sent');
    const sent = smtp.caught.filter((m) => m.to.includes('anna.mueller@example.test')).at(-1);
    expect(sent?.text).toContain('/m/');
    const letter = (
      res.body.statements as Array<{ tenancyId: string; delivery: { channel: string } | null }>
    ).find((s) => s.tenancyId === mueller);
    expect(letter?.delivery?.channel).toBe('email');
  });

  /** The mail `which` names, refused by the server on its last try; the server takes mails again after. */
  async function failForGood(which: SQL) {
    const [queued] = await db().select().from(mailOutbox).where(which);
    await db()
      .update(mailOutbox)
      .set({ attempts: MAIL_ATTEMPTS - 1, notBefore: sql`now()` })
      .where(eq(mailOutbox.id, queued?.id ?? ''));
    expect(await app.outbox.send(queued?.id ?? '')).toBe(false);
    smtp.state.refusing = false;
    return queued;
  }

  it('removes the link and the delivery by e-mail of a tenant mail that failed for good', async () => {
    const { api, id, mueller } = await finalHouse(app);
    smtp.state.refusing = true;
    await api('POST', `/api/settlements/${id}/statements/${mueller}/dispatch`, {
      channel: 'email',
      sentOn: '2026-03-02',
      sendEmail: true,
    });
    const [link] = await db().select().from(tenantLinks).where(eq(tenantLinks.settlementId, id));
    const queued = await failForGood(eq(mailOutbox.tenantLinkId, link?.id ?? ''));
    expect(await db().select().from(tenantLinks).where(eq(tenantLinks.settlementId, id))).toEqual([]);
    expect(
      await db().select().from(settlementDeliveries).where(eq(settlementDeliveries.settlementId, id)),
    ).toEqual([]);
    expect((await rowOf(queued?.id ?? ''))?.status).toBe('failed');
  });

  it('removes the link and the record as mailed of a reminder whose mail failed for good', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const { propertyId, tenancyIds } = await bankHouse(api);
    expect(
      (await bankUpload(app)(who, 'umsaetze.xml', camt053(sampleYear(2025)), { propertyId })).statusCode,
    ).toBe(201);
    const yilmaz = tenancyIds['Murat Yilmaz'] as string;
    await api('PATCH', `/api/tenancies/${yilmaz}`, {
      tenant: { name: 'Murat Yilmaz', street: '', city: '', email: 'murat.yilmaz@example.test' },
    });
    const reminder = (await api('POST', `/api/tenancies/${yilmaz}/reminders`, { level: 1 })).body;
    smtp.state.refusing = true;
    const sent = await api('POST', `/api/reminders/${reminder.id}/dispatch`, {
      channel: 'email',
      sentOn: '2026-01-08',
      sendEmail: true,
    });
    expect(sent.status).toBe(200);
    const [link] = await db().select().from(reminderLinks).where(eq(reminderLinks.reminderId, reminder.id));
    await failForGood(eq(mailOutbox.reminderLinkId, link?.id ?? ''));
    expect(await db().select().from(reminderLinks).where(eq(reminderLinks.reminderId, reminder.id))).toEqual(
      [],
    );
    const [after] = (await api('GET', `/api/tenancies/${yilmaz}/reminders`)).body as unknown as Array<{
      delivery: unknown;
    }>;
    expect(after?.delivery).toBeNull();
  });

  it('writes no mail when the dispatch is refused', async () => {
    const { api, id, house } = await finalHouse(app);
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    // Schmidt has no e-mail address
    const res = await api(
      'POST',
      `/api/settlements/${id}/statements/${house.tenancies.schmidt.id}/dispatch`,
      {
        channel: 'email',
        sentOn: '2026-03-02',
        sendEmail: true,
      },
    );
    expect(res.status).toBe(409);
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(mailOutbox)).toEqual(before);
  });
});

describe('the mail outbox without an SMTP server', () => {
  it('writes what it sends to the data folder and deletes an account’s mails with it', async () => {
    const app = await createTestApp();
    try {
      const who = await signUp(app);
      const id = await enqueueMail(app.database.db, {
        kind: 'existing-account',
        userId: who.user.id,
        to: who.user.email,
        subject: 'Hallo',
        text: 'Text',
        html: '<p>Text</p>',
      });
      expect(await app.outbox.send(id)).toBe(true);
      expect(mailsInFolder(app.config.DATA_DIR).filter((m) => m.to.includes(who.user.email))).toHaveLength(1);
      const del = await app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: who.headers,
        payload: { password: who.password },
      });
      expect(del.statusCode).toBe(204);
      expect(await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

/** A final settlement of the four-flat house; Müller has an e-mail address. */
async function finalHouse(app: App) {
  const { api, id, house } = await houseSettlement(app);
  return { api, id, house, mueller: house.tenancies.mueller.id };
}
