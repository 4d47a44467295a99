import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentJson } from '../../shared/schemas/document';
import { receiptFieldsSchema } from '../../shared/schemas/receipt';
import { z } from '../../shared/schemas/zod';
import { documentPages } from '../db/schema';
import { AppError, errorResponses } from '../errors';
import { isUuid } from '../http/ids';
import { enforceRateLimit } from '../http/rate-limit';
import { createThrottle } from '../http/throttle';
import { confirmReceipt, confirmSureReceipts } from '../recognition/confirmation';
import { enqueueRecognition } from '../recognition/jobs';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { documentNotFound } from './messages';
import { presentDocument } from './present';
import { findDocument, findDocumentWithRecognition } from './queries';

/** Re-reads per account: a receipt is read again when the landlord asks, not in a loop. */
const REREAD_LIMIT = { window: 10 * 60, max: 30 };

const idParams = z.object({ id: z.string().describe('Document id (UUID); any other value answers 404') });
const pageParams = idParams.extend({ page: z.coerce.number().int().min(1).max(99) });
const pageNotFound = () => new AppError('not_found', 404, 'Diese Seite des Belegs gibt es nicht.');

/** /api/documents/{id}/recognition, /booking and /pages: what was read from a receipt (ADR 0025). */
export const recognitionRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  const throttle = createThrottle(db);

  async function ownDocument(workspaceId: string, id: string) {
    const row = isUuid(id) ? await findDocument(db, workspaceId, id) : undefined;
    if (!row) throw documentNotFound();
    return row;
  }

  async function answer(workspaceId: string, id: string) {
    const row = await findDocumentWithRecognition(db, workspaceId, id);
    if (!row) throw documentNotFound();
    return presentDocument(row.document, row.recognition);
  }

  app.post(
    '/documents/:id/recognition',
    {
      schema: {
        tags: ['documents'],
        summary: 'Read the receipt again in the background (a confirmed booking is kept)',
        description:
          'The receipt goes to the back of the queue; 409 while it is waiting or being read, 429 beyond ' +
          `${REREAD_LIMIT.max} re-reads per account in ${REREAD_LIMIT.window / 60} minutes.`,
        params: idParams,
        response: { 202: documentJson, ...errorResponses(401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const row = await ownDocument(scope.workspaceId, request.params.id);
      const current = await findDocumentWithRecognition(db, scope.workspaceId, row.id);
      if (current?.recognition && ['pending', 'running'].includes(current.recognition.status)) {
        throw new AppError(
          'recognition_queued',
          409,
          'Der Beleg wird gerade gelesen. Bitte warten Sie, bis er fertig ist.',
        );
      }
      await enforceRateLimit(throttle, reply, `reread:${scope.workspaceId}`, REREAD_LIMIT);
      await enqueueRecognition(db, scope.workspaceId, row.id);
      app.recognition.kick();
      return reply.status(202).send(await answer(scope.workspaceId, row.id));
    },
  );

  app.put(
    '/documents/:id/booking',
    {
      schema: {
        tags: ['documents'],
        summary: "The landlord's confirmed fields of a receipt (the shape of recognition.fields)",
        description:
          'Dates ISO, amounts integer cents; lines[].category one of the cost presets or null (not ' +
          'allocatable). The confirmed fields win over the recognised ones and are what a settlement takes.',
        params: idParams,
        body: receiptFieldsSchema,
        response: { 200: documentJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const row = await ownDocument(scope.workspaceId, request.params.id);
      await confirmReceipt(db, scope.workspaceId, row.id, request.body);
      return answer(scope.workspaceId, row.id);
    },
  );

  app.post(
    '/documents/confirm-sure',
    {
      schema: {
        tags: ['documents'],
        summary:
          'Confirm every receipt read as sure (recognition.sure) and not yet confirmed, as it was read',
        description:
          'The button "Alle sicher erkannten bestätigen": each such receipt gets its recognised fields as ' +
          'its confirmed booking. Receipts with an unsure field, a warning to decide or a confirmation of ' +
          'their own are left as they are.',
        response: { 200: z.object({ confirmed: z.number().int() }), ...errorResponses(401) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return { confirmed: await confirmSureReceipts(db, scope.workspaceId) };
    },
  );

  app.get(
    '/documents/:id/pages/:page',
    {
      schema: {
        tags: ['documents'],
        summary: 'A page of the receipt as a PNG picture, for the review beside its fields',
        params: pageParams,
        response: { 200: z.custom<Buffer>().describe('image/png'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const row = await ownDocument(scope.workspaceId, request.params.id);
      const [page] = await db
        .select({ image: documentPages.image })
        .from(documentPages)
        .where(and(eq(documentPages.documentId, row.id), eq(documentPages.page, request.params.page)));
      if (!page) throw pageNotFound();
      return reply
        .header('content-type', 'image/png')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(page.image));
    },
  );
};
