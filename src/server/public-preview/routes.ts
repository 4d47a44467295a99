// The landing page's watermarked preview for a visitor without an account: nothing is stored.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateInBerlin } from '../../shared/dates';
import { completeStatementFormSchema } from '../../shared/schemas/statement-form';
import { z } from '../../shared/schemas/zod';
import { statementFileName } from '../../shared/statement';
import { AppError, errorResponses } from '../errors';
import { contentDisposition } from '../http/content-disposition';
import { pdfFile } from '../http/files';
import { clientAddressKey, enforceRateLimit } from '../http/rate-limit';
import { createThrottle, type ThrottleRule } from '../http/throttle';

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

export const publicPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const renderer = app.pdfRenderer;
  const throttle = createThrottle(app.database.db);

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
};
