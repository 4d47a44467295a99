import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { properties } from '../db/schema';

/**
 * Deletes the user's property; false when there is none with this id. Statements and documents
 * that referred to it keep their data and lose only the link (the foreign keys set it to null).
 */
export async function deleteProperty(db: Db | Tx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(properties)
    .where(and(eq(properties.id, id), eq(properties.userId, userId)))
    .returning({ id: properties.id });
  return rows.length > 0;
}
