// The bookings of the workspace's bank files, and the landlord's word on what one of them is.

import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { type BankMatch, bankImports, bankRules, bankTransactions, documents, tenancies } from '../db/schema';
import { notFound } from '../errors';
import { payerKey } from './match';

export const bookingNotFound = () => notFound('Buchung nicht gefunden.');

export function listImports(db: Db, workspaceId: string) {
  return db
    .select()
    .from(bankImports)
    .where(eq(bankImports.workspaceId, workspaceId))
    .orderBy(desc(bankImports.createdAt));
}

/** Removes an import with its bookings (and so their matches). */
export async function deleteImport(db: Db, workspaceId: string, id: string): Promise<void> {
  const removed = await db
    .delete(bankImports)
    .where(and(eq(bankImports.id, id), eq(bankImports.workspaceId, workspaceId)))
    .returning({ id: bankImports.id });
  if (removed.length === 0) throw notFound('Import nicht gefunden.');
}

/**
 * One page of the workspace's bookings by date: `limit` of them after the booking `after` names
 * ("date_id", the `next` of the page before), and the mark of the next page, null on the last.
 */
export async function listTransactions(
  db: Db,
  workspaceId: string,
  filter: {
    from?: string;
    to?: string;
    status: 'matched' | 'unmatched' | 'all';
    limit: number;
    after?: string;
  },
) {
  const [afterDate, afterId] = filter.after?.split('_') ?? [];
  const rows = await db
    .select()
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.workspaceId, workspaceId),
        filter.from ? gte(bankTransactions.bookingDate, filter.from) : undefined,
        filter.to ? lte(bankTransactions.bookingDate, filter.to) : undefined,
        filter.status === 'matched' ? isNotNull(bankTransactions.match) : undefined,
        filter.status === 'unmatched' ? isNull(bankTransactions.match) : undefined,
        afterDate && afterId
          ? sql`(${bankTransactions.bookingDate}, ${bankTransactions.id}) > (${afterDate}::date, ${afterId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(bankTransactions.bookingDate), asc(bankTransactions.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > filter.limit && last ? `${last.bookingDate}_${last.id}` : null };
}

/**
 * The landlord's match of a booking (or null: "nicht zugeordnet" again). With `remember`, every
 * booking of the same payer matches so from now on ("immer so"), the open ones of before as well.
 */
export async function setMatch(
  db: Db,
  workspaceId: string,
  id: string,
  match: BankMatch | null,
  remember: boolean,
): Promise<typeof bankTransactions.$inferSelect> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bankTransactions)
      .where(and(eq(bankTransactions.id, id), eq(bankTransactions.workspaceId, workspaceId)));
    if (!row) throw bookingNotFound();
    if (match?.kind === 'tenant-payment' || match?.kind === 'deposit') {
      const [own] = await tx
        .select({ id: tenancies.id })
        .from(tenancies)
        .where(and(eq(tenancies.id, match.tenancyId), eq(tenancies.workspaceId, workspaceId)));
      if (!own) throw notFound('Mietverhältnis nicht gefunden.');
    }
    if (match?.kind === 'cost' && match.documentId) {
      const [own] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.id, match.documentId), eq(documents.workspaceId, workspaceId)));
      if (!own) throw notFound('Beleg nicht gefunden.');
    }
    const [updated] = await tx
      .update(bankTransactions)
      .set({ match, matchedBy: match ? 'user' : null })
      .where(eq(bankTransactions.id, id))
      .returning();
    if (remember && match) {
      // a rule names the tenancy, not the months of one payment
      const rule: BankMatch =
        match.kind === 'tenant-payment' ? { kind: match.kind, tenancyId: match.tenancyId } : match;
      await rememberPayer(tx, workspaceId, payerKey(row), rule);
    }
    if (!updated) throw bookingNotFound();
    return updated;
  });
}

/**
 * "Immer so": every booking of the payer matches so from now on, and its open ones of before are
 * matched so now. Answers how many open bookings it matched.
 */
export async function rememberPayer(tx: Tx, workspaceId: string, payer: string, rule: BankMatch) {
  await tx
    .insert(bankRules)
    .values({ workspaceId, payer, match: rule })
    .onConflictDoUpdate({ target: [bankRules.workspaceId, bankRules.payer], set: { match: rule } });
  const open = await tx
    .select()
    .from(bankTransactions)
    .where(and(eq(bankTransactions.workspaceId, workspaceId), isNull(bankTransactions.match)));
  const same = open.filter((o) => payerKey(o) === payer).map((o) => o.id);
  if (same.length > 0) {
    await tx
      .update(bankTransactions)
      .set({ match: rule, matchedBy: 'rule' })
      .where(and(inArray(bankTransactions.id, same), eq(bankTransactions.workspaceId, workspaceId)));
  }
  return same.length;
}
