import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { documentRecognitions, documents } from '../db/schema';
import type { RecognitionRow } from '../recognition/jobs';

export type DocumentRow = typeof documents.$inferSelect;
export interface DocumentWithRecognition {
  document: DocumentRow;
  recognition: RecognitionRow | null;
}

/** A user's documents, newest upload first (spec §7), each with its recognition. */
export async function listDocuments(db: Db | Tx, workspaceId: string): Promise<DocumentWithRecognition[]> {
  return db
    .select({ document: documents, recognition: documentRecognitions })
    .from(documents)
    .leftJoin(documentRecognitions, eq(documentRecognitions.documentId, documents.id))
    .where(eq(documents.workspaceId, workspaceId))
    .orderBy(desc(documents.uploadDate), desc(documents.id));
}

/** One document of the workspace, or undefined (also for another workspace's id). */
export async function findDocument(
  db: Db | Tx,
  workspaceId: string,
  id: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.workspaceId, workspaceId)));
  return row;
}

/** One document of the workspace with its recognition, or undefined. */
export async function findDocumentWithRecognition(
  db: Db | Tx,
  workspaceId: string,
  id: string,
): Promise<DocumentWithRecognition | undefined> {
  const [row] = await db
    .select({ document: documents, recognition: documentRecognitions })
    .from(documents)
    .leftJoin(documentRecognitions, eq(documentRecognitions.documentId, documents.id))
    .where(and(eq(documents.id, id), eq(documents.workspaceId, workspaceId)));
  return row;
}
