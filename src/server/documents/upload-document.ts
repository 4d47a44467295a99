import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { documentMetadataSchema, UNSAFE_NAME_CHARACTERS } from '../../shared/schemas/document';
import { type Db, pgErrorCode } from '../db/client';
import { documentRecognitions, documents } from '../db/schema';
import { AppError } from '../errors';
import { enqueueRecognition } from '../recognition/jobs';
import type { Storage } from '../storage/storage';
import { documentName } from './document-name';
import { malformedUpload, noFile, saveFailed, unknownProperty } from './messages';
import { assertPropertyIdShape, parseOrThrow } from './metadata';
import type { DocumentWithRecognition } from './queries';
import { type IncomingFile, type ReceivedFile, receiveFile } from './receive-file';
import { assertRoomFor, storageFull, usedBytes } from './storage-quota';

/** One part of a multipart upload, as @fastify/multipart yields them. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | (IncomingFile & { type: 'file'; fieldname: string; filename: string });

const METADATA_FIELDS = new Set([
  'propertyId',
  'name',
  'type',
  'docDate',
  'description',
  'tags',
  'recognize',
]);

interface UploadDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  /** The workspace's storage quota in bytes. */
  quotaBytes: number;
}

/**
 * Stores the part named `file` and inserts its row with the metadata fields (sent before or after
 * the file), and with `recognize=true` its recognition job in the same transaction. Whatever fails
 * after the file was stored (bad metadata, the quota, the insert) removes the file again (spec §4),
 * so no file is left without its row.
 */
export async function uploadDocument(
  { db, storage, log, quotaBytes }: UploadDeps,
  workspaceId: string,
  parts: AsyncIterable<UploadPart>,
): Promise<DocumentWithRecognition> {
  // a full store is refused before any byte is read; the insert checks again with the size
  if ((await usedBytes(db, workspaceId)) >= quotaBytes) throw storageFull(quotaBytes);
  const fields: Record<string, string | string[]> = {};
  let stored: (ReceivedFile & { name: string }) | undefined;
  try {
    for await (const part of framed(parts)) {
      if (part.type === 'field') {
        // PostgreSQL cannot store U+0000 in text; no form field needs it
        if (METADATA_FIELDS.has(part.fieldname)) {
          addField(fields, part.fieldname, String(part.value).replaceAll('\u0000', ''));
        }
      } else if (part.fieldname === 'file' && !stored) {
        const name = fileNameOf(part.filename);
        stored = { ...(await receiveFile(storage, workspaceId, name, part)), name };
      } else {
        // not ours: read past it so the following parts arrive
        for await (const _ of part.file);
      }
    }
    if (!stored) throw noFile();
    const received = stored;

    const { recognize, ...metadataFields } = fields;
    const metadata = parseOrThrow(documentMetadataSchema, { name: received.name, ...metadataFields });
    assertPropertyIdShape(metadata.propertyId);
    try {
      return await db.transaction(async (tx) => {
        await assertRoomFor(tx, workspaceId, received.size, quotaBytes);
        const [row] = await tx
          .insert(documents)
          .values({
            workspaceId,
            propertyId: metadata.propertyId,
            name: documentName(metadata.name, received.fileType),
            type: metadata.type,
            description: metadata.description,
            docDate: metadata.docDate,
            tags: metadata.tags,
            storageKey: received.key,
            fileType: received.fileType,
            size: received.size,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        if (recognize !== 'true') return { document: row, recognition: null };
        await enqueueRecognition(tx, workspaceId, row.id);
        const [recognition] = await tx
          .select()
          .from(documentRecognitions)
          .where(eq(documentRecognitions.documentId, row.id));
        return { document: row, recognition: recognition ?? null };
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      // the composite foreign key refuses a property of another user
      if (pgErrorCode(error) === '23503') throw unknownProperty();
      log.error({ err: error }, 'document insert failed');
      throw saveFailed('Die Daten konnten nicht gespeichert werden.');
    }
  } catch (error) {
    if (stored) await removeQuietly(storage, stored.key, log);
    throw error;
  }
}

/**
 * The parts as they arrive; a body the multipart parser cannot read (no or wrong boundary, cut
 * off) is the client's fault: 400, not the parser's bare error (which would answer 500).
 */
async function* framed(parts: AsyncIterable<UploadPart>): AsyncGenerator<UploadPart> {
  const iterator = parts[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<UploadPart>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw error instanceof Error && 'statusCode' in error ? error : malformedUpload();
    }
    if (next.done) return;
    yield next.value;
  }
}

function addField(fields: Record<string, string | string[]>, name: string, value: string) {
  const before = fields[name];
  // tags may come as one comma-separated field or as repeated fields
  if (name === 'tags' && before !== undefined) {
    fields[name] = [...(Array.isArray(before) ? before : [before]), value];
  } else {
    fields[name] = value;
  }
}

/** The name to show: the base name without folders or unsafe characters, at most 255 characters. */
export function fileNameOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return base.replace(UNSAFE_NAME_CHARACTERS, '').trim().slice(0, 255) || 'Beleg';
}

async function removeQuietly(storage: Storage, key: string, log: FastifyBaseLogger) {
  try {
    await storage.delete(key);
  } catch (error) {
    // the consistency sweep reports the file left behind
    log.error({ err: error, key }, 'could not remove the file of a failed upload');
  }
}
