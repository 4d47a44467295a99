import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { documents, settlementCostDocuments, settlements } from '../db/schema';
import type { Storage } from '../storage/storage';
import { documentInFinalSettlement, fileDeleteFailed, rowDeleteFailed } from './messages';
import { findDocument } from './queries';

interface DeleteDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Deletes the workspace's document: the stored file first, then the row (spec §4). When the file
 * cannot be removed the row stays, so the receipt is never lost from the list while its file
 * lingers unseen. False when the user has no such document; 409 while a final settlement encloses it.
 */
export async function deleteDocument({ db, storage, log }: DeleteDeps, workspaceId: string, id: string) {
  const row = await findDocument(db, workspaceId, id);
  if (!row) return false;
  // a final settlement's tenants may look at its receipts (§ 556 Abs. 4 BGB): they stay
  const [final] = await db
    .select({ id: settlements.id })
    .from(settlementCostDocuments)
    .innerJoin(
      settlements,
      and(eq(settlements.id, settlementCostDocuments.settlementId), eq(settlements.workspaceId, workspaceId)),
    )
    .where(and(eq(settlementCostDocuments.documentId, id), eq(settlements.status, 'final')))
    .limit(1);
  if (final) throw documentInFinalSettlement();
  try {
    await storage.delete(row.storageKey);
  } catch (error) {
    log.error({ err: error, key: row.storageKey }, 'could not delete a stored file');
    throw fileDeleteFailed();
  }
  try {
    const deleted = await db
      .delete(documents)
      .where(and(eq(documents.id, id), eq(documents.workspaceId, workspaceId)))
      .returning({ id: documents.id });
    return deleted.length > 0;
  } catch (error) {
    log.error({ err: error, id }, 'could not delete a document row after its file');
    throw rowDeleteFailed();
  }
}
