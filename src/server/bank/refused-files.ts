// Bank files that could not be read are kept with their reason, never just dropped: the landlord sees
// what was refused and why, and can download the file again (ADR 0024). The newest few per account.

import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bankRefusedFiles } from '../db/schema';
import { notFound } from '../errors';

/** Refused files kept per account: enough to see what went wrong, not a store for anything. */
export const REFUSED_FILES_KEPT = 5;

export const refusedFileNotFound = () => notFound('Datei nicht gefunden.');

/** Keeps a refused file with its reason; the oldest beyond the newest five go. */
export async function keepRefusedFile(
  db: Db,
  workspaceId: string,
  file: { name: string; bytes: Uint8Array; reason: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(bankRefusedFiles).values({
      workspaceId,
      name: file.name.slice(0, 200) || 'Kontoauszug',
      size: file.bytes.byteLength,
      reason: file.reason,
      content: file.bytes,
    });
    const older = await tx
      .select({ id: bankRefusedFiles.id })
      .from(bankRefusedFiles)
      .where(eq(bankRefusedFiles.workspaceId, workspaceId))
      .orderBy(desc(bankRefusedFiles.createdAt), desc(bankRefusedFiles.id))
      .offset(REFUSED_FILES_KEPT);
    if (older.length > 0) {
      await tx.delete(bankRefusedFiles).where(
        inArray(
          bankRefusedFiles.id,
          older.map((r) => r.id),
        ),
      );
    }
  });
}

export function listRefusedFiles(db: Db, workspaceId: string) {
  return db
    .select({
      id: bankRefusedFiles.id,
      name: bankRefusedFiles.name,
      size: bankRefusedFiles.size,
      reason: bankRefusedFiles.reason,
      createdAt: bankRefusedFiles.createdAt,
    })
    .from(bankRefusedFiles)
    .where(eq(bankRefusedFiles.workspaceId, workspaceId))
    .orderBy(desc(bankRefusedFiles.createdAt), desc(bankRefusedFiles.id));
}

export async function refusedFile(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select({ name: bankRefusedFiles.name, content: bankRefusedFiles.content })
    .from(bankRefusedFiles)
    .where(and(eq(bankRefusedFiles.id, id), eq(bankRefusedFiles.workspaceId, workspaceId)));
  if (!row) throw refusedFileNotFound();
  return row;
}

export async function deleteRefusedFile(db: Db, workspaceId: string, id: string): Promise<void> {
  const removed = await db
    .delete(bankRefusedFiles)
    .where(and(eq(bankRefusedFiles.id, id), eq(bankRefusedFiles.workspaceId, workspaceId)))
    .returning({ id: bankRefusedFiles.id });
  if (removed.length === 0) throw refusedFileNotFound();
}
