// Answers that are files: their response schemas and the one way a private file is sent.

import type { FastifyReply } from 'fastify';
import { z } from '../../shared/schemas/zod';
import { contentDisposition } from './content-disposition';

export const pdfFile = z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('The PDF (application/pdf)');
export const zipFile = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .describe('A ZIP archive (application/zip)');

/** The bytes as a Buffer without copying them. */
export const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Sends a user's file as a download that no cache keeps. */
export function sendDownload(reply: FastifyReply, type: string, fileName: string, bytes: Uint8Array) {
  return reply
    .header('content-type', type)
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('cache-control', 'private, no-store')
    .send(asBuffer(bytes));
}
