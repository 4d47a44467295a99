import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { properties, tenancies, units } from '../db/schema';

export type UnitRow = typeof units.$inferSelect;
export type TenancyRow = typeof tenancies.$inferSelect;
export type PropertyAddress = { street: string; postalCode: string; city: string };

/** The user's property's address, or undefined (also for another user's id). */
export async function findPropertyAddress(
  db: Db | Tx,
  userId: string,
  propertyId: string,
): Promise<PropertyAddress | undefined> {
  const [row] = await db
    .select({ street: properties.street, postalCode: properties.postalCode, city: properties.city })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)));
  return row;
}

export function listUnits(db: Db | Tx, userId: string, propertyId: string): Promise<UnitRow[]> {
  return db
    .select()
    .from(units)
    .where(and(eq(units.propertyId, propertyId), eq(units.userId, userId)))
    .orderBy(asc(units.createdAt), asc(units.id));
}

/** The unit row locked for the transaction: tenancy writes of one unit run one after another. */
export async function lockUnit(tx: Tx, userId: string, id: string): Promise<UnitRow | undefined> {
  const [row] = await tx
    .select()
    .from(units)
    .where(and(eq(units.id, id), eq(units.userId, userId)))
    .for('update');
  return row;
}

/** Every tenancy of the property's units, by unit and start. */
export async function listTenancies(db: Db | Tx, userId: string, propertyId: string): Promise<TenancyRow[]> {
  const unitIds = (await listUnits(db, userId, propertyId)).map((u) => u.id);
  if (unitIds.length === 0) return [];
  return db
    .select()
    .from(tenancies)
    .where(and(inArray(tenancies.unitId, unitIds), eq(tenancies.userId, userId)))
    .orderBy(asc(tenancies.unitId), asc(tenancies.startDate), asc(tenancies.id));
}

export async function findTenancy(db: Db | Tx, userId: string, id: string): Promise<TenancyRow | undefined> {
  const [row] = await db
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.id, id), eq(tenancies.userId, userId)));
  return row;
}

export function tenanciesOfUnit(tx: Tx, userId: string, unitId: string): Promise<TenancyRow[]> {
  return tx
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.unitId, unitId), eq(tenancies.userId, userId)));
}
