import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { completeStatementFormSchema } from '../../shared/schemas/statement-form';
import { z } from '../../shared/schemas/zod';
import { errorResponses } from '../errors';
import { contentDisposition } from '../http/content-disposition';
import { pdfFile } from '../http/files';
import { createThrottle } from '../http/throttle';
import { PREVIEW_RATE_LIMIT, spendPreview, spendRenders } from '../pdf/render-budget';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { generateStatementPdf } from './generate-pdf';

const generateBody = z.object({
  formData: completeStatementFormSchema,
  isPreview: z.boolean(),
  statementId: z.string().max(100).optional().describe('A saved statement of the workspace'),
  confirmedWarnings: z
    .array(z.string().max(200))
    .max(1000)
    .optional()
    .describe(
      "The keys 'code@path' of the warnings the landlord has checked (see warnings of GET /api/statements/{id})",
    ),
});

/** The single statement as a PDF (spec §7 generate-pdf): a free preview or a final PDF for a credit. */
export const statementPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  const renderer = app.pdfRenderer;
  const throttle = createThrottle(db);

  app.post(
    '/statements/pdf',
    {
      schema: {
        tags: ['pdf'],
        summary: 'The statement as an A4 PDF: a free preview (VORSCHAU) or a final PDF for one credit',
        description:
          'Answers application/pdf as an attachment named per spec §7 (filename* in UTF-8). The form data ' +
          'must pass the wizard rules (400 with field messages). A final PDF takes one credit (402 ' +
          'insufficient_credits without one); with statementId it is archived with that statement, which ' +
          'then stores the printed form data and the status Erstellt. A final PDF of a saved statement that ' +
          'already has one for the same tenant and period is a correction: free, titled "Korrektur", answered ' +
          'with X-Correction: free. A final PDF needs every warning of the checks (docs/domain/checks.md, as the statement ' +
          "answers them) confirmed in confirmedWarnings by its key 'code@path', else 409 statement_unconfirmed " +
          '(fields: key → message); they are archived with the PDF. 429 with Retry-After beyond ' +
          `${PREVIEW_RATE_LIMIT.max} previews in ${PREVIEW_RATE_LIMIT.window / 60} minutes, or while the ` +
          'account already has several PDFs waiting to be rendered (they are rendered in turns with other accounts).',
        body: generateBody,
        response: { 200: pdfFile, ...errorResponses(400, 401, 402, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const { formData, isPreview, statementId, confirmedWarnings } = request.body;
      // a final PDF is counted too: a refused one (no credit, a warning) may have been drawn first
      if (isPreview) await spendPreview(throttle, reply, scope.workspaceId);
      else await spendRenders(throttle, reply, scope.workspaceId, 1);
      const result = await generateStatementPdf(
        { db, renderer },
        {
          workspaceId: scope.workspaceId,
          userId: scope.userId,
          formData,
          isPreview,
          statementId,
          confirmedWarnings,
        },
      );
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', result.fileName))
        .header('cache-control', 'no-store');
      if (result.credits !== undefined) reply.header('x-credits-remaining', String(result.credits));
      if (result.correction) reply.header('x-correction', 'free');
      return reply.send(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
    },
  );
};
