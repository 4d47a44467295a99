// After a final settlement: the § 560 prepayment proposal, its free letter and taking it over, and
// the next year's draft. Thin routes; the work is in prepayment-adjustment.ts and next-year.ts.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isIsoDate } from '../../shared/dates';
import { MAX_CENTS } from '../../shared/money';
import { proposalJson } from '../../shared/schemas/prepayment-proposal-json';
import { type SettlementJson, settlementJson } from '../../shared/schemas/settlement-json';
import { z } from '../../shared/schemas/zod';
import { errorResponses } from '../errors';
import { pdfFile } from '../http/files';
import { isUuid } from '../http/ids';
import { createThrottle } from '../http/throttle';
import { sendShortLetter } from '../pdf/render-budget';
import { propertyNotFound } from '../properties/not-found';
import { requireScope } from '../workspaces/scope';
import { letterNotFound, settlementNotFound } from './messages';
import { createNextYear } from './next-year';
import { acceptProposal, prepaymentLetter, prepaymentProposal } from './prepayment-adjustment';
import { ownedSettlement, type SettlementRow } from './queries';

const MONTHLY_MESSAGE = 'Bitte geben Sie die neue monatliche Vorauszahlung in Cent als ganze Zahl ab 0 ein.';
const monthlyCents = z.coerce
  .number({ error: MONTHLY_MESSAGE })
  .int(MONTHLY_MESSAGE)
  .min(0, MONTHLY_MESSAGE)
  .max(MAX_CENTS, MONTHLY_MESSAGE);
const receivedOn = z
  .string()
  .refine(isIsoDate, 'Bitte geben Sie das Zugangsdatum als Datum ein.')
  .optional()
  .describe('Expected receipt of the letter (ISO date); default: today + 4 days');
const adjustment = z.object({ monthlyCents, receivedOn });

const letterParams = z.object({
  id: z.string().describe('Settlement id (UUID)'),
  file: z.string().describe('The tenancy id followed by .pdf'),
});
const tenancyParams = z.object({ id: z.string(), tenancyId: z.string() });

export interface FollowUpOptions {
  present: (row: SettlementRow) => Promise<SettlementJson>;
}

export const followUpRoutes: FastifyPluginAsyncZod<FollowUpOptions> = async (app, { present }) => {
  const { db } = app.database;
  const throttle = createThrottle(db);

  app.get(
    '/settlements/:id/prepayment-proposal',
    {
      schema: {
        tags: ['settlements'],
        summary: '§ 560 Abs. 4 BGB: the proposed monthly prepayment of every tenant statement (final only)',
        description:
          'Per tenant statement: share ÷ 12 for a full year, a part year scaled to twelve months ' +
          '(share ÷ days × days of the year ÷ 12), rounded to whole euros, no surcharge. 409 while a draft.',
        params: z.object({ id: z.string() }),
        response: { 200: proposalJson, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return prepaymentProposal(db, await ownedSettlement(db, scope.workspaceId, request.params.id));
    },
  );

  app.get(
    '/settlements/:id/prepayment-letters/:file',
    {
      schema: {
        tags: ['settlements'],
        summary: 'The free letter "Anpassung der Betriebskostenvorauszahlung" for one tenant (PDF)',
        description: 'GET …/prepayment-letters/{tenancyId}.pdf?monthlyCents=…&receivedOn=…; no credit.',
        params: letterParams,
        querystring: adjustment,
        response: { 200: pdfFile, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const row = await ownedSettlement(db, scope.workspaceId, request.params.id);
      const tenancyId = request.params.file.replace(/\.pdf$/, '');
      if (!request.params.file.endsWith('.pdf') || !isUuid(tenancyId)) throw letterNotFound();
      const letter = await prepaymentLetter(db, row, tenancyId, request.query);
      return sendShortLetter({ throttle, renderer: app.pdfRenderer }, reply, scope.workspaceId, letter);
    },
  );

  app.post(
    '/settlements/:id/prepayment-proposal/:tenancyId/accept',
    {
      schema: {
        tags: ['settlements'],
        summary: 'Take a new monthly prepayment over into the tenancy from the month after receipt',
        description:
          'Adds (or updates) a change of the tenancy with from = first day of the month after receivedOn.',
        params: tenancyParams,
        body: adjustment,
        response: {
          200: z.object({ tenancyId: z.uuid(), from: z.string(), monthlyCents: z.number().int() }),
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const row = await ownedSettlement(db, scope.workspaceId, request.params.id);
      if (!isUuid(request.params.tenancyId)) throw letterNotFound();
      return acceptProposal(db, row, request.params.tenancyId, request.body);
    },
  );

  app.post(
    '/properties/:id/settlements/from/:sourceId',
    {
      schema: {
        tags: ['settlements'],
        summary: 'Start the next period’s draft from a settlement of the property',
        description:
          'The period moves one year; the same costs, keys and § 35a categories with amounts 0 and readings ' +
          'emptied; direct tenancies kept. The answer’s previousPeriod holds last year’s amounts.',
        params: z.object({ id: z.string(), sourceId: z.string() }),
        body: z.object({}).nullish(),
        response: { 201: settlementJson, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw propertyNotFound();
      if (!isUuid(request.params.sourceId)) throw settlementNotFound();
      const row = await createNextYear(db, scope.workspaceId, request.params.id, request.params.sourceId);
      return reply.status(201).send(await present(row));
    },
  );
};
