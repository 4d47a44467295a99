import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { archivedPdfJson } from '../../shared/schemas/statement-json';
import { z } from '../../shared/schemas/zod';
import { AppError, errorResponses } from '../errors';
import { contentDisposition } from '../http/content-disposition';
import { pdfFile } from '../http/files';
import { isUuid } from '../http/ids';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { statementNotFound } from './messages';
import { latestArchivedPdf, listArchivedPdfs, ownsStatement } from './pdf-archive';

const idParams = z.object({ id: z.string().describe('Statement id (UUID); any other value answers 404') });

const noArchivedPdf = () =>
  new AppError('not_found', 404, 'Für diese Abrechnung gibt es noch keine finale PDF.');

/** A single statement's archive of final PDFs: listed and downloaded again without a credit. */
export const statementArchiveRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;

  app.get(
    '/statements/:id/pdfs',
    {
      schema: {
        tags: ['pdf'],
        summary: "The statement's archived final PDFs, newest first (404 for another workspace's statement)",
        params: idParams,
        response: { 200: z.array(archivedPdfJson), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const { id } = request.params;
      if (!isUuid(id)) throw statementNotFound();
      const rows = await listArchivedPdfs(db, scope.workspaceId, id);
      if (rows.length === 0 && !(await ownsStatement(db, scope.workspaceId, id))) throw statementNotFound();
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  );

  app.get(
    '/statements/:id/pdf',
    {
      schema: {
        tags: ['pdf'],
        summary: 'Download the newest archived final PDF again, without another credit',
        params: idParams,
        response: { 200: pdfFile, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const { id } = request.params;
      const found = isUuid(id) ? await latestArchivedPdf(db, scope.workspaceId, id) : undefined;
      if (!found) throw noArchivedPdf();
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', found.fileName))
        .header('cache-control', 'private, no-store');
      return reply.send(
        Buffer.from(found.content.buffer, found.content.byteOffset, found.content.byteLength),
      );
    },
  );
};
