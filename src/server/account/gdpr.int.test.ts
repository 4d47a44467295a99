import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { clientAddress, ORIGIN, signUp } from '../../../tests/setup/factories';
import type { ReceiptFields } from '../../shared/schemas/receipt';
import { changeCredits } from '../credits/ledger';
import {
  accounts,
  bankCsvMappings,
  bankImports,
  bankRules,
  bankTransactions,
  contactMessages,
  creditLedger,
  documentRecognitions,
  documents,
  payments,
  properties,
  sessions,
  statements,
  users,
} from '../db/schema';

describe('GDPR: export and account deletion', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const db = () => app.database.db;

  /**
   * A user with one of everything: property, statement, receipt with its file and what was read from
   * it, a bank import with a booking, rule and CSV columns, credits, payment, message.
   */
  async function userWithData() {
    const signedUp = await signUp(app, { fullName: 'Doris Daten' });
    const userId = signedUp.user.id;
    const [property] = await db()
      .insert(properties)
      .values({
        workspaceId: userId,
        name: 'Haus am See',
        type: 'mehrfamilienhaus',
        street: 'Seestraße 1',
        postalCode: '12345',
        city: 'Berlin',
        yearBuilt: 1990,
        totalArea: 250,
        unitCount: 4,
      })
      .returning();
    await db()
      .insert(statements)
      .values({
        workspaceId: userId,
        propertyId: property?.id,
        title: 'Abrechnung für Max Mieter',
        formData: { tenant: 'Max' },
      });
    const storageKey = `${userId}/${Date.now()}-beleg.pdf`;
    await app.storage.put(storageKey, Buffer.from('%PDF-1.4 beleg'), 'application/pdf');
    const [document] = await db()
      .insert(documents)
      .values({
        workspaceId: userId,
        propertyId: property?.id,
        name: 'Rechnung Hausmeister.pdf',
        type: 'Rechnung',
        storageKey,
        fileType: 'application/pdf',
        size: 14,
      })
      .returning();
    if (!document) throw new Error('no document');
    const fields: ReceiptFields = {
      issuer: 'Hauswart Emsig GmbH',
      invoiceNumber: 'HW-2025-17',
      invoiceDate: '2025-12-31',
      servicePeriod: { start: '2025-01-01', end: '2025-12-31' },
      totalCents: 1_428_00,
      iban: null,
      lines: [{ category: 'Hauswart', name: 'Hauswart', amountCents: 1_428_00, labourCents: 1_200_00 }],
    };
    await db().insert(documentRecognitions).values({
      documentId: document.id,
      workspaceId: userId,
      status: 'done',
      method: 'text',
      fields,
      booking: fields,
    });
    const [bankImport] = await db()
      .insert(bankImports)
      .values({
        workspaceId: userId,
        format: 'camt053',
        iban: 'DE02120300000000202051',
        transactions: 1,
        newCount: 1,
        duplicates: 0,
        matched: 0,
      })
      .returning();
    await db()
      .insert(bankTransactions)
      .values({
        workspaceId: userId,
        importId: bankImport?.id ?? '',
        accountIban: 'DE02120300000000202051',
        identity: 'ref-1',
        bookingDate: '2025-03-03',
        valueDate: '2025-03-03',
        amountCents: 780_00,
        counterpartyName: 'Jobcenter Seestadt',
        reference: 'Miete März Seestraße 1',
        match: { kind: 'ignored' },
        matchedBy: 'user',
      });
    await db()
      .insert(bankRules)
      .values({ workspaceId: userId, payer: 'jobcenter seestadt', match: { kind: 'ignored' } });
    await db()
      .insert(bankCsvMappings)
      .values({
        workspaceId: userId,
        signature: 'datum;betrag',
        mapping: { bookingDate: 'Datum', amount: 'Betrag' },
      });
    await changeCredits(db(), {
      workspaceId: userId,
      userId,
      delta: 2,
      reason: 'purchase',
      reference: 'test',
    });
    const sessionId = `cs_test_${randomUUID()}`;
    await db().insert(payments).values({
      sessionId,
      provider: 'test',
      userId,
      workspaceId: userId,
      packageId: 'standard',
      priceId: 'price_standard',
      amountCents: 1880,
      credits: 2,
    });
    await db()
      .insert(contactMessages)
      .values({ name: 'Doris Daten', email: signedUp.user.email, message: 'Eine Frage zur Abrechnung' });
    return { ...signedUp, storageKey, sessionId };
  }

  const fileExists = async (key: string) => {
    try {
      (await app.storage.get(key)).destroy();
      return true;
    } catch {
      return false;
    }
  };

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('exports everything held on the user as a JSON download, without secrets', async () => {
    const { user, headers, storageKey } = await userWithData();
    const res = await app.inject({ method: 'GET', url: '/api/me/export', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="umlage-meine-daten-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.workspaces).toHaveLength(1);
    const own = data.workspaces[0];
    expect(own).toMatchObject({ id: data.profile.id, role: 'owner', credits: 2 });
    expect(data.profile).toMatchObject({
      id: user.id,
      email: user.email,
      fullName: 'Doris Daten',
    });
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })]);
    expect(data.sessions).toHaveLength(1);
    expect(own.properties).toEqual([expect.objectContaining({ name: 'Haus am See', city: 'Berlin' })]);
    expect(own.statements).toEqual([
      expect.objectContaining({ title: 'Abrechnung für Max Mieter', formData: { tenant: 'Max' } }),
    ]);
    expect(own.documents).toEqual([
      expect.objectContaining({
        name: 'Rechnung Hausmeister.pdf',
        type: 'Rechnung',
        file: storageKey,
        recognition: expect.objectContaining({
          status: 'done',
          method: 'text',
          fields: expect.objectContaining({ invoiceNumber: 'HW-2025-17' }),
          booking: expect.objectContaining({ totalCents: 1_428_00 }),
        }),
      }),
    ]);
    expect(own.bank.imports).toEqual([expect.objectContaining({ format: 'camt053', transactions: 1 })]);
    expect(own.bank.transactions).toEqual([
      expect.objectContaining({
        amountCents: 780_00,
        counterpartyName: 'Jobcenter Seestadt',
        reference: 'Miete März Seestraße 1',
        match: { kind: 'ignored' },
      }),
    ]);
    expect(own.bank.rules).toEqual([expect.objectContaining({ payer: 'jobcenter seestadt' })]);
    expect(own.bank.csvMappings).toEqual([
      expect.objectContaining({ mapping: { bookingDate: 'Datum', amount: 'Betrag' } }),
    ]);
    expect(data.creditLedger).toEqual([expect.objectContaining({ delta: 2, reason: 'purchase' })]);
    expect(data.payments).toEqual([expect.objectContaining({ packageId: 'standard', amountCents: 1880 })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: 'Eine Frage zur Abrechnung' })]);

    const [account] = await db().select().from(accounts).where(eq(accounts.userId, user.id));
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(account?.password).toBeTruthy();
    expect(res.body).not.toContain(account?.password ?? 'x');
    expect(res.body).not.toContain(session?.token ?? 'x');
  });

  it('writes every booking of a large account into the export, in date order, and limits downloads', async () => {
    const who = await signUp(app);
    const [bankImport] = await db()
      .insert(bankImports)
      .values({
        workspaceId: who.user.id,
        format: 'csv',
        iban: '',
        transactions: 2500,
        newCount: 2500,
        duplicates: 0,
        matched: 0,
      })
      .returning();
    await db().execute(sql`
      insert into bank_transactions (workspace_id, import_id, account_iban, identity, booking_date, value_date, amount_cents, reference)
      select ${who.user.id}, ${bankImport?.id}::uuid, '', 'n:' || n, date '2020-01-01' + (n % 900), date '2020-01-01', n, 'Zahlung ' || n
      from generate_series(1, 2500) as n`);
    const res = await app.inject({ method: 'GET', url: '/api/me/export', headers: who.headers });
    expect(res.statusCode).toBe(200);
    const bookings = res.json().workspaces[0].bank.transactions as Array<{
      amountCents: number;
      bookingDate: string;
    }>;
    expect(bookings).toHaveLength(2500);
    expect(new Set(bookings.map((b) => b.amountCents)).size).toBe(2500);
    expect(bookings.map((b) => b.bookingDate)).toEqual(bookings.map((b) => b.bookingDate).sort());
    // an account without bookings: an empty list, still valid JSON
    const empty = await signUp(app);
    const none = await app.inject({ method: 'GET', url: '/api/me/export', headers: empty.headers });
    expect(none.json().workspaces[0].bank.transactions).toEqual([]);
    for (let i = 0; i < 9; i++)
      await app.inject({ method: 'GET', url: '/api/me/export', headers: empty.headers });
    const eleventh = await app.inject({ method: 'GET', url: '/api/me/export', headers: empty.headers });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toMatch(
      /^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/,
    );
  });

  it('exports only for the signed-in user', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
  });

  it('refuses deletion without the right password and keeps everything', async () => {
    const { user, headers } = await userWithData();
    const empty = await app.inject({ method: 'DELETE', url: '/api/me', headers, payload: { password: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.password).toBe(
      'Bitte geben Sie Ihr Passwort ein, um das Löschen zu bestätigen.',
    );
    const wrong = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers,
      payload: { password: 'falsch-falsch' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'invalid_password',
      message: 'Das Passwort ist nicht korrekt.',
    });
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it('deletes the user, their rows and files; keeps payments and ledger without the user', async () => {
    const other = await userWithData();
    const { user, password, headers, storageKey, sessionId } = await userWithData();

    const res = await app.inject({ method: 'DELETE', url: '/api/me', headers, payload: { password } });
    expect(res.statusCode).toBe(204);
    const cleared = [res.headers['set-cookie']].flat().filter((c): c is string => typeof c === 'string');
    expect(cleared.some((c) => c.startsWith('umlage.session_token=;'))).toBe(true);

    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(401);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      remoteAddress: clientAddress(),
      payload: { email: user.email, password },
    });
    expect(signIn.statusCode).toBe(401);

    const owned = [
      [users, users.id],
      [sessions, sessions.userId],
      [accounts, accounts.userId],
      [properties, properties.workspaceId],
      [statements, statements.workspaceId],
      [documents, documents.workspaceId],
      [documentRecognitions, documentRecognitions.workspaceId],
      [bankImports, bankImports.workspaceId],
      [bankTransactions, bankTransactions.workspaceId],
      [bankRules, bankRules.workspaceId],
      [bankCsvMappings, bankCsvMappings.workspaceId],
    ] as const;
    for (const [table, column] of owned) {
      expect(await db().select().from(table).where(eq(column, user.id)), 'rows left').toHaveLength(0);
    }
    expect(
      await db().select().from(contactMessages).where(eq(contactMessages.email, user.email)),
    ).toHaveLength(0);
    expect(await fileExists(storageKey)).toBe(false);

    const [payment] = await db().select().from(payments).where(eq(payments.sessionId, sessionId));
    expect(payment).toMatchObject({ userId: null, amountCents: 1880 });
    expect(await db().select().from(creditLedger).where(eq(creditLedger.reference, 'test'))).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: null, delta: 2 })]),
    );

    // the other user is untouched
    const otherMe = await app.inject({ method: 'GET', url: '/api/me', headers: other.headers });
    expect(otherMe.json()).toMatchObject({ credits: 2 });
    expect(await fileExists(other.storageKey)).toBe(true);
    expect(
      await db().select().from(properties).where(eq(properties.workspaceId, other.user.id)),
    ).toHaveLength(1);
  });

  it('leaves contact messages to whoever confirms the address: an unconfirmed account neither exports nor deletes them', async () => {
    const { user, password, headers } = await signUp(app);
    // an account whose address was never confirmed (registered before that was a condition of signing in)
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    const [message] = await db()
      .insert(contactMessages)
      .values({ name: 'Die echte Inhaberin', email: user.email, message: 'Meine Kaution, IBAN DE02…' })
      .returning();

    const exported = await app.inject({ method: 'GET', url: '/api/me/export', headers });
    expect(exported.statusCode).toBe(200);
    expect(JSON.parse(exported.body).contactMessages).toEqual([]);
    expect(exported.body).not.toContain('Kaution');

    const res = await app.inject({ method: 'DELETE', url: '/api/me', headers, payload: { password } });
    expect(res.statusCode).toBe(204);
    const kept = await db()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message?.id ?? ''));
    expect(kept).toHaveLength(1);
  });

  it('limits password guesses in the deletion dialog', async () => {
    const { headers } = await signUp(app);
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers,
        payload: { password: 'rate-rate' },
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers,
      payload: { password: 'rate-rate' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/^Zu viele Anfragen/);
  });
});
