import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { documents } from '../db/schema';

export type DocumentRow = typeof documents.$inferSelect;

/** A user's documents, newest upload first (spec §7). */
export function listDocuments(db: Db | Tx, userId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.uploadDate), desc(documents.id));
}

/** One document of the user, or undefined (also for another user's id). */
export async function findDocument(
  db: Db | Tx,
  userId: string,
  id: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)));
  return row;
}
