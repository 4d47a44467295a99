import { and, eq, sql } from 'drizzle-orm';
import type { UnitInputBody } from '../../shared/schemas/settlement';
import type { Db } from '../db/client';
import { tenancies, units } from '../db/schema';
import { unitInUse } from './messages';
import type { UnitRow } from './queries';

const columns = (input: UnitInputBody) => ({
  label: input.label,
  area: input.area,
  mea: input.mea ?? null,
  floor: input.floor,
  note: input.note,
});

/** A new unit of the user's property (the composite foreign key refuses another user's property). */
export async function createUnit(
  db: Db,
  userId: string,
  propertyId: string,
  input: UnitInputBody,
): Promise<UnitRow> {
  const [row] = await db
    .insert(units)
    .values({ userId, propertyId, ...columns(input) })
    .returning();
  if (!row) throw new Error('unit insert returned no row');
  return row;
}

export async function updateUnit(
  db: Db,
  userId: string,
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
    }).filter(([, v]) => v !== undefined),
  );
  const [row] = await db
    .update(units)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(units.id, id), eq(units.userId, userId)))
    .returning();
  return row;
}

/** Deletes the unit; refused while a tenancy refers to it. False when the user has no such unit. */
export async function deleteUnit(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .select({ id: tenancies.id })
      .from(tenancies)
      .where(and(eq(tenancies.unitId, id), eq(tenancies.userId, userId)))
      .limit(1);
    if (used) throw unitInUse();
    const rows = await tx
      .delete(units)
      .where(and(eq(units.id, id), eq(units.userId, userId)))
      .returning({ id: units.id });
    return rows.length > 0;
  });
}
