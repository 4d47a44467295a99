import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { documents } from '../db/schema';
import type { Storage } from '../storage/storage';

export interface SweepReport {
  /** Stored files no document row points at (e.g. left by a crash between upload and insert). */
  filesWithoutRows: string[];
  /** Document rows whose file is missing from the store. */
  rowsWithoutFiles: { id: string; workspaceId: string; storageKey: string }[];
}

/**
 * Compares the store with the documents table, across all users. It only reports; an upload in
 * flight can show up as a file without a row for a moment.
 */
export async function sweepDocuments(db: Db, storage: Storage): Promise<SweepReport> {
  const rows = await db
    .select({ id: documents.id, workspaceId: documents.workspaceId, storageKey: documents.storageKey })
    .from(documents);
  const keysInRows = new Set(rows.map((r) => r.storageKey));
  const storedKeys = new Set<string>();
  const filesWithoutRows: string[] = [];
  for await (const key of storage.list()) {
    storedKeys.add(key);
    if (!keysInRows.has(key)) filesWithoutRows.push(key);
  }
  return { filesWithoutRows, rowsWithoutFiles: rows.filter((r) => !storedKeys.has(r.storageKey)) };
}

/** Runs the sweep once the app is ready, in the background, and logs what it finds. */
export function startupSweep(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    sweepDocuments(app.database.db, app.storage).then(
      (report) => {
        const found = report.filesWithoutRows.length + report.rowsWithoutFiles.length;
        if (found === 0) app.log.info('document sweep: store and rows agree');
        else
          app.log.warn(
            {
              filesWithoutRows: report.filesWithoutRows.length,
              rowsWithoutFiles: report.rowsWithoutFiles.length,
              examples: {
                files: report.filesWithoutRows.slice(0, 20),
                rows: report.rowsWithoutFiles.slice(0, 20),
              },
            },
            'document sweep: files without rows or rows without files',
          );
      },
      (error: unknown) => app.log.error({ err: error }, 'document sweep failed'),
    );
  });
}
