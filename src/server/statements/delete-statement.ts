import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { statements } from '../db/schema';

/** Deletes the user's statement; false when there is none with this id. */
export async function deleteStatement(db: Db | Tx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(statements)
    .where(and(eq(statements.id, id), eq(statements.userId, userId)))
    .returning({ id: statements.id });
  return rows.length > 0;
}
