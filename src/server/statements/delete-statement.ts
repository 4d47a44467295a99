import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { statements } from '../db/schema';

/** Deletes the workspace's statement; false when there is none with this id. */
export async function deleteStatement(db: Db | Tx, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(statements)
    .where(and(eq(statements.id, id), eq(statements.workspaceId, workspaceId)))
    .returning({ id: statements.id });
  return rows.length > 0;
}
