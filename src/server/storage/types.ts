import type { Readable } from 'node:stream';

/**
 * Where receipt files live. Keys are `{workspaceId}/{name}`; one user's files share the prefix
 * `{workspaceId}/`, which account deletion removes with `deletePrefix`.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores the whole body under `key`; when the body stream fails, nothing is left behind. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /** The stored bytes; throws StoredFileNotFoundError when there is no such file. */
  get(key: string): Promise<Readable>;
  /** Removes one file; a missing file counts as removed. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (which must end with '/'). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored key (optionally below `prefix`), for the consistency sweep. */
  list(prefix?: string): AsyncIterable<string>;
}

export class StoredFileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`stored file not found: ${key}`);
    this.name = 'StoredFileNotFoundError';
  }
}

// Segments of word characters, dots and dashes; no empty, '.' or '..' segment, so a key can never
// leave the storage root.
const SEGMENT = /^(?!\.{1,2}$)[\w.-]{1,200}$/;

export function assertKey(key: string): void {
  const segments = key.split('/');
  if (segments.length < 2 || !segments.every((s) => SEGMENT.test(s))) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

export function assertPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`storage prefix must end with '/': ${JSON.stringify(prefix)}`);
  const segments = prefix.slice(0, -1).split('/');
  if (!segments.every((s) => SEGMENT.test(s))) {
    throw new Error(`invalid storage prefix: ${JSON.stringify(prefix)}`);
  }
}
