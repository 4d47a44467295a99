// An uploaded bank file stored as one import: each booking once per account (an
// overlapping file stores nothing twice), matched where it is clear. The work is done outside any
// transaction — read off the event loop, repeats found, new bookings matched and staged in short
// committed steps — and only the move of the staged bookings is one transaction (ADR 0024): embedded
// PGlite has one connection, and a transaction holds it for every account.

import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, count, desc, eq, gte, inArray, isNotNull, lt, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CsvMapping } from '../../shared/schemas/bank';
import type { Db, Tx } from '../db/client';
import {
  bankCsvMappings,
  bankImports,
  bankRules,
  bankStagedBookings,
  bankTransactions,
  documentRecognitions,
  properties,
  tenancies,
  units,
} from '../db/schema';
import { notFound } from '../errors';
import {
  BANK_FILE_LIMITS,
  BankFileError,
  type BankStatementFile,
  type Booking,
  type FileToStore,
} from './booking';
import { type MatchContext, matchBooking, type PayerTenancy } from './match';
import { readBankFileOffThread } from './read-off-thread';

export interface ImportAnswer {
  id: string;
  format: BankStatementFile['format'];
  iban: string;
  from: string | null;
  to: string | null;
  transactions: number;
  new: number;
  duplicates: number;
  matched: number;
}

// Bookings matched and staged per query: embedded PGlite runs each query on this thread,
// and 25 rows keep one under the 20 ms the event loop may be held.
const INSERT_CHUNK = 25;
// Identities looked up per query when finding the bookings stored before.
const LOOKUP_CHUNK = 500;
// Staged bookings moved per query in the final transaction: on PGlite 250 hold the loop ~15 ms.
const MOVE_CHUNK = 250;

/**
 * A turn of the event loop between steps: PGlite answers within the same turn, so without one a
 * whole import would hold the loop for seconds (PostgreSQL's answers arrive as I/O anyway).
 */
const letOthersRun = () => nextTurn();

export async function importBankFile(
  db: Db,
  workspaceId: string,
  bytes: Uint8Array,
  propertyId: string | null,
  csvMapping?: CsvMapping,
): Promise<ImportAnswer> {
  if (propertyId) {
    const [own] = await db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.id, propertyId), eq(properties.workspaceId, workspaceId)));
    if (!own) throw notFound('Immobilie nicht gefunden.');
  }
  // read off the event loop: a broken file answers 400 and stores nothing
  const remembered = await db
    .select({ signature: bankCsvMappings.signature, mapping: bankCsvMappings.mapping })
    .from(bankCsvMappings)
    .where(eq(bankCsvMappings.workspaceId, workspaceId));
  const file = await readBankFileOffThread(workspaceId, bytes, {
    remembered: Object.fromEntries(remembered.map((r) => [r.signature, r.mapping])),
    ...(csvMapping ? { given: csvMapping } : {}),
  });
  const fresh = await notStoredYet(db, workspaceId, file);
  await refuseBeyondCap(db, workspaceId, fresh.length);
  const stageId = randomUUID();
  try {
    await stage(db, workspaceId, stageId, file.iban, fresh, propertyId);
    return await db.transaction(async (tx) => {
      if (file.csv) {
        // the columns the landlord mapped now: this bank's next file is read without asking
        await tx
          .insert(bankCsvMappings)
          .values({ workspaceId, signature: file.csv.signature, mapping: file.csv.mapping })
          .onConflictDoUpdate({
            target: [bankCsvMappings.workspaceId, bankCsvMappings.signature],
            set: { mapping: file.csv.mapping, updatedAt: sql`now()` },
          });
      }
      const [row] = await tx
        .insert(bankImports)
        .values({
          workspaceId,
          propertyId,
          format: file.format,
          iban: file.iban,
          fromDate: file.from,
          toDate: file.to,
          transactions: file.count,
          newCount: 0,
          duplicates: 0,
          matched: 0,
        })
        .returning({ id: bankImports.id });
      if (!row) throw new Error('import not stored');
      const moved = await moveStaged(tx, stageId, row.id, fresh.length);
      const added = moved.length;
      const newlyMatched =
        moved.filter((m) => m.matchedBy !== null).length + (await linkReversals(tx, workspaceId, row.id));
      const duplicates = file.count - added;
      await tx
        .update(bankImports)
        .set({ newCount: added, duplicates, matched: newlyMatched })
        .where(eq(bankImports.id, row.id));
      return {
        id: row.id,
        format: file.format,
        iban: file.iban,
        from: file.from,
        to: file.to,
        transactions: file.count,
        new: added,
        duplicates,
        matched: newlyMatched,
      };
    });
  } finally {
    await db
      .delete(bankStagedBookings)
      .where(
        sql`${bankStagedBookings.stageId} = ${stageId} or ${bankStagedBookings.createdAt} < now() - interval '1 hour'`,
      );
  }
}

/** The file's bookings this account does not hold yet, looked up a part at a time. */
async function notStoredYet(
  db: Db,
  workspaceId: string,
  file: FileToStore,
): Promise<FileToStore['bookings']> {
  const stored = new Set<string>();
  for (let i = 0; i < file.bookings.length; i += LOOKUP_CHUNK) {
    const identities = file.bookings.slice(i, i + LOOKUP_CHUNK).map((b) => b.identity);
    const rows = await db
      .select({ identity: bankTransactions.identity })
      .from(bankTransactions)
      .where(
        and(
          eq(bankTransactions.workspaceId, workspaceId),
          eq(bankTransactions.accountIban, file.iban),
          inArray(bankTransactions.identity, identities),
        ),
      );
    for (const r of rows) stored.add(r.identity);
    await letOthersRun();
  }
  return file.bookings.filter((b) => !stored.has(b.identity));
}

/** An account holds at most so many bookings: decades of a house's account, not an attacker's millions. */
async function refuseBeyondCap(db: Db, workspaceId: string, adding: number): Promise<void> {
  if (adding === 0) return;
  const [row] = await db
    .select({ n: count() })
    .from(bankTransactions)
    .where(eq(bankTransactions.workspaceId, workspaceId));
  const held = row?.n ?? 0;
  const cap = BANK_FILE_LIMITS.bookingsPerAccount;
  if (held + adding > cap) {
    throw new BankFileError(
      `Ihr Konto enthält ${held.toLocaleString('de-DE')} Buchungen; mit dieser Datei wären es mehr als ${cap.toLocaleString('de-DE')}. Bitte löschen Sie ältere Importe, die Sie nicht mehr brauchen.`,
    );
  }
}

/** The new bookings matched and staged in short committed steps. */
async function stage(
  db: Db,
  workspaceId: string,
  stageId: string,
  accountIban: string,
  bookings: FileToStore['bookings'],
  propertyId: string | null,
): Promise<void> {
  if (bookings.length === 0) return;
  const context = await matchContext(db, workspaceId, propertyId);
  await letOthersRun();
  for (let i = 0; i < bookings.length; i += INSERT_CHUNK) {
    const values = bookings.slice(i, i + INSERT_CHUNK).map(({ identity, ...b }, j) => {
      const result = matchBooking(b, context);
      return {
        ...record(b),
        stageId,
        seq: i + j,
        workspaceId,
        accountIban,
        identity,
        ...matchColumns(result),
      };
    });
    await db.insert(bankStagedBookings).values(values);
    await letOthersRun();
  }
}

/** The staged bookings into the account, a part per query; what was added, with its match. */
async function moveStaged(tx: Tx, stageId: string, importId: string, staged: number) {
  const moved: Array<{ matchedBy: string | null }> = [];
  const s = bankStagedBookings;
  for (let from = 0; from < staged; from += MOVE_CHUNK) {
    // every column of bank_transactions in its order, as an insert from a select asks
    const part = tx
      .select({
        id: sql<string>`gen_random_uuid()`.as('id'),
        workspaceId: s.workspaceId,
        importId: sql<string>`${importId}::uuid`.as('import_id'),
        accountIban: s.accountIban,
        identity: s.identity,
        bookingDate: s.bookingDate,
        valueDate: s.valueDate,
        amountCents: s.amountCents,
        counterpartyName: s.counterpartyName,
        counterpartyIban: s.counterpartyIban,
        reference: s.reference,
        match: s.match,
        matchedBy: s.matchedBy,
        reversal: s.reversal,
        reverses: sql<string | null>`null::uuid`.as('reverses'),
        createdAt: sql<Date>`now()`.as('created_at'),
      })
      .from(s)
      .where(and(eq(s.stageId, stageId), gte(s.seq, from), lt(s.seq, from + MOVE_CHUNK)))
      .orderBy(s.seq);
    const rows = await tx
      .insert(bankTransactions)
      .select(part)
      .onConflictDoNothing({
        target: [bankTransactions.workspaceId, bankTransactions.accountIban, bankTransactions.identity],
      })
      .returning({ matchedBy: bankTransactions.matchedBy });
    moved.push(...rows);
    await letOthersRun();
  }
  return moved;
}

/**
 * Each new reversal of the import linked to the booking it returns: the latest of the same account
 * and other party with the amount back, within 90 days before it, not returned yet. A returned tenant
 * payment takes that payment's tenancy, so its months are open again in the rent account. Answers how
 * many reversals became matched that way.
 */
async function linkReversals(tx: Tx, workspaceId: string, importId: string): Promise<number> {
  const returned = alias(bankTransactions, 'returned');
  const reversals = await tx
    .select()
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.workspaceId, workspaceId),
        eq(bankTransactions.importId, importId),
        eq(bankTransactions.reversal, true),
      ),
    )
    .orderBy(bankTransactions.bookingDate);
  let matched = 0;
  for (const r of reversals) {
    if (!r.counterpartyIban) continue;
    const [original] = await tx
      .select({ id: bankTransactions.id, match: bankTransactions.match })
      .from(bankTransactions)
      .where(
        and(
          eq(bankTransactions.workspaceId, workspaceId),
          eq(bankTransactions.accountIban, r.accountIban),
          eq(bankTransactions.reversal, false),
          eq(bankTransactions.counterpartyIban, r.counterpartyIban),
          eq(bankTransactions.amountCents, -r.amountCents),
          lte(bankTransactions.bookingDate, r.bookingDate),
          gte(bankTransactions.bookingDate, sql`${r.bookingDate}::date - 90`),
          notExists(
            tx.select({ id: returned.id }).from(returned).where(eq(returned.reverses, bankTransactions.id)),
          ),
        ),
      )
      .orderBy(desc(bankTransactions.bookingDate))
      .limit(1);
    if (!original) continue;
    const kind = original.match?.kind;
    const payment = kind === 'tenant-payment' || kind === 'deposit' ? original.match : null;
    await tx
      .update(bankTransactions)
      .set({ reverses: original.id, ...(payment ? { match: payment, matchedBy: 'auto' as const } : {}) })
      .where(eq(bankTransactions.id, r.id));
    if (payment && r.matchedBy === null) matched += 1;
  }
  return matched;
}

const record = (b: Booking) => ({
  reversal: b.reversal === true,
  bookingDate: b.bookingDate,
  valueDate: b.valueDate,
  amountCents: b.amountCents,
  counterpartyName: b.counterpartyName.slice(0, 200),
  counterpartyIban: b.counterpartyIban.slice(0, 34),
  reference: b.reference.slice(0, 500),
});

const matchColumns = (result: ReturnType<typeof matchBooking>) =>
  result ? { match: result.match, matchedBy: result.by } : { match: null, matchedBy: null };

/**
 * What the matcher knows of the workspace: the tenancies (of the property, or all), the IBANs their
 * payments came from as confirmed by the landlord or a rule, and the rules.
 */
export async function matchContext(
  db: Db | Tx,
  workspaceId: string,
  propertyId: string | null,
): Promise<MatchContext> {
  const rows = await db
    .select({
      id: tenancies.id,
      name: tenancies.tenantName,
      unitLabel: units.label,
      start: tenancies.startDate,
      end: tenancies.endDate,
      kind: tenancies.kind,
      prepayment: tenancies.monthlyPrepaymentCents,
      rent: tenancies.monthlyRentCents,
      changes: tenancies.changes,
    })
    .from(tenancies)
    .innerJoin(units, and(eq(units.id, tenancies.unitId), eq(units.workspaceId, workspaceId)))
    .where(
      and(eq(tenancies.workspaceId, workspaceId), propertyId ? eq(units.propertyId, propertyId) : undefined),
    );
  const known = await db
    .select({
      iban: bankTransactions.counterpartyIban,
      tenancyId: sql<string>`${bankTransactions.match}->>'tenancyId'`,
    })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.workspaceId, workspaceId),
        inArray(bankTransactions.matchedBy, ['user', 'rule']),
        isNotNull(bankTransactions.match),
        sql`${bankTransactions.counterpartyIban} <> ''`,
      ),
    )
    .groupBy(bankTransactions.counterpartyIban, sql`${bankTransactions.match}->>'tenancyId'`);
  const rules = await db.select().from(bankRules).where(eq(bankRules.workspaceId, workspaceId));
  const read = await db
    .select({
      id: documentRecognitions.documentId,
      booking: documentRecognitions.booking,
      fields: documentRecognitions.fields,
    })
    .from(documentRecognitions)
    .where(eq(documentRecognitions.workspaceId, workspaceId));
  const receipts = read.flatMap(({ id, booking, fields }) => {
    const f = booking ?? fields;
    return f?.totalCents
      ? [{ id, totalCents: f.totalCents, iban: f.iban, issuer: f.issuer, invoiceNumber: f.invoiceNumber }]
      : [];
  });
  const list: PayerTenancy[] = rows
    .filter((r) => r.kind === 'tenant')
    .map((r) => {
      // every amount the tenancy was due a month, with the Kaltmiete the Warmmiete too
      const prepayments = [r.prepayment, ...r.changes.flatMap((c) => c.monthlyPrepaymentCents ?? [])];
      const rents = [r.rent ?? 0, ...r.changes.flatMap((c) => c.monthlyRentCents ?? [])].filter((c) => c > 0);
      const monthly = [...prepayments, ...rents.flatMap((rent) => prepayments.map((p) => p + rent))];
      return {
        id: r.id,
        name: r.name,
        unitLabel: r.unitLabel,
        start: r.start,
        end: r.end,
        monthlyCents: [...new Set(monthly)],
        knownIbans: known.filter((k) => k.tenancyId === r.id).map((k) => k.iban),
      };
    });
  return { tenancies: list, rules: new Map(rules.map((r) => [r.payer, r.match])), receipts };
}
