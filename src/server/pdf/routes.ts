import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateInBerlin } from '../../shared/dates';
import { completeStatementFormSchema } from '../../shared/schemas/statement-form';
import { archivedPdfJson } from '../../shared/schemas/statement-json';
import { z } from '../../shared/schemas/zod';
import { statementFileName } from '../../shared/statement';
import { requireUser } from '../auth/require-user';
import { AppError, errorResponses } from '../errors';
import { contentDisposition } from '../http/content-disposition';
import { isUuid } from '../http/ids';
import { clientAddressKey, enforceRateLimit } from '../http/rate-limit';
import { createThrottle, type ThrottleRule } from '../http/throttle';
import { generateStatementPdf, statementNotFound } from './generate-pdf';
import { latestArchivedPdf, listArchivedPdfs, ownsStatement } from './queries';
import { PREVIEW_RATE_LIMIT, spendPreview, spendRenders } from './render-budget';

const idParams = z.object({ id: z.string().describe('Statement id (UUID); any other value answers 404') });

const generateBody = z.object({
  formData: completeStatementFormSchema,
  isPreview: z.boolean(),
  statementId: z.string().max(100).optional().describe('A saved statement of the user'),
  confirmedWarnings: z
    .array(z.string().max(200))
    .max(1000)
    .optional()
    .describe(
      "The keys 'code@path' of the warnings the landlord has checked (see warnings of GET /api/statements/{id})",
    ),
});

const pdfFile = z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('The PDF (application/pdf)');

/**
 * The landing page's preview without an account, per client address. Anonymous previews also share
 * one budget across all addresses, so that visitors can never crowd paying landlords out of the PDF
 * queue; each address is one owner there, taking turns with the accounts.
 */
export const PUBLIC_PREVIEW_RATE_LIMIT = { window: 60 * 60, max: 20 } as const satisfies ThrottleRule;
export const PUBLIC_PREVIEW_TOTAL_LIMIT = { window: 60, max: 30 } as const satisfies ThrottleRule;
/** A landing statement is a few KB; the authenticated routes allow 1 MB. */
export const PUBLIC_PREVIEW_BODY_LIMIT = 64 * 1024;

const publicPreviewBody = z.object({ formData: completeStatementFormSchema });

const tooManyPublicPreviews = () =>
  new AppError(
    'pdf_too_many',
    429,
    'Es werden gerade zu viele Vorschauen von Ihrem Anschluss erstellt. Bitte versuchen Sie es gleich noch einmal.',
  );

const noArchivedPdf = () =>
  new AppError('not_found', 404, 'Für diese Abrechnung gibt es noch keine finale PDF.');

/** The statement PDF (spec §7 generate-pdf) and the archive of final PDFs. */
export const pdfRoutes: FastifyPluginAsyncZod = async (app) => {
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
          'with X-Correction: free. A final PDF needs every warning of the checks (domain.md §6, as the statement ' +
          "answers them) confirmed in confirmedWarnings by its key 'code@path', else 409 statement_unconfirmed " +
          '(fields: key → message); they are archived with the PDF. 429 with Retry-After beyond ' +
          `${PREVIEW_RATE_LIMIT.max} previews in ${PREVIEW_RATE_LIMIT.window / 60} minutes, or while the ` +
          'account already has several PDFs waiting to be rendered (they are rendered in turns with other accounts).',
        body: generateBody,
        response: { 200: pdfFile, ...errorResponses(400, 401, 402, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { formData, isPreview, statementId, confirmedWarnings } = request.body;
      // a final PDF is counted too: a refused one (no credit, a warning) may have been drawn first
      if (isPreview) await spendPreview(throttle, reply, user.id);
      else await spendRenders(throttle, reply, user.id, 1);
      const result = await generateStatementPdf(
        { db, renderer },
        { userId: user.id, formData, isPreview, statementId, confirmedWarnings },
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

  app.post(
    '/public/statement-preview',
    {
      bodyLimit: PUBLIC_PREVIEW_BODY_LIMIT,
      // counted before the body is even read, so refused requests cost next to nothing
      onRequest: (request, reply) =>
        enforceRateLimit(
          throttle,
          reply,
          `pdf-preview-public:${clientAddressKey(request.ip)}`,
          PUBLIC_PREVIEW_RATE_LIMIT,
        ),
      schema: {
        tags: ['pdf'],
        summary: "The landing wizard's free preview (VORSCHAU watermark) without an account",
        description:
          'Public: renders the watermarked preview from the posted form data, which must pass the same ' +
          'rules as POST /api/statements/pdf (400 with field messages). Nothing is stored. Like every POST it ' +
          `must come from our own pages (Origin). Body at most ${PUBLIC_PREVIEW_BODY_LIMIT / 1024} KB (413). ` +
          `429 with Retry-After beyond ${PUBLIC_PREVIEW_RATE_LIMIT.max} previews per hour from one address, or ` +
          `beyond ${PUBLIC_PREVIEW_TOTAL_LIMIT.max} per minute from all visitors together.`,
        body: publicPreviewBody,
        response: { 200: pdfFile, ...errorResponses(400, 403, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      const { formData } = request.body;
      await enforceRateLimit(throttle, reply, 'pdf-preview-public', PUBLIC_PREVIEW_TOTAL_LIMIT);
      const pdf = await renderer
        .render(
          { kind: 'statement', formData, today: isoDateInBerlin(new Date()), preview: true },
          `public:${clientAddressKey(request.ip)}`,
        )
        .catch((failure: unknown) => {
          // the queue's refusal speaks of "Ihr Konto", which a visitor does not have
          if (failure instanceof AppError && failure.code === 'pdf_too_many') throw tooManyPublicPreviews();
          throw failure;
        });
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', statementFileName(formData, true)))
        .header('cache-control', 'no-store');
      return reply.send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );

  app.get(
    '/statements/:id/pdfs',
    {
      schema: {
        tags: ['pdf'],
        summary: "The statement's archived final PDFs, newest first (404 for another user's statement)",
        params: idParams,
        response: { 200: z.array(archivedPdfJson), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { id } = request.params;
      if (!isUuid(id)) throw statementNotFound();
      const rows = await listArchivedPdfs(db, user.id, id);
      if (rows.length === 0 && !(await ownsStatement(db, user.id, id))) throw statementNotFound();
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
      const user = await requireUser(request);
      const { id } = request.params;
      const found = isUuid(id) ? await latestArchivedPdf(db, user.id, id) : undefined;
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
