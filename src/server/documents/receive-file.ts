import { Readable } from 'node:stream';
import { FILE_LIMITS } from '../../shared/catalog';
import { AppError } from '../errors';
import type { Storage } from '../storage/storage';
import { type FileType, SNIFF_BYTES, verifiedFileType } from './file-type';
import { malformedUpload, rejectedFile } from './messages';
import { newStorageKey } from './storage-key';

/** A file part of an upload: busboy emits 'limit' at the size limit, then discards the rest of the part. */
export interface IncomingFile {
  mimetype: string;
  file: Readable & { truncated?: boolean };
}

export interface ReceivedFile {
  key: string;
  fileType: FileType;
  size: number;
}

/**
 * Streams one uploaded file into the store under a new key of the workspace. The type is taken from
 * the first bytes before anything is stored; the size is counted while the bytes pass, and the
 * upload fails as soon as it exceeds the limit. Nothing beyond one chunk is held in memory here,
 * and a rejected file leaves nothing in the store.
 */
export async function receiveFile(
  storage: Storage,
  workspaceId: string,
  name: string,
  incoming: IncomingFile,
): Promise<ReceivedFile> {
  // Fail at the limit instead of waiting for the discarded rest of a huge part.
  incoming.file.once('limit', () => incoming.file.destroy(rejectedFile(name, 'too_large')));
  const chunks = incoming.file[Symbol.asyncIterator]();
  // a body cut off inside the file is the client's fault (400), not a failure of ours
  const nextChunk = () =>
    chunks.next().catch((error: unknown) => {
      throw error instanceof AppError ? error : malformedUpload();
    });
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await nextChunk();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }

  const fileType = verifiedFileType(Buffer.concat(head), name, incoming.mimetype);
  if (!fileType) {
    await chunks.return?.();
    throw rejectedFile(name, 'invalid_type');
  }

  let size = 0;
  async function* body(): AsyncGenerator<Buffer> {
    try {
      for (const chunk of head) {
        size += chunk.length;
        yield chunk;
      }
      if (!ended) {
        for (let next = await nextChunk(); !next.done; next = await nextChunk()) {
          size += next.value.length;
          if (size > FILE_LIMITS.maxBytes) throw rejectedFile(name, 'too_large');
          yield next.value;
        }
      }
      if (incoming.file.truncated || size > FILE_LIMITS.maxBytes) throw rejectedFile(name, 'too_large');
    } finally {
      // stop reading the request's file part when we end early (limit, store failure)
      await chunks.return?.();
    }
  }

  const key = newStorageKey(workspaceId, fileType);
  await storage.put(key, Readable.from(body()), fileType);
  return { key, fileType, size };
}
