import { eq, sql } from 'drizzle-orm';
import { storageFullMessage } from '../../shared/storage-usage';
import type { Db, Tx } from '../db/client';
import { documents, users } from '../db/schema';
import type { Config } from '../env';
import { AppError } from '../errors';

export const quotaBytesOf = (config: Pick<Config, 'STORAGE_QUOTA_MB'>) =>
  config.STORAGE_QUOTA_MB * 1024 * 1024;

/** Bytes the workspace's receipts take: the sum of their documents' sizes. */
export async function usedBytes(db: Db | Tx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${documents.size}), 0)`.mapWith(Number) })
    .from(documents)
    .where(eq(documents.workspaceId, workspaceId));
  return row?.used ?? 0;
}

export const storageFull = (quotaBytes: number) => {
  const message = storageFullMessage(quotaBytes);
  return new AppError('storage_quota_exceeded', 413, message, { file: message });
};

/**
 * Refuses `size` more bytes beyond the quota. Inside the transaction that inserts the row: the
 * user's row is locked first, so concurrent uploads of one user (on any instance) sum one after
 * another and cannot together pass the quota. NO KEY UPDATE does not block the foreign-key checks
 * of the workspace's other writes.
 */
export async function assertRoomFor(tx: Tx, workspaceId: string, size: number, quotaBytes: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, workspaceId)).for('no key update');
  if ((await usedBytes(tx, workspaceId)) + size > quotaBytes) throw storageFull(quotaBytes);
}
