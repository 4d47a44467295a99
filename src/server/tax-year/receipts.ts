// A property's receipts as the tax year reads them (docs/domain/tax-year.md, "Expenses"): the confirmed
// ones with the day the bank debit linked to each was booked; the read but unconfirmed ones are only
// counted, as they are not yet the landlord's word; and the costs its bank files show without a receipt.

import { and, asc, between, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { BankCost, TaxReceipt } from '../../shared/tax-year/expenses';
import type { Db } from '../db/client';
import { bankImports, bankTransactions, documentRecognitions, documents } from '../db/schema';

/** A loan's yearly statement is no cost: the tax year takes its interest through the loan. */
const notLoanStatement = sql`(${documentRecognitions.fields}->'loanStatement') is null`;

/** A receipt joined with what was read of it. */
const readOf = and(
  eq(documentRecognitions.documentId, documents.id),
  eq(documentRecognitions.workspaceId, documents.workspaceId),
);

/** The property's receipts (with what was read of them) that meet `which`. */
const ofProperty = (workspaceId: string, propertyId: string, ...which: SQL[]) =>
  and(eq(documents.workspaceId, workspaceId), eq(documents.propertyId, propertyId), ...which);

/**
 * The property's receipts read as a loan's yearly statement, newest year first: each states a year's
 * interest the landlord takes into a loan with one click.
 */
export async function loanStatementsOf(db: Db, workspaceId: string, propertyId: string) {
  const rows = await db
    .select({
      documentId: documents.id,
      name: documents.name,
      fields: documentRecognitions.fields,
    })
    .from(documents)
    .innerJoin(documentRecognitions, readOf)
    .where(
      ofProperty(workspaceId, propertyId, sql`(${documentRecognitions.fields}->'loanStatement') is not null`),
    );
  return rows
    .flatMap(({ documentId, name, fields }) =>
      fields?.loanStatement ? [{ documentId, name, issuer: fields.issuer, ...fields.loanStatement }] : [],
    )
    .sort((a, b) => b.year - a.year || a.name.localeCompare(b.name));
}

export async function taxReceipts(
  db: Db,
  workspaceId: string,
  propertyId: string,
): Promise<{ receipts: TaxReceipt[]; names: Map<string, string>; unconfirmed: number }> {
  const rows = await db
    .select({
      id: documents.id,
      name: documents.name,
      taxKind: documents.taxKind,
      spreadYears: documents.taxSpreadYears,
      booking: documentRecognitions.booking,
      paidOn: sql<string | null>`(
        select min(${bankTransactions.bookingDate})::text from ${bankTransactions}
        where ${bankTransactions.workspaceId} = ${documents.workspaceId}
          and ${bankTransactions.amountCents} < 0
          and ${bankTransactions.match}->>'kind' = 'cost'
          and ${bankTransactions.match}->>'documentId' = ${documents.id}::text)`,
    })
    .from(documents)
    .innerJoin(documentRecognitions, readOf)
    .where(
      ofProperty(
        workspaceId,
        propertyId,
        isNotNull(documentRecognitions.confirmedAt),
        isNotNull(documentRecognitions.booking),
        notLoanStatement,
      ),
    );
  const [open] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(documents)
    .innerJoin(documentRecognitions, readOf)
    .where(
      ofProperty(
        workspaceId,
        propertyId,
        eq(documentRecognitions.status, 'done'),
        isNull(documentRecognitions.confirmedAt),
        notLoanStatement,
      ),
    );
  const receipts = rows.flatMap((r): TaxReceipt[] =>
    r.booking
      ? [
          {
            documentId: r.id,
            party: r.booking.issuer ?? r.name,
            invoiceDate: r.booking.invoiceDate,
            paidOn: r.paidOn,
            totalCents: r.booking.totalCents,
            lines: r.booking.lines,
            taxKind: r.taxKind,
            spreadYears: r.spreadYears,
          },
        ]
      : [],
  );
  return { receipts, names: new Map(rows.map((r) => [r.id, r.name])), unconfirmed: open?.count ?? 0 };
}

/** The property's bank lines (the files imported for it) that meet `which`, oldest first. */
function propertyBankLines(db: Db, workspaceId: string, propertyId: string, which: SQL | undefined) {
  return db
    .select({
      transactionId: bankTransactions.id,
      bookingDate: bankTransactions.bookingDate,
      amountCents: bankTransactions.amountCents,
      counterpartyName: bankTransactions.counterpartyName,
      reference: bankTransactions.reference,
    })
    .from(bankTransactions)
    .innerJoin(
      bankImports,
      and(
        eq(bankImports.id, bankTransactions.importId),
        eq(bankImports.workspaceId, bankTransactions.workspaceId),
      ),
    )
    .where(and(eq(bankTransactions.workspaceId, workspaceId), eq(bankImports.propertyId, propertyId), which))
    .orderBy(asc(bankTransactions.bookingDate));
}

/**
 * The bank lines of the property's bank files that the landlord marked as a cost without naming a
 * receipt: what the bank file says was paid for the house without a receipt.
 */
export async function bankCostsOf(db: Db, workspaceId: string, propertyId: string): Promise<BankCost[]> {
  return propertyBankLines(
    db,
    workspaceId,
    propertyId,
    and(
      sql`${bankTransactions.match}->>'kind' = 'cost'`,
      sql`${bankTransactions.match}->>'documentId' is null`,
    ),
  );
}

/** The year's bookings of the property's bank files that are assigned to nothing yet. */
export async function unmatchedOf(db: Db, workspaceId: string, propertyId: string, year: number) {
  const rows = await propertyBankLines(
    db,
    workspaceId,
    propertyId,
    and(
      isNull(bankTransactions.match),
      between(bankTransactions.bookingDate, `${year}-01-01`, `${year}-12-31`),
    ),
  );
  return rows.map((r) => ({
    transactionId: r.transactionId,
    bookingDate: r.bookingDate,
    party: r.counterpartyName || r.reference,
    cents: r.amountCents,
  }));
}
