import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertKey, assertPrefix, type Storage, StoredFileNotFoundError } from './types';

export interface S3StorageOptions {
  bucket: string;
  endpoint?: string;
  region: string;
  /** Without keys the SDK's default credential chain applies (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/** An S3-compatible bucket (AWS, MinIO, Ceph, R2, …). Objects are private; we never hand out URLs. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Many S3-compatible stores reject the SDK's newer default checksums (CRC32 trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  async function* keys(prefix: string): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    kind: 's3',

    async put(key, body, contentType) {
      assertKey(key);
      // PutObject needs the length up front; bodies are size-limited by the caller (10 MB), so
      // collecting one in memory is bounded and simpler than a multipart upload.
      const bytes = Buffer.isBuffer(body) ? body : await buffer(body);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },

    async get(key) {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error(`S3 object ${key} has no readable body`);
        return object.Body;
      } catch (error) {
        if (error instanceof NoSuchKey) throw new StoredFileNotFoundError(key);
        throw error;
      }
    },

    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async deletePrefix(prefix) {
      assertPrefix(prefix);
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        if (result.Errors?.length) {
          throw new Error(`S3 could not delete ${result.Errors.length} object(s) below ${prefix}`);
        }
        batch = [];
      };
      // Collect first: deleting while listing would shift the listing's pages.
      const all: string[] = [];
      for await (const key of keys(prefix)) all.push(key);
      for (const key of all) {
        batch.push(key);
        if (batch.length === 1000) await flush();
      }
      await flush();
    },

    list(prefix = '') {
      if (prefix) assertPrefix(prefix);
      return keys(prefix);
    },
  };
}
