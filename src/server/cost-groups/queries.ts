import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CostGroupJson } from '../../shared/schemas/settlement-json';
import type { Db, Tx } from '../db/client';
import { costGroups, costGroupUnits } from '../db/schema';

/** The property's cost groups with their units, in the order they were made. */
export async function listCostGroups(
  db: Db | Tx,
  workspaceId: string,
  propertyId: string,
): Promise<CostGroupJson[]> {
  const groups = await db
    .select({ id: costGroups.id, propertyId: costGroups.propertyId, name: costGroups.name })
    .from(costGroups)
    .where(and(eq(costGroups.propertyId, propertyId), eq(costGroups.workspaceId, workspaceId)))
    .orderBy(asc(costGroups.createdAt), asc(costGroups.id));
  if (groups.length === 0) return [];
  const members = await db
    .select({ costGroupId: costGroupUnits.costGroupId, unitId: costGroupUnits.unitId })
    .from(costGroupUnits)
    .where(
      and(
        eq(costGroupUnits.workspaceId, workspaceId),
        inArray(
          costGroupUnits.costGroupId,
          groups.map((g) => g.id),
        ),
      ),
    )
    .orderBy(asc(costGroupUnits.unitId));
  return groups.map((g) => ({
    ...g,
    unitIds: members.filter((m) => m.costGroupId === g.id).map((m) => m.unitId),
  }));
}

/** One of the workspace's cost groups, or undefined (also for another workspace's id). */
export async function findCostGroup(db: Db | Tx, workspaceId: string, id: string) {
  const [row] = await db
    .select({ id: costGroups.id, propertyId: costGroups.propertyId })
    .from(costGroups)
    .where(and(eq(costGroups.id, id), eq(costGroups.workspaceId, workspaceId)));
  return row;
}
