// The prepayments each tenancy paid according to the bank file, for a settlement's period.

import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { prepaymentsPaidIn, type RentAccountTenancy, rentAccount } from '../../shared/bank/rent-account';
import type { Db, Tx } from '../db/client';
import { bankTransactions } from '../db/schema';

/** The tenant payments the landlord's bank files hold for these tenancies, by tenancy. */
export async function tenantPayments(db: Db | Tx, workspaceId: string, tenancyIds: string[]) {
  if (tenancyIds.length === 0) return new Map<string, (typeof bankTransactions.$inferSelect)[]>();
  const rows = await db
    .select()
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.workspaceId, workspaceId),
        sql`${bankTransactions.match}->>'kind' = 'tenant-payment'`,
        inArray(sql<string>`${bankTransactions.match}->>'tenancyId'`, tenancyIds),
      ),
    );
  const byTenancy = new Map<string, typeof rows>();
  for (const r of rows) {
    const id = r.match?.kind === 'tenant-payment' ? r.match.tenancyId : '';
    const list = byTenancy.get(id);
    if (list) list.push(r);
    else byTenancy.set(id, [r]);
  }
  return byTenancy;
}

/** The bookings matched as these tenancies' deposits (the tenant's money, never rent), oldest first. */
export async function depositBookings(
  db: Db | Tx,
  workspaceId: string,
  tenancyIds: readonly string[],
  days?: { from: string; to: string },
) {
  if (tenancyIds.length === 0) return [];
  return db
    .select({
      transactionId: bankTransactions.id,
      bookingDate: bankTransactions.bookingDate,
      party: bankTransactions.counterpartyName,
      cents: bankTransactions.amountCents,
    })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.workspaceId, workspaceId),
        sql`${bankTransactions.match}->>'kind' = 'deposit'`,
        inArray(sql<string>`${bankTransactions.match}->>'tenancyId'`, [...tenancyIds]),
        days ? between(bankTransactions.bookingDate, days.from, days.to) : undefined,
      ),
    )
    .orderBy(asc(bankTransactions.bookingDate));
}

/** A payment as the account allocates it. */
export const accountPayment = (r: typeof bankTransactions.$inferSelect) => ({
  id: r.id,
  bookingDate: r.bookingDate,
  amountCents: r.amountCents,
  reverses: r.reverses,
  ...(r.match?.kind === 'tenant-payment' && r.match.months ? { months: r.match.months } : {}),
});

/**
 * Per tenancy with payments in the bank files: the prepayments they paid for the period's months
 * (allocated by § 366 BGB over the whole account, so a late payment counts for its month). Tenancies
 * without any bank payment are absent: the bank says nothing about them.
 */
export async function prepaymentsFromBank(
  db: Db | Tx,
  workspaceId: string,
  period: { periodStart: string; periodEnd: string },
  tenancies: ReadonlyArray<RentAccountTenancy & { id: string }>,
): Promise<Map<string, number>> {
  const payments = await tenantPayments(
    db,
    workspaceId,
    tenancies.map((t) => t.id),
  );
  const result = new Map<string, number>();
  for (const t of tenancies) {
    const own = payments.get(t.id);
    if (!own || own.length === 0) continue;
    // over every month the bank knows of (payments settle older months first), and the period's
    const days = own.map((p) => p.bookingDate).sort();
    const first = [period.periodStart, days[0] ?? period.periodStart].sort()[0] ?? period.periodStart;
    const from = t.start !== null && t.start > first ? t.start : first;
    const to = [period.periodEnd, days.at(-1) ?? period.periodEnd].sort().at(-1) ?? period.periodEnd;
    const account = rentAccount(t, own.map(accountPayment), {
      from: from.slice(0, 7),
      to: to.slice(0, 7),
    });
    result.set(t.id, prepaymentsPaidIn(account, { start: period.periodStart, end: period.periodEnd }));
  }
  return result;
}

/** A settlement's tenancies as the account reads them (snapshots from before it existed have no rent). */
export const bankTenancies = (
  tenancies: ReadonlyArray<{
    id: string;
    start: string | null;
    end: string | null;
    monthlyPrepaymentCents: number;
    monthlyRentCents?: number | null;
    changes: RentAccountTenancy['changes'];
  }>,
) => tenancies.map((t) => ({ ...t, monthlyRentCents: t.monthlyRentCents ?? null }));
