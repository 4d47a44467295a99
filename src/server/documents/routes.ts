import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_LIMITS } from '../../shared/catalog';
import { documentJson, documentMetadataSchema } from '../../shared/schemas/document';
import { z } from '../../shared/schemas/zod';
import { errorResponses } from '../errors';
import { isUuid } from '../http/ids';
import { enforceRateLimit, WRITE_RATE_LIMITS } from '../http/rate-limit';
import { createThrottle } from '../http/throttle';
import { StoredFileNotFoundError } from '../storage/storage';
import { withinLimit } from '../workspaces/property-limit';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { deleteDocument } from './delete-document';
import { documentName } from './document-name';
import { receiptFileHeaders } from './file-type';
import { documentNotFound, storedFileMissing } from './messages';
import { presentDocument } from './present';
import { findDocument, findDocumentWithRecognition, listDocuments } from './queries';
import { quotaBytesOf, usedBytes } from './storage-quota';
import { startupSweep } from './sweep';
import { documentPatchSchema, updateDocument } from './update-document';
import { uploadDocument } from './upload-document';

const idParams = z.object({ id: z.string().describe('Document id (UUID); any other value answers 404') });

// Documents the multipart form; the handler reads and checks it while it streams (see below).
const uploadForm = documentMetadataSchema.partial({ name: true }).extend({
  file: z
    .file()
    .describe('PDF, JPEG, PNG or an XML e-invoice, at most 10 MB; the type is checked by the content'),
  recognize: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: read the receipt in the background (GET /documents/{id} shows `recognition`)'),
});

/** /api/documents: the workspace's receipts (Belege) and their files. Every query filters by the workspace. */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  const quotaBytes = quotaBytesOf(app.config);
  const deps = { db, storage: app.storage, log: app.log, quotaBytes };
  const throttle = createThrottle(db);

  // Registered here, not globally, so no other route accepts multipart bodies. Busboy stops a file
  // at the limit (marking it truncated) and discards the rest instead of buffering it.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    // fields: the six metadata fields, `tags` up to 50 times (the schema's maximum)
    limits: { fileSize: FILE_LIMITS.maxBytes, files: 1, fields: 60, fieldSize: 16 * 1024, parts: 61 },
  });

  if (app.config.NODE_ENV !== 'test') startupSweep(app);

  app.get(
    '/documents',
    {
      schema: {
        tags: ['documents'],
        summary: "The workspace's documents, newest upload first",
        response: { 200: z.array(documentJson), ...errorResponses(401) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const rows = withinLimit(
        scope,
        await listDocuments(db, scope.workspaceId),
        (r) => r.document.propertyId,
      );
      return rows.map((r) => presentDocument(r.document, r.recognition));
    },
  );

  app.get(
    '/documents/usage',
    {
      schema: {
        tags: ['documents'],
        summary: "The workspace's receipt storage: bytes used and the quota (STORAGE_QUOTA_MB)",
        response: {
          200: z.object({ usedBytes: z.number().int(), quotaBytes: z.number().int() }),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      reply.header('cache-control', 'no-store');
      return { usedBytes: await usedBytes(db, scope.workspaceId), quotaBytes };
    },
  );

  app.post(
    '/documents',
    {
      schema: {
        tags: ['documents'],
        summary: 'Upload one file with its metadata (multipart/form-data)',
        description:
          'Fields: `file` plus propertyId, type (default Sonstiges), docDate (YYYY-MM-DD), description, ' +
          'tags (comma-separated or repeated), name (default: the file name) and recognize=true to read the ' +
          'receipt in the background (the answer carries recognition.status pending). Only PDF, JPEG, PNG and XML e-invoices up ' +
          'to 10 MB, recognised by their content: 413 file_too_large, 415 invalid_file_type. 413 ' +
          "storage_quota_exceeded when the file does not fit into the workspace's quota (GET /documents/usage); " +
          `429 with Retry-After beyond ${WRITE_RATE_LIMITS.upload.max} uploads in ${WRITE_RATE_LIMITS.upload.window / 60} minutes. ` +
          "The name keeps the file's extension (appended when missing).",
        consumes: ['multipart/form-data'],
        body: uploadForm,
        response: { 201: documentJson, ...errorResponses(400, 401, 413, 415, 429) },
      },
      // The body is a stream, not parsed JSON: uploadDocument validates the fields and the file.
      validatorCompiler: () => (data) => ({ value: data }),
      // A rejected upload is answered before the client has sent all of it; the connection is then
      // closed instead of reading (or leaving paused) the rest of a possibly huge body.
      onError: async (request, reply) => {
        if (!request.raw.complete) reply.header('connection', 'close');
      },
      onResponse: async (request) => {
        if (!request.raw.complete) request.raw.destroy();
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      await enforceRateLimit(throttle, reply, `upload:${scope.workspaceId}`, WRITE_RATE_LIMITS.upload);
      const { document, recognition } = await uploadDocument(deps, scope.workspaceId, request.parts());
      if (recognition) app.recognition.kick();
      return reply.status(201).send(presentDocument(document, recognition));
    },
  );

  app.get(
    '/documents/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'One document of the workspace',
        params: idParams,
        response: { 200: documentJson, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const row = isUuid(request.params.id)
        ? await findDocumentWithRecognition(db, scope.workspaceId, request.params.id)
        : undefined;
      if (!row) throw documentNotFound();
      return presentDocument(row.document, row.recognition);
    },
  );

  app.get(
    '/documents/:id/file',
    {
      schema: {
        tags: ['documents'],
        summary: 'The stored file, only to its owner',
        description:
          'Answers the bytes with the stored Content-Type, Content-Disposition inline with the original ' +
          'name (RFC 5987 filename*) and X-Content-Type-Options: nosniff.',
        params: idParams,
        response: {
          200: z.custom<Readable>().describe('The file: application/pdf, image/jpeg or image/png'),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const row = isUuid(request.params.id)
        ? await findDocument(db, scope.workspaceId, request.params.id)
        : undefined;
      if (!row) throw documentNotFound();
      const body = await app.storage.get(row.storageKey).catch((err: unknown) => {
        throw err instanceof StoredFileNotFoundError ? storedFileMissing() : err;
      });
      return (
        reply
          .header('content-type', row.fileType)
          // rows written before names kept their extension get it here
          .headers(receiptFileHeaders(row.fileType, documentName(row.name, row.fileType)))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(body)
      );
    },
  );

  app.patch(
    '/documents/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'Change the metadata of a document (name, property, type, date, description, tags)',
        description:
          "A name without the file's extension (.pdf, .jpg/.jpeg, .png) gets it appended; line breaks " +
          'and other control characters are refused.',
        params: idParams,
        body: documentPatchSchema,
        response: { 200: documentJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const row = isUuid(request.params.id)
        ? await updateDocument(db, scope.workspaceId, request.params.id, request.body)
        : undefined;
      if (!row) throw documentNotFound();
      const withRecognition = await findDocumentWithRecognition(db, scope.workspaceId, row.id);
      return presentDocument(row, withRecognition?.recognition ?? null);
    },
  );

  app.delete(
    '/documents/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'Delete a document: its file first, then the row (kept when the file cannot be removed)',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 404, 409, 500) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const deleted =
        isUuid(request.params.id) && (await deleteDocument(deps, scope.workspaceId, request.params.id));
      if (!deleted) throw documentNotFound();
      return reply.status(204).send(null);
    },
  );
};
