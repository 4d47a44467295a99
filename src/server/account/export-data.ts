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
  propertyCoOwners,
  propertyDepreciation,
  propertyLoans,
  reminderPauses,
  rentReminders,
  sessions,
  settlements,
  statements,
  tenancies,
  tenancyDeposits,
  units,
  users,
} from '../db/schema';
import { findSenderProfile } from '../sender-profile/queries';
import { workspacesOf } from '../workspaces/queries';

/**
 * Everything we hold on a person (Art. 15/20 DSGVO), as one JSON document: their profile, sign-ins,
 * purchases and contact messages, the workspaces they belong to, and all data of the workspaces
 * they own (ADR 0028; what others own is theirs to export). Secrets are left out (password hash,
 * session tokens); receipts are listed with their metadata and what was read from them, the files
 * themselves can be downloaded in the app, as can the letters of final settlements (their entries
 * are here). Contact messages sent under the person's address are theirs only once they confirmed
 * it: anyone can register an address they do not own.
 */
async function exportUserData(db: Db, userId: string) {
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.name,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) return null;

  const [signInMethods, activeSessions, ledger, paymentRows, messages, memberships] = await Promise.all([
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
    db
      .select({
        workspaceId: creditLedger.workspaceId,
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
        workspaceId: payments.workspaceId,
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
    workspacesOf(db, userId),
  ]);

  const workspaceList = await Promise.all(
    memberships.map(async (w) =>
      w.role === 'owner'
        ? { ...w, ...(await workspaceData(db, w.id)) }
        : { id: w.id, name: w.name, role: w.role },
    ),
  );
  return {
    exportedAt: new Date().toISOString(),
    profile,
    signInMethods,
    sessions: activeSessions,
    creditLedger: ledger,
    payments: paymentRows,
    contactMessages: messages,
    workspaces: workspaceList,
  };
}

/** All data of one workspace; its bank bookings follow where the marker stands. */
async function workspaceData(db: Db, workspaceId: string) {
  const [propertyRows, statementRows, documentRows, house, receiptsRead, bank] = await Promise.all([
    db
      .select()
      .from(properties)
      .where(eq(properties.workspaceId, workspaceId))
      .orderBy(asc(properties.createdAt)),
    db
      .select()
      .from(statements)
      .where(eq(statements.workspaceId, workspaceId))
      .orderBy(asc(statements.createdAt)),
    db
      .select()
      .from(documents)
      .where(eq(documents.workspaceId, workspaceId))
      .orderBy(asc(documents.uploadDate)),
    houseData(db, workspaceId),
    recognitionsOf(db, workspaceId),
    bankData(db, workspaceId),
  ]);
  return {
    properties: propertyRows,
    statements: statementRows,
    documents: documentRows.map(({ storageKey, ...row }) => ({
      ...row,
      file: storageKey,
      recognition: receiptsRead.get(row.id) ?? null,
    })),
    ...house,
    bank,
  };
}

/** What was read from each receipt and what the landlord confirmed, by document id. */
async function recognitionsOf(db: Db, workspaceId: string) {
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
    .where(eq(documentRecognitions.workspaceId, workspaceId));
  return new Map(rows.map(({ documentId, ...recognition }) => [documentId, recognition]));
}

/**
 * The bank files' imports, the files refused (their content can be downloaded in the app), and the
 * rules and CSV columns the landlord set; the bookings themselves
 * (up to 50,000) are written into the document a page at a time by `exportUserDataJson`.
 */
async function bankData(db: Db, workspaceId: string) {
  const [imports, refusedFiles, rules, csvMappings] = await Promise.all([
    db
      .select()
      .from(bankImports)
      .where(eq(bankImports.workspaceId, workspaceId))
      .orderBy(asc(bankImports.createdAt)),
    listRefusedFiles(db, workspaceId),
    db
      .select()
      .from(bankRules)
      .where(eq(bankRules.workspaceId, workspaceId))
      .orderBy(asc(bankRules.createdAt)),
    db.select().from(bankCsvMappings).where(eq(bankCsvMappings.workspaceId, workspaceId)),
  ]);
  return { imports, refusedFiles, transactions: bookingsFollow(workspaceId), rules, csvMappings };
}

/** Where a workspace's bookings go in the document: replaced by them while it is written. */
const bookingsFollow = (workspaceId: string) => `\u0000bookings:${workspaceId}\u0000`;
const MARKER = /"\\u0000bookings:([^"\\]*)\\u0000"/g;
const BOOKINGS_PER_PAGE = 1000;

/** One workspace's bookings as the elements of a JSON array whose key stands `indent` spaces in. */
async function* bookingsOf(db: Db, workspaceId: string, indent: number): AsyncGenerator<string> {
  const inner = ' '.repeat(indent + 2);
  let first = true;
  let after: { date: string; id: string } | null = null;
  for (;;) {
    const page = await db
      .select()
      .from(bankTransactions)
      .where(
        and(
          eq(bankTransactions.workspaceId, workspaceId),
          after
            ? sql`(${bankTransactions.bookingDate}, ${bankTransactions.id}) > (${after.date}::date, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(bankTransactions.bookingDate), asc(bankTransactions.id))
      .limit(BOOKINGS_PER_PAGE);
    if (page.length === 0) break;
    const rows = page.map(
      (row) => `\n${inner}${JSON.stringify(row, null, 2).replaceAll('\n', `\n${inner}`)}`,
    );
    yield `${first ? '' : ','}${rows.join(',')}`;
    first = false;
    const last = page.at(-1);
    if (!last || page.length < BOOKINGS_PER_PAGE) break;
    after = { date: last.bookingDate, id: last.id };
    await nextTurn();
  }
  yield `${first ? '' : `\n${' '.repeat(indent)}`}]`;
}

/**
 * The export as JSON text in parts (indented by two spaces): everything but the bookings at once,
 * the bookings a page at a time with a turn of the event loop after each, so a large workspace
 * neither holds the loop nor all its bookings as one string. Null for an unknown person.
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
  async function* parts() {
    let from = 0;
    for (const found of text.matchAll(MARKER)) {
      const at = found.index;
      const line = text.slice(text.lastIndexOf('\n', at) + 1, at);
      yield `${text.slice(from, at)}[`;
      yield* bookingsOf(db, found[1] ?? '', line.length - line.trimStart().length);
      from = at + found[0].length;
    }
    yield text.slice(from);
  }
  return { exportedAt: data.exportedAt, parts: parts() };
}

/** The Hausabrechnung's data: units, tenancies, groups, meters, settlements (entries) and the sender. */
async function houseData(db: Db, workspaceId: string) {
  const [
    unitRows,
    tenancyRows,
    groupRows,
    groupUnits,
    meterRows,
    readings,
    settlementRows,
    sender,
    reminders,
    deposits,
    pauses,
    loans,
    depreciation,
    coOwners,
  ] = await Promise.all([
    db.select().from(units).where(eq(units.workspaceId, workspaceId)).orderBy(asc(units.createdAt)),
    db
      .select()
      .from(tenancies)
      .where(eq(tenancies.workspaceId, workspaceId))
      .orderBy(asc(tenancies.createdAt)),
    db.select().from(costGroups).where(eq(costGroups.workspaceId, workspaceId)),
    db.select().from(costGroupUnits).where(eq(costGroupUnits.workspaceId, workspaceId)),
    db.select().from(meters).where(eq(meters.workspaceId, workspaceId)),
    db
      .select()
      .from(meterReadings)
      .where(eq(meterReadings.workspaceId, workspaceId))
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
      .where(eq(settlements.workspaceId, workspaceId))
      .orderBy(asc(settlements.createdAt)),
    findSenderProfile(db, workspaceId),
    db
      .select()
      .from(rentReminders)
      .where(eq(rentReminders.workspaceId, workspaceId))
      .orderBy(asc(rentReminders.createdAt)),
    db.select().from(tenancyDeposits).where(eq(tenancyDeposits.workspaceId, workspaceId)),
    db.select().from(reminderPauses).where(eq(reminderPauses.workspaceId, workspaceId)),
    db
      .select()
      .from(propertyLoans)
      .where(eq(propertyLoans.workspaceId, workspaceId))
      .orderBy(asc(propertyLoans.createdAt)),
    db.select().from(propertyDepreciation).where(eq(propertyDepreciation.workspaceId, workspaceId)),
    db.select().from(propertyCoOwners).where(eq(propertyCoOwners.workspaceId, workspaceId)),
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
    reminders,
    deposits,
    reminderPauses: pauses,
    loans,
    depreciation,
    coOwners,
  };
}
