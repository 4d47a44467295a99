import { and, eq, sql } from 'drizzle-orm';
import type { PropertyInput } from '../../shared/schemas/property';
import type { Db, Tx } from '../db/client';
import { properties } from '../db/schema';
import type { PropertyRow } from './queries';

/** Updates the workspace's property; undefined when the user has no property with this id. */
export async function updateProperty(
  db: Db | Tx,
  workspaceId: string,
  id: string,
  changes: Partial<PropertyInput>,
): Promise<PropertyRow | undefined> {
  const [row] = await db
    .update(properties)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(properties.id, id), eq(properties.workspaceId, workspaceId)))
    .returning();
  return row;
}
