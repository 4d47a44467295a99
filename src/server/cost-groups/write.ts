// Creating, changing and deleting a cost group: each under a share lock of its property (like every
// write of the house), with its units checked to be the property's.

import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { CostGroupInputBody } from '../../shared/schemas/house';
import type { CostGroupJson } from '../../shared/schemas/settlement-json';
import type { Db, Tx } from '../db/client';
import { costGroups, costGroupUnits, units } from '../db/schema';
import { AppError } from '../errors';
import { LIMITS, tooManyCostGroups } from '../limits';
import { propertyNotFound } from '../properties/not-found';
import { lockProperty } from '../properties/queries';
import { findCostGroup, listCostGroups } from './queries';

export const costGroupNotFound = () => new AppError('not_found', 404, 'Gruppe nicht gefunden.');

const foreignUnits = () =>
  new AppError('validation_error', 400, 'Bitte prüfen Sie die markierten Felder.', {
    unitIds: 'Eine der Einheiten gehört nicht zu dieser Immobilie.',
  });

async function setUnits(tx: Tx, workspaceId: string, propertyId: string, groupId: string, unitIds: string[]) {
  const [found] = await tx
    .select({ n: count() })
    .from(units)
    .where(
      and(eq(units.propertyId, propertyId), eq(units.workspaceId, workspaceId), inArray(units.id, unitIds)),
    );
  if ((found?.n ?? 0) !== unitIds.length) throw foreignUnits();
  await tx
    .delete(costGroupUnits)
    .where(and(eq(costGroupUnits.costGroupId, groupId), eq(costGroupUnits.workspaceId, workspaceId)));
  await tx
    .insert(costGroupUnits)
    .values(unitIds.map((unitId) => ({ costGroupId: groupId, unitId, workspaceId })));
}

async function answer(tx: Tx, workspaceId: string, propertyId: string, id: string): Promise<CostGroupJson> {
  const group = (await listCostGroups(tx, workspaceId, propertyId)).find((g) => g.id === id);
  if (!group) throw new Error('cost group vanished within its transaction');
  return group;
}

export function createCostGroup(
  db: Db,
  workspaceId: string,
  propertyId: string,
  input: CostGroupInputBody,
): Promise<CostGroupJson> {
  return db.transaction(async (tx) => {
    if (!(await lockProperty(tx, workspaceId, propertyId, 'share'))) throw propertyNotFound();
    const [held] = await tx
      .select({ n: count() })
      .from(costGroups)
      .where(and(eq(costGroups.propertyId, propertyId), eq(costGroups.workspaceId, workspaceId)));
    if ((held?.n ?? 0) >= LIMITS.costGroupsPerProperty) throw tooManyCostGroups();
    const [row] = await tx
      .insert(costGroups)
      .values({ workspaceId, propertyId, name: input.name })
      .returning({ id: costGroups.id });
    if (!row) throw new Error('cost group insert returned no row');
    await setUnits(tx, workspaceId, propertyId, row.id, input.unitIds);
    return answer(tx, workspaceId, propertyId, row.id);
  });
}

export function updateCostGroup(
  db: Db,
  workspaceId: string,
  id: string,
  input: Partial<CostGroupInputBody>,
): Promise<CostGroupJson> {
  return db.transaction(async (tx) => {
    const group = await findCostGroup(tx, workspaceId, id);
    if (!group || !(await lockProperty(tx, workspaceId, group.propertyId, 'share')))
      throw costGroupNotFound();
    await tx
      .update(costGroups)
      .set({ ...(input.name !== undefined ? { name: input.name } : {}), updatedAt: sql`now()` })
      .where(and(eq(costGroups.id, id), eq(costGroups.workspaceId, workspaceId)));
    if (input.unitIds) await setUnits(tx, workspaceId, group.propertyId, id, input.unitIds);
    return answer(tx, workspaceId, group.propertyId, id);
  });
}

/** A draft naming the group then finds its costs without units (an error to fix before finalizing). */
export function deleteCostGroup(db: Db, workspaceId: string, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    const group = await findCostGroup(tx, workspaceId, id);
    if (!group || !(await lockProperty(tx, workspaceId, group.propertyId, 'share')))
      throw costGroupNotFound();
    await tx.delete(costGroups).where(and(eq(costGroups.id, id), eq(costGroups.workspaceId, workspaceId)));
  });
}
