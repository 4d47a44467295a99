import { and, count, eq, sql } from 'drizzle-orm';
import type { UnitInputBody } from '../../shared/schemas/house';
import type { Db, Tx } from '../db/client';
import { tenancies, units } from '../db/schema';
import { LIMITS, tooManyUnits } from '../limits';
import { propertyNotFound } from '../properties/not-found';
import { lockProperty } from '../properties/queries';
import { unitInUse } from './messages';
import { lockUnit, type UnitRow } from './queries';

const columns = (input: UnitInputBody) => ({
  label: input.label,
  area: input.area,
  mea: input.mea ?? null,
  floor: input.floor,
  note: input.note,
  kind: input.kind ?? 'dwelling',
});

/**
 * The unit, with its property locked for a write (share): a finalize or a property delete waits for
 * this write, and this write for them. Undefined when the user has no such unit.
 */
export async function unitForWrite(tx: Tx, workspaceId: string, id: string): Promise<UnitRow | undefined> {
  const [found] = await tx
    .select({ propertyId: units.propertyId })
    .from(units)
    .where(and(eq(units.id, id), eq(units.workspaceId, workspaceId)));
  if (!found || !(await lockProperty(tx, workspaceId, found.propertyId, 'share'))) return undefined;
  return lockUnit(tx, workspaceId, id);
}

/**
 * New units of the workspace's property, all or none, within LIMITS.unitsPerProperty (a house pasted
 * from a spreadsheet is one write).
 */
export async function createUnits(
  db: Db,
  workspaceId: string,
  propertyId: string,
  inputs: readonly UnitInputBody[],
): Promise<UnitRow[]> {
  return db.transaction(async (tx) => {
    if (!(await lockProperty(tx, workspaceId, propertyId, 'share'))) throw propertyNotFound();
    const [held] = await tx
      .select({ n: count() })
      .from(units)
      .where(and(eq(units.propertyId, propertyId), eq(units.workspaceId, workspaceId)));
    if ((held?.n ?? 0) + inputs.length > LIMITS.unitsPerProperty) throw tooManyUnits();
    const rows = await tx
      .insert(units)
      .values(inputs.map((input) => ({ workspaceId, propertyId, ...columns(input) })))
      .returning();
    if (rows.length !== inputs.length) throw new Error('unit insert returned too few rows');
    return rows;
  });
}

/** A new unit of the workspace's property. */
export async function createUnit(
  db: Db,
  workspaceId: string,
  propertyId: string,
  input: UnitInputBody,
): Promise<UnitRow> {
  const [row] = await createUnits(db, workspaceId, propertyId, [input]);
  if (!row) throw new Error('unit insert returned no row');
  return row;
}

export async function updateUnit(
  db: Db,
  workspaceId: string,
  id: string,
  input: Partial<UnitInputBody>,
): Promise<UnitRow | undefined> {
  const changes = Object.fromEntries(
    Object.entries({
      label: input.label,
      area: input.area,
      mea: input.mea,
      floor: input.floor,
      note: input.note,
      kind: input.kind,
    }).filter(([, v]) => v !== undefined),
  );
  return db.transaction(async (tx) => {
    if (!(await unitForWrite(tx, workspaceId, id))) return undefined;
    const [row] = await tx
      .update(units)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(units.id, id), eq(units.workspaceId, workspaceId)))
      .returning();
    return row;
  });
}

/**
 * Deletes the unit; refused while a tenancy refers to it. False when the user has no such unit. The
 * unit row is locked first, so a tenancy created at the same time either comes first (and the
 * delete is refused) or finds the unit gone (404).
 */
export async function deleteUnit(db: Db, workspaceId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await unitForWrite(tx, workspaceId, id))) return false;
    const [used] = await tx
      .select({ id: tenancies.id })
      .from(tenancies)
      .where(and(eq(tenancies.unitId, id), eq(tenancies.workspaceId, workspaceId)))
      .limit(1);
    if (used) throw unitInUse();
    const rows = await tx
      .delete(units)
      .where(and(eq(units.id, id), eq(units.workspaceId, workspaceId)))
      .returning({ id: units.id });
    return rows.length > 0;
  });
}
