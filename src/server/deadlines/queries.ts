import { and, eq, gte, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { properties, settlements, statements, tenancies, units } from '../db/schema';

export function settlementPeriods(db: Db, userId: string) {
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
    .innerJoin(properties, and(eq(properties.id, settlements.propertyId), eq(properties.userId, userId)))
    .where(eq(settlements.userId, userId));
}

/** Single statements with a complete period. */
export function statementPeriods(db: Db, userId: string) {
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
      and(eq(statements.userId, userId), isNotNull(statements.periodStart), isNotNull(statements.periodEnd)),
    );
}

/** The user's properties with a tenant (not own use) living there on a day of [start, end]. */
export function propertiesLetBetween(db: Db, userId: string, start: string, end: string) {
  return db
    .selectDistinct({ id: properties.id, name: properties.name })
    .from(tenancies)
    .innerJoin(units, and(eq(units.id, tenancies.unitId), eq(units.userId, userId)))
    .innerJoin(properties, and(eq(properties.id, units.propertyId), eq(properties.userId, userId)))
    .where(
      and(
        eq(tenancies.userId, userId),
        eq(tenancies.kind, 'tenant'),
        lte(tenancies.startDate, end),
        or(isNull(tenancies.endDate), gte(tenancies.endDate, start)),
      ),
    );
}
