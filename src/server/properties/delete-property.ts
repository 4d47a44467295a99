import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { properties, settlements, tenancies, units } from '../db/schema';
import { AppError } from '../errors';
import { lockProperty } from './queries';

export const propertyHasFinalSettlements = () =>
  new AppError(
    'property_has_final_settlements',
    409,
    'Die Immobilie hat finale Hausabrechnungen, die aufbewahrt werden müssen, und kann daher nicht gelöscht werden.',
  );

/**
 * Deletes the workspace's property with its units, tenancies and draft settlements; false when there is
 * none with this id. Refused while a final settlement exists (ADR 0014). Statements and documents
 * that referred to it keep their data and lose only the link (the foreign keys set it to null).
 * The property row is locked first, so a finalize running meanwhile either commits before (and the
 * delete is refused) or waits and finds the property gone.
 */
export async function deleteProperty(db: Db, workspaceId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockProperty(tx, workspaceId, id, 'update'))) return false;
    const own = and(eq(settlements.propertyId, id), eq(settlements.workspaceId, workspaceId));
    const [final] = await tx
      .select({ id: settlements.id })
      .from(settlements)
      .where(and(own, eq(settlements.status, 'final')))
      .limit(1);
    if (final) throw propertyHasFinalSettlements();
    await tx.delete(settlements).where(own);
    const unitIds = tx
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.propertyId, id), eq(units.workspaceId, workspaceId)));
    await tx
      .delete(tenancies)
      .where(and(inArray(tenancies.unitId, unitIds), eq(tenancies.workspaceId, workspaceId)));
    const rows = await tx
      .delete(properties)
      .where(and(eq(properties.id, id), eq(properties.workspaceId, workspaceId)))
      .returning({ id: properties.id });
    return rows.length > 0;
  });
}
