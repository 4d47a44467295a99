// GET /api/tenancies/{id}/account: the tenancy's account from the bank files.

import { rentAccount } from '../../shared/bank/rent-account';
import { isoDateInBerlin } from '../../shared/dates';
import { findTenancy } from '../buildings/queries';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import { accountPayment, tenantPayments } from './prepayments';

/** The tenancy's account month by month from the bank files (default: the last calendar year to today). */
export async function rentAccountOf(
  db: Db,
  workspaceId: string,
  tenancyId: string,
  query: { from?: string; to?: string },
) {
  const row = await findTenancy(db, workspaceId, tenancyId);
  if (!row) throw notFound('Mietverhältnis nicht gefunden.');
  const today = isoDateInBerlin(new Date());
  const from = query.from ?? `${Number(today.slice(0, 4)) - 1}-01-01`;
  const to = query.to ?? today;
  const payments = (await tenantPayments(db, workspaceId, [tenancyId])).get(tenancyId) ?? [];
  const account = rentAccount(
    {
      start: row.startDate,
      end: row.endDate,
      monthlyPrepaymentCents: row.monthlyPrepaymentCents,
      monthlyRentCents: row.monthlyRentCents,
      changes: row.changes,
    },
    payments.map(accountPayment),
    { from: from.slice(0, 7), to: to.slice(0, 7) },
  );
  const byId = new Map(payments.map((p) => [p.id, p]));
  return {
    tenancyId,
    from,
    to,
    creditCents: account.creditCents,
    months: account.months.map((m) => ({
      ...m,
      lines: m.lines.map((l) => ({
        ...l,
        bookingDate: byId.get(l.transactionId)?.bookingDate ?? '',
        reference: byId.get(l.transactionId)?.reference ?? '',
      })),
    })),
  };
}
