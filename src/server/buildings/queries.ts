import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { compareUnits } from '../../shared/unit-order';
import type { Db, Tx } from '../db/client';
import { properties, tenancies, units } from '../db/schema';

export type UnitRow = typeof units.$inferSelect;
export type TenancyRow = typeof tenancies.$inferSelect;
export type PropertyAddress = { street: string; postalCode: string; city: string };

/** The workspace's property's address, or undefined (also for another workspace's id). */
export async function findPropertyAddress(
  db: Db | Tx,
  workspaceId: string,
  propertyId: string,
): Promise<PropertyAddress | undefined> {
  const [row] = await db
    .select({ street: properties.street, postalCode: properties.postalCode, city: properties.city })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.workspaceId, workspaceId)));
  return row;
}

/** The property's units in the house's order (floor, then label; unit-order.ts). */
export async function listUnits(db: Db | Tx, workspaceId: string, propertyId: string): Promise<UnitRow[]> {
  const rows = await db
    .select()
    .from(units)
    .where(and(eq(units.propertyId, propertyId), eq(units.workspaceId, workspaceId)))
    .orderBy(asc(units.createdAt), asc(units.id));
  return rows.sort(compareUnits);
}

/** The unit row locked for the transaction: tenancy writes of one unit run one after another. */
export async function lockUnit(tx: Tx, workspaceId: string, id: string): Promise<UnitRow | undefined> {
  const [row] = await tx
    .select()
    .from(units)
    .where(and(eq(units.id, id), eq(units.workspaceId, workspaceId)))
    .for('update');
  return row;
}

/** Every tenancy of the property's units, in the units' order, then by move-in. */
export async function listTenancies(
  db: Db | Tx,
  workspaceId: string,
  propertyId: string,
): Promise<TenancyRow[]> {
  const unitIds = (await listUnits(db, workspaceId, propertyId)).map((u) => u.id);
  if (unitIds.length === 0) return [];
  const rank = new Map(unitIds.map((id, i) => [id, i]));
  const rows = await db
    .select()
    .from(tenancies)
    .where(and(inArray(tenancies.unitId, unitIds), eq(tenancies.workspaceId, workspaceId)))
    // a tenant "since before" (no start) first
    .orderBy(sql`${tenancies.startDate} asc nulls first`, asc(tenancies.id));
  return rows.sort((a, b) => (rank.get(a.unitId) ?? 0) - (rank.get(b.unitId) ?? 0));
}

export async function findTenancy(
  db: Db | Tx,
  workspaceId: string,
  id: string,
): Promise<TenancyRow | undefined> {
  const [row] = await db
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.id, id), eq(tenancies.workspaceId, workspaceId)));
  return row;
}

export function tenanciesOfUnit(tx: Tx, workspaceId: string, unitId: string): Promise<TenancyRow[]> {
  return tx
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.unitId, unitId), eq(tenancies.workspaceId, workspaceId)));
}
