// What each tenant of a house owes according to the bank files (arrears on the property page).

import { rentAccount } from '../../shared/bank/rent-account';
import { isoDateInBerlin } from '../../shared/dates';
import { presentTenancy } from '../buildings/present';
import { listTenancies } from '../buildings/queries';
import type { Db } from '../db/client';
import { propertyNotFound } from '../properties/not-found';
import { findProperty } from '../properties/queries';
import { bankCoverage } from './coverage';
import { accountPayment, tenantPayments } from './prepayments';

/**
 * Per tenant (not own use, not a flat rate) the rent and prepayments open over the months the bank
 * files cover (their first to their last booking): after them the bank says nothing yet. Without any
 * bank file nothing is known: no rows.
 */
export async function arrearsOf(db: Db, workspaceId: string, propertyId: string) {
  if (!(await findProperty(db, workspaceId, propertyId))) throw propertyNotFound();
  const covered = await bankCoverage(db, workspaceId);
  const from = covered?.from;
  const to = covered?.to ?? isoDateInBerlin(new Date());
  if (!from) return { from: null, to, tenancies: [] };
  const tenants = (await listTenancies(db, workspaceId, propertyId))
    .map(presentTenancy)
    .filter((t) => t.kind === 'tenant' && !t.flatRate);
  const payments = await tenantPayments(
    db,
    workspaceId,
    tenants.map((t) => t.id),
  );
  return {
    from,
    to,
    tenancies: tenants.map((t) => {
      const account = rentAccount(t, (payments.get(t.id) ?? []).map(accountPayment), {
        from: from.slice(0, 7),
        to: to.slice(0, 7),
      });
      const open = account.months.filter((m) => m.openCents > 0);
      return {
        tenancyId: t.id,
        openCents: open.reduce((s, m) => s + m.openCents, 0),
        openMonths: open.length,
      };
    }),
  };
}
