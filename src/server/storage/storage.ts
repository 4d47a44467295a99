import { join, resolve } from 'node:path';
import type { Config } from '../env';
import { createLocalStorage, removeStaleParts } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './types';

export { type Storage, StoredFileNotFoundError } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Receipt files; account deletion removes a user's files with `deletePrefix(workspaceId + '/')`. */
    storage: Storage;
  }
}

/** The configured store: an S3-compatible bucket when S3_BUCKET is set, else `${DATA_DIR}/files`. */
export function createStorage(
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'S3_BUCKET'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
): Storage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(localRoot(config));
}

const localRoot = (config: Pick<Config, 'DATA_DIR'>) => join(resolve(config.DATA_DIR), 'files');

/**
 * Removes what uploads cut off by a crash left in the configured store, last written before
 * `before`; returns how many. A bucket has none: a PutObject stores all or nothing.
 */
export async function removeIncompleteUploads(
  config: Pick<Config, 'DATA_DIR' | 'S3_BUCKET'>,
  before: Date,
): Promise<number> {
  return config.S3_BUCKET ? 0 : removeStaleParts(localRoot(config), before);
}
