// GET /api/properties/{id}/tax-years/{year}: a property's Anlage V computed from what exists (ADR 0029,
// docs/domain/tax-year.md) — the bank files' income, the confirmed receipts, the loans, the AfA basis,
// the deposits set off and the own use — each figure with its sources.

import { and, eq, inArray } from 'drizzle-orm';
import { isoDateInBerlin } from '../../shared/dates';
import type { TaxYearJson } from '../../shared/schemas/tax-year';
import { anlageV, type DepositSetOff } from '../../shared/tax-year/anlage-v';
import { ownerShares } from '../../shared/tax-year/co-owners';
import { depreciationOf } from '../../shared/tax-year/depreciation';
import { bankCostParts, expensesOf } from '../../shared/tax-year/expenses';
import { ownUseOf } from '../../shared/tax-year/own-use';
import { depositBookings } from '../bank/prepayments';
import { listTenancies, listUnits, type TenancyRow } from '../buildings/queries';
import type { Db } from '../db/client';
import { tenancyDeposits } from '../db/schema';
import { propertyNotFound } from '../properties/not-found';
import { findProperty } from '../properties/queries';
import { incomeOf } from './income';
import { findCoOwners, findDepreciation, listLoans, presentLoan } from './inputs';
import { ownLabourOf } from './own-labour';
import { bankCostsOf, taxReceipts, unmatchedOf } from './receipts';

/** Deposits of the property's tenancies settled against open rent or claims: what each deposit paid. */
async function depositSetOffs(
  db: Db,
  workspaceId: string,
  tenancies: readonly TenancyRow[],
): Promise<DepositSetOff[]> {
  if (tenancies.length === 0) return [];
  const rows = await db
    .select({ tenancyId: tenancyDeposits.tenancyId, settlement: tenancyDeposits.settlement })
    .from(tenancyDeposits)
    .where(
      and(
        eq(tenancyDeposits.workspaceId, workspaceId),
        inArray(
          tenancyDeposits.tenancyId,
          tenancies.map((t) => t.id),
        ),
      ),
    );
  const names = new Map(tenancies.map((t) => [t.id, t.tenantName]));
  return rows.flatMap((r) => {
    const s = r.settlement;
    if (!s) return [];
    const owed = s.openRentCents + s.claims.reduce((sum, c) => sum + c.cents, 0);
    const cents = Math.min(Math.max(s.balanceCents, 0), owed);
    return cents > 0
      ? [
          {
            tenancyId: r.tenancyId,
            tenantName: names.get(r.tenancyId) ?? '',
            settledOn: isoDateInBerlin(new Date(s.madeAt)),
            cents,
          },
        ]
      : [];
  });
}

export async function taxYearOf(
  db: Db,
  workspaceId: string,
  propertyId: string,
  year: number,
): Promise<TaxYearJson> {
  const property = await findProperty(db, workspaceId, propertyId);
  if (!property) throw propertyNotFound();
  const [income, units, tenancies, receipts, bankCosts, loans, basis, coOwners, ownLabour] =
    await Promise.all([
      incomeOf(db, workspaceId, propertyId, year),
      listUnits(db, workspaceId, propertyId),
      listTenancies(db, workspaceId, propertyId),
      taxReceipts(db, workspaceId, propertyId),
      bankCostsOf(db, workspaceId, propertyId),
      listLoans(db, workspaceId, propertyId),
      findDepreciation(db, workspaceId, propertyId),
      findCoOwners(db, workspaceId, propertyId),
      ownLabourOf(db, workspaceId, propertyId, year),
    ]);
  const expenses = expensesOf(receipts.receipts);
  const fromBank = bankCostParts(bankCosts);
  const areaUnits = units.length > 0 ? units : [{ id: property.id, area: property.totalArea }];
  const v = anlageV({
    year,
    income: income.income,
    depositSetOffs: await depositSetOffs(db, workspaceId, tenancies),
    expenseParts: [...expenses.parts, ...fromBank.parts],
    depreciation: basis ? depreciationOf(basis, year) : null,
    loans: loans.map(presentLoan),
    ownUse: ownUseOf(
      year,
      areaUnits.map((u) => ({ id: u.id, area: u.area })),
      tenancies.map((t) => ({ unitId: t.unitId, kind: t.kind, start: t.startDate, end: t.endDate })),
    ),
  });
  return {
    propertyId,
    year,
    income: income.income,
    incomeCents: income.income.reduce((sum, f) => sum + f.cents, 0),
    bank: income.bank,
    notice: income.notice,
    anlageV: v,
    coOwners: ownerShares(coOwners, v),
    ownLabour35a: ownLabour,
    depositsReceived: await depositBookings(
      db,
      workspaceId,
      tenancies.map((t) => t.id),
      { from: `${year}-01-01`, to: `${year}-12-31` },
    ),
    receiptsToCheck: {
      unconfirmed: receipts.unconfirmed,
      undated: expenses.undated.map((r) => ({
        id: r.documentId,
        name: receipts.names.get(r.documentId) ?? r.party,
      })),
      withoutReceipt: fromBank.waiting
        .filter((b) => b.bookingDate.startsWith(`${year}-`))
        .map((b) => ({
          transactionId: b.transactionId,
          bookingDate: b.bookingDate,
          party: b.counterpartyName || b.reference,
          cents: -b.amountCents,
        })),
      unmatched: await unmatchedOf(db, workspaceId, propertyId, year),
    },
  };
}
