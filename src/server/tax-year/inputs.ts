// What only the landlord knows for a property's tax year (docs/domain/tax-year.md): its loans, the
// AfA basis of its building and its co-owners' shares. Every query is scoped to the workspace and the property.

import { and, asc, eq } from 'drizzle-orm';
import type {
  coOwnersBody,
  DepreciationJson,
  depreciationBody,
  LoanJson,
  loanBody,
} from '../../shared/schemas/tax-year';
import type { z } from '../../shared/schemas/zod';
import { type CoOwner, sharesAreWhole } from '../../shared/tax-year/co-owners';
import { depreciationRate } from '../../shared/tax-year/depreciation';
import type { Db } from '../db/client';
import { propertyCoOwners, propertyDepreciation, propertyLoans } from '../db/schema';
import { AppError, notFound } from '../errors';
import { isUuid } from '../http/ids';
import { propertyNotFound } from '../properties/not-found';
import { findProperty } from '../properties/queries';
import type { Scope } from '../workspaces/scope';

type LoanRow = typeof propertyLoans.$inferSelect;

const loanNotFound = () => notFound('Darlehen nicht gefunden.');

/** 404 unless the property is the workspace's. */
export async function requireProperty(db: Db, workspaceId: string, propertyId: string) {
  if (!isUuid(propertyId) || !(await findProperty(db, workspaceId, propertyId))) throw propertyNotFound();
}

export function presentLoan(row: LoanRow): LoanJson {
  return {
    id: row.id,
    propertyId: row.propertyId,
    lender: row.lender,
    principalCents: row.principalCents,
    rateBasisPoints: row.rateBp,
    monthlyRateCents: row.monthlyRateCents,
    firstRateOn: row.firstRateOn,
    statedInterest: [...row.statedInterest].sort((a, b) => a.year - b.year),
  };
}

const loanValues = (body: z.output<typeof loanBody>) => ({
  lender: body.lender,
  principalCents: body.principalCents,
  rateBp: body.rateBasisPoints,
  monthlyRateCents: body.monthlyRateCents,
  firstRateOn: body.firstRateOn,
  statedInterest: body.statedInterest,
});

export async function listLoans(db: Db, workspaceId: string, propertyId: string): Promise<LoanRow[]> {
  await requireProperty(db, workspaceId, propertyId);
  return db
    .select()
    .from(propertyLoans)
    .where(and(eq(propertyLoans.workspaceId, workspaceId), eq(propertyLoans.propertyId, propertyId)))
    .orderBy(asc(propertyLoans.createdAt), asc(propertyLoans.id));
}

export async function addLoan(db: Db, scope: Scope, propertyId: string, body: z.output<typeof loanBody>) {
  await requireProperty(db, scope.workspaceId, propertyId);
  const [row] = await db
    .insert(propertyLoans)
    .values({ workspaceId: scope.workspaceId, propertyId, createdBy: scope.userId, ...loanValues(body) })
    .returning();
  if (!row) throw new Error('loan insert returned no row');
  return presentLoan(row);
}

const ofProperty = (workspaceId: string, propertyId: string, loanId: string) =>
  and(
    eq(propertyLoans.workspaceId, workspaceId),
    eq(propertyLoans.propertyId, propertyId),
    eq(propertyLoans.id, loanId),
  );

export async function changeLoan(
  db: Db,
  workspaceId: string,
  propertyId: string,
  loanId: string,
  body: z.output<typeof loanBody>,
) {
  await requireProperty(db, workspaceId, propertyId);
  if (!isUuid(loanId)) throw loanNotFound();
  const [row] = await db
    .update(propertyLoans)
    .set(loanValues(body))
    .where(ofProperty(workspaceId, propertyId, loanId))
    .returning();
  if (!row) throw loanNotFound();
  return presentLoan(row);
}

export async function deleteLoan(db: Db, workspaceId: string, propertyId: string, loanId: string) {
  await requireProperty(db, workspaceId, propertyId);
  if (!isUuid(loanId)) throw loanNotFound();
  const gone = await db
    .delete(propertyLoans)
    .where(ofProperty(workspaceId, propertyId, loanId))
    .returning({ id: propertyLoans.id });
  if (gone.length === 0) throw loanNotFound();
}

type DepreciationRow = typeof propertyDepreciation.$inferSelect;

const presentDepreciation = (row: DepreciationRow): DepreciationJson => ({
  propertyId: row.propertyId,
  buildingCostCents: row.buildingCostCents,
  completionYear: row.completionYear,
  acquiredOn: row.acquiredOn,
  basisPoints: depreciationRate(row.completionYear),
});

export async function findDepreciation(db: Db, workspaceId: string, propertyId: string) {
  await requireProperty(db, workspaceId, propertyId);
  const [row] = await db
    .select()
    .from(propertyDepreciation)
    .where(
      and(eq(propertyDepreciation.workspaceId, workspaceId), eq(propertyDepreciation.propertyId, propertyId)),
    );
  return row ? presentDepreciation(row) : null;
}

export async function saveDepreciation(
  db: Db,
  workspaceId: string,
  propertyId: string,
  body: z.output<typeof depreciationBody>,
) {
  await requireProperty(db, workspaceId, propertyId);
  const values = {
    buildingCostCents: body.buildingCostCents,
    completionYear: body.completionYear,
    acquiredOn: body.acquiredOn,
  };
  const [row] = await db
    .insert(propertyDepreciation)
    .values({ propertyId, workspaceId, ...values })
    .onConflictDoUpdate({ target: propertyDepreciation.propertyId, set: values })
    .returning();
  if (!row) throw new Error('depreciation upsert returned no row');
  return presentDepreciation(row);
}

export async function findCoOwners(db: Db, workspaceId: string, propertyId: string): Promise<CoOwner[]> {
  await requireProperty(db, workspaceId, propertyId);
  const [row] = await db
    .select({ owners: propertyCoOwners.owners })
    .from(propertyCoOwners)
    .where(and(eq(propertyCoOwners.workspaceId, workspaceId), eq(propertyCoOwners.propertyId, propertyId)));
  return row?.owners ?? [];
}

/** Saves who owns which share; an empty list makes the landlord the only owner again. */
export async function saveCoOwners(
  db: Db,
  workspaceId: string,
  propertyId: string,
  body: z.output<typeof coOwnersBody>,
): Promise<CoOwner[]> {
  await requireProperty(db, workspaceId, propertyId);
  const owners = body.owners;
  if (owners.length > 0 && !sharesAreWhole(owners)) {
    const message = 'Die Anteile ergeben zusammen nicht genau 1 (z. B. 1/2 und 1/2).';
    throw new AppError('validation', 400, message, { owners: message });
  }
  const own = and(eq(propertyCoOwners.workspaceId, workspaceId), eq(propertyCoOwners.propertyId, propertyId));
  if (owners.length === 0) await db.delete(propertyCoOwners).where(own);
  else
    await db
      .insert(propertyCoOwners)
      .values({ propertyId, workspaceId, owners })
      .onConflictDoUpdate({ target: propertyCoOwners.propertyId, set: { owners } });
  return owners;
}
