import { and, eq, gte, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  properties,
  settlementDeliveries,
  settlementStatements,
  settlements,
  statements,
  tenancies,
  tenancyDeposits,
  tenantLinks,
  units,
} from '../db/schema';

/** Deposits not yet settled of tenants who have moved out by `today`. */
export function depositsToSettle(db: Db, workspaceId: string, today: string) {
  return db
    .select({
      tenancyId: tenancies.id,
      tenantName: tenancies.tenantName,
      start: tenancies.startDate,
      end: tenancies.endDate,
      propertyId: properties.id,
      propertyName: properties.name,
    })
    .from(tenancyDeposits)
    .innerJoin(
      tenancies,
      and(eq(tenancies.id, tenancyDeposits.tenancyId), eq(tenancies.workspaceId, workspaceId)),
    )
    .innerJoin(units, and(eq(units.id, tenancies.unitId), eq(units.workspaceId, workspaceId)))
    .innerJoin(properties, and(eq(properties.id, units.propertyId), eq(properties.workspaceId, workspaceId)))
    .where(
      and(
        eq(tenancyDeposits.workspaceId, workspaceId),
        isNull(tenancyDeposits.settlement),
        lte(tenancies.endDate, today),
      ),
    );
}

export function settlementPeriods(db: Db, workspaceId: string) {
  return db
    .select({
      id: settlements.id,
      propertyId: settlements.propertyId,
      propertyName: properties.name,
      status: settlements.status,
      periodStart: settlements.periodStart,
      periodEnd: settlements.periodEnd,
    })
    .from(settlements)
    .innerJoin(
      properties,
      and(eq(properties.id, settlements.propertyId), eq(properties.workspaceId, workspaceId)),
    )
    .where(eq(settlements.workspaceId, workspaceId));
}

/** Single statements with a complete period. */
export function statementPeriods(db: Db, workspaceId: string) {
  return db
    .select({
      id: statements.id,
      propertyId: statements.propertyId,
      title: statements.title,
      status: statements.status,
      periodStart: statements.periodStart,
      periodEnd: statements.periodEnd,
    })
    .from(statements)
    .where(
      and(
        eq(statements.workspaceId, workspaceId),
        isNotNull(statements.periodStart),
        isNotNull(statements.periodEnd),
      ),
    );
}

/** The workspace's properties with a tenant (not own use) living there on a day of [start, end]. */
export function propertiesLetBetween(db: Db, workspaceId: string, start: string, end: string) {
  return db
    .selectDistinct({ id: properties.id, name: properties.name })
    .from(tenancies)
    .innerJoin(units, and(eq(units.id, tenancies.unitId), eq(units.workspaceId, workspaceId)))
    .innerJoin(properties, and(eq(properties.id, units.propertyId), eq(properties.workspaceId, workspaceId)))
    .where(
      and(
        eq(tenancies.workspaceId, workspaceId),
        eq(tenancies.kind, 'tenant'),
        or(isNull(tenancies.startDate), lte(tenancies.startDate, end)),
        or(isNull(tenancies.endDate), gte(tenancies.endDate, start)),
      ),
    );
}

/**
 * Per final settlement: how many letters it has and how many reached their tenant (a receipt date
 * entered, or the mailed link opened).
 */
export async function letterReceipts(
  db: Db,
  workspaceId: string,
): Promise<Map<string, { letters: number; received: number }>> {
  const [letters, received, opened] = await Promise.all([
    db
      .select({ settlementId: settlementStatements.settlementId, tenancyId: settlementStatements.tenancyId })
      .from(settlementStatements)
      .where(eq(settlementStatements.workspaceId, workspaceId)),
    db
      .select({ settlementId: settlementDeliveries.settlementId, tenancyId: settlementDeliveries.tenancyId })
      .from(settlementDeliveries)
      .where(
        and(eq(settlementDeliveries.workspaceId, workspaceId), isNotNull(settlementDeliveries.receivedOn)),
      ),
    db
      .select({ settlementId: tenantLinks.settlementId, tenancyId: tenantLinks.tenancyId })
      .from(tenantLinks)
      .where(and(eq(tenantLinks.workspaceId, workspaceId), isNotNull(tenantLinks.firstOpenedAt))),
  ]);
  const reached = new Set([...received, ...opened].map((r) => `${r.settlementId}/${r.tenancyId}`));
  const out = new Map<string, { letters: number; received: number }>();
  for (const l of letters) {
    const count = out.get(l.settlementId) ?? { letters: 0, received: 0 };
    count.letters += 1;
    if (reached.has(`${l.settlementId}/${l.tenancyId}`)) count.received += 1;
    out.set(l.settlementId, count);
  }
  return out;
}
