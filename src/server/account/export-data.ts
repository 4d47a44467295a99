import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import { listRefusedFiles } from '../bank/refused-files';
import type { Db } from '../db/client';
import {
  accounts,
  bankCsvMappings,
  bankImports,
  bankRules,
  bankTransactions,
  contactMessages,
  costGroups,
  costGroupUnits,
  creditLedger,
  documentRecognitions,
  documents,
  meterReadings,
  meters,
  payments,
  properties,
  sessions,
  settlements,
  statements,
  tenancies,
  units,
  users,
} from '../db/schema';
import { findSenderProfile } from '../sender-profile/queries';

/**
 * Everything we hold on a user (Art. 15/20 DSGVO), as one JSON document. Secrets are left out
 * (password hash, session tokens); receipts are listed with their metadata and what was read from
 * them, the files themselves can be downloaded in the app, as can the letters of final settlements
 * (their entries are here; the page pictures of a receipt are drawn from its file). Contact messages
 * sent under the user's address are theirs only once they confirmed it: anyone can register an
 * address they do not own.
 */
async function exportUserData(db: Db, userId: string) {
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.name,
      emailVerified: users.emailVerified,
      credits: users.credits,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) return null;

  const [
    signInMethods,
    activeSessions,
    propertyRows,
    statementRows,
    documentRows,
    ledger,
    paymentRows,
    messages,
  ] = await Promise.all([
    db
      .select({ provider: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt })
      .from(accounts)
      .where(eq(accounts.userId, userId)),
    db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db.select().from(properties).where(eq(properties.userId, userId)).orderBy(asc(properties.createdAt)),
    db.select().from(statements).where(eq(statements.userId, userId)).orderBy(asc(statements.createdAt)),
    db.select().from(documents).where(eq(documents.userId, userId)).orderBy(asc(documents.uploadDate)),
    db
      .select({
        delta: creditLedger.delta,
        reason: creditLedger.reason,
        reference: creditLedger.reference,
        createdAt: creditLedger.createdAt,
      })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(asc(creditLedger.createdAt)),
    db
      .select({
        provider: payments.provider,
        packageId: payments.packageId,
        amountCents: payments.amountCents,
        credits: payments.credits,
        status: payments.status,
        createdAt: payments.createdAt,
        paidAt: payments.paidAt,
      })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.createdAt)),
    profile.emailVerified
      ? db
          .select({
            name: contactMessages.name,
            message: contactMessages.message,
            createdAt: contactMessages.createdAt,
          })
          .from(contactMessages)
          .where(eq(contactMessages.email, profile.email))
          .orderBy(asc(contactMessages.createdAt))
      : [],
  ]);

  const [house, receiptsRead, bank] = await Promise.all([
    houseData(db, userId),
    recognitionsOf(db, userId),
    bankData(db, userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile,
    signInMethods,
    sessions: activeSessions,
    properties: propertyRows,
    statements: statementRows,
    documents: documentRows.map(({ storageKey, ...row }) => ({
      ...row,
      file: storageKey,
      recognition: receiptsRead.get(row.id) ?? null,
    })),
    creditLedger: ledger,
    payments: paymentRows,
    contactMessages: messages,
    ...house,
    bank,
  };
}

/** What was read from each receipt and what the landlord confirmed, by document id. */
async function recognitionsOf(db: Db, userId: string) {
  const rows = await db
    .select({
      documentId: documentRecognitions.documentId,
      status: documentRecognitions.status,
      method: documentRecognitions.method,
      fields: documentRecognitions.fields,
      evidence: documentRecognitions.evidence,
      warnings: documentRecognitions.warnings,
      error: documentRecognitions.error,
      booking: documentRecognitions.booking,
      confirmedAt: documentRecognitions.confirmedAt,
      createdAt: documentRecognitions.createdAt,
      updatedAt: documentRecognitions.updatedAt,
    })
    .from(documentRecognitions)
    .where(eq(documentRecognitions.userId, userId));
  return new Map(rows.map(({ documentId, ...recognition }) => [documentId, recognition]));
}

/**
 * The bank files' imports, the files refused (their content can be downloaded in the app), and the
 * rules and CSV columns the landlord set; the bookings themselves
 * (up to 50,000) are written into the document a page at a time by `exportUserDataJson`.
 */
async function bankData(db: Db, userId: string) {
  const [imports, refusedFiles, rules, csvMappings] = await Promise.all([
    db.select().from(bankImports).where(eq(bankImports.userId, userId)).orderBy(asc(bankImports.createdAt)),
    listRefusedFiles(db, userId),
    db.select().from(bankRules).where(eq(bankRules.userId, userId)).orderBy(asc(bankRules.createdAt)),
    db.select().from(bankCsvMappings).where(eq(bankCsvMappings.userId, userId)),
  ]);
  return { imports, refusedFiles, transactions: BOOKINGS_FOLLOW, rules, csvMappings };
}

/** Where the bookings go in the document: replaced by them while it is written. */
const BOOKINGS_FOLLOW = '\u0000bookings\u0000';
const BOOKINGS_PER_PAGE = 1000;

/**
 * The export as JSON text in parts (indented by two spaces): everything but the bookings at once,
 * the bookings a page at a time with a turn of the event loop after each, so a large account neither
 * holds the loop nor all its bookings as one string. Null for an unknown user.
 */
export async function exportUserDataJson(
  db: Db,
  userId: string,
): Promise<{
  exportedAt: string;
  parts: AsyncGenerator<string>;
} | null> {
  const data = await exportUserData(db, userId);
  if (!data) return null;
  const text = JSON.stringify(data, null, 2);
  const marker = JSON.stringify(BOOKINGS_FOLLOW);
  const at = text.indexOf(marker);
  const indent = ' '.repeat(6);
  async function* parts() {
    yield `${text.slice(0, at)}[`;
    let first = true;
    let after: { date: string; id: string } | null = null;
    for (;;) {
      const page = await db
        .select()
        .from(bankTransactions)
        .where(
          and(
            eq(bankTransactions.userId, userId),
            after
              ? sql`(${bankTransactions.bookingDate}, ${bankTransactions.id}) > (${after.date}::date, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(bankTransactions.bookingDate), asc(bankTransactions.id))
        .limit(BOOKINGS_PER_PAGE);
      if (page.length === 0) break;
      const rows = page.map(
        (row) => `\n${indent}${JSON.stringify(row, null, 2).replaceAll('\n', `\n${indent}`)}`,
      );
      yield `${first ? '' : ','}${rows.join(',')}`;
      first = false;
      const last = page.at(-1);
      if (!last || page.length < BOOKINGS_PER_PAGE) break;
      after = { date: last.bookingDate, id: last.id };
      await nextTurn();
    }
    yield `${first ? '' : `\n${' '.repeat(4)}`}]${text.slice(at + marker.length)}`;
  }
  return { exportedAt: data.exportedAt, parts: parts() };
}

/** The Hausabrechnung's data: units, tenancies, groups, meters, settlements (entries) and the sender. */
async function houseData(db: Db, userId: string) {
  const [unitRows, tenancyRows, groupRows, groupUnits, meterRows, readings, settlementRows, sender] =
    await Promise.all([
      db.select().from(units).where(eq(units.userId, userId)).orderBy(asc(units.createdAt)),
      db.select().from(tenancies).where(eq(tenancies.userId, userId)).orderBy(asc(tenancies.createdAt)),
      db.select().from(costGroups).where(eq(costGroups.userId, userId)),
      db.select().from(costGroupUnits).where(eq(costGroupUnits.userId, userId)),
      db.select().from(meters).where(eq(meters.userId, userId)),
      db
        .select()
        .from(meterReadings)
        .where(eq(meterReadings.userId, userId))
        .orderBy(asc(meterReadings.date)),
      db
        .select({
          id: settlements.id,
          propertyId: settlements.propertyId,
          status: settlements.status,
          version: settlements.version,
          periodStart: settlements.periodStart,
          periodEnd: settlements.periodEnd,
          entries: settlements.input,
          finalizedAt: settlements.finalizedAt,
          createdAt: settlements.createdAt,
        })
        .from(settlements)
        .where(eq(settlements.userId, userId))
        .orderBy(asc(settlements.createdAt)),
      findSenderProfile(db, userId),
    ]);
  return {
    units: unitRows,
    tenancies: tenancyRows,
    costGroups: groupRows.map((g) => ({
      ...g,
      unitIds: groupUnits.filter((u) => u.costGroupId === g.id).map((u) => u.unitId),
    })),
    meters: meterRows.map((m) => ({ ...m, readings: readings.filter((r) => r.meterId === m.id) })),
    settlements: settlementRows,
    sender,
  };
}
