import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { properties } from '../db/schema';

export type PropertyRow = typeof properties.$inferSelect;

/** A user's properties, newest first (spec §7). */
export function listProperties(db: Db | Tx, workspaceId: string): Promise<PropertyRow[]> {
  return db
    .select()
    .from(properties)
    .where(eq(properties.workspaceId, workspaceId))
    .orderBy(desc(properties.createdAt), desc(properties.id));
}

/** One property of the workspace, or undefined (also for another workspace's id). */
export async function findProperty(
  db: Db | Tx,
  workspaceId: string,
  id: string,
): Promise<PropertyRow | undefined> {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.workspaceId, workspaceId)));
  return row;
}

/**
 * Locks the workspace's property row: `share` for a write of its units, tenancies or settlements (many at
 * once), `update` to freeze or delete the house (finalize, property delete), which waits for those
 * writes and keeps new ones out until it commits. Every transaction takes this lock first, so the
 * lock order is always property → unit/settlement → user.
 */
export async function lockProperty(
  tx: Tx,
  workspaceId: string,
  id: string,
  mode: 'share' | 'update',
): Promise<boolean> {
  const [row] = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.workspaceId, workspaceId)))
    .for(mode === 'share' ? 'share' : 'update');
  return row !== undefined;
}
