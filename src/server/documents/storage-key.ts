import { randomBytes } from 'node:crypto';
import { extensionOf, type FileType } from './file-type';

/**
 * `{workspaceId}/{timestamp-ms}-{random}.{ext}`: the spec's key plus a short random suffix, so two
 * uploads of one user in the same millisecond cannot overwrite each other.
 */
export function newStorageKey(workspaceId: string, type: FileType, now = Date.now()): string {
  return `${workspaceId}/${now}-${randomBytes(4).toString('hex')}.${extensionOf(type)}`;
}
