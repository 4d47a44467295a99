import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateInBerlin } from '../../shared/dates';
import { settlementInputSchema } from '../../shared/schemas/settlement';
import { settlementJson, settlementSummaryJson } from '../../shared/schemas/settlement-json';
import { z } from '../../shared/schemas/zod';
import { LETTERS_PER_PREVIEW } from '../../shared/settlement-view/letter-view';
import { errorResponses } from '../errors';
import { pdfFile, sendDownload, zipFile } from '../http/files';
import { isUuid } from '../http/ids';
import { createThrottle } from '../http/throttle';
import { countHouseWrites } from '../limits';
import { spendPreview, spendRenders } from '../pdf/render-budget';
import { propertyNotFound } from '../properties/not-found';
import { withinLimit } from '../workspaces/property-limit';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { correctSettlement } from './correct-settlement';
import { costsFromDocuments } from './costs-from-documents';
import { finalizeSettlement, letterList } from './finalize';
import { followUpRoutes } from './follow-up-routes';
import { letterPdf, lettersPreviewPdf } from './letter-pdf';
import { settlementIsFinal, settlementNotFound } from './messages';
import { overviewPdf } from './overview-pdf';
import { pdfsZip } from './pdfs-zip';
import { presentSettlement } from './present';
import { findCorrection, listSettlements, ownedSettlement, type SettlementRow } from './queries';
import { freeLetters } from './reissue';
import { settlementView } from './view';
import {
  createSettlement,
  deleteSettlement,
  takePrepaymentsFromBank,
  updateSettlement,
} from './write-settlement';

const idParams = z.object({ id: z.string().describe('UUID; any other value answers 404') });
const letterParams = z.object({
  id: z.string().describe('Settlement id (UUID)'),
  tenancyId: z.string().describe('Tenancy id (UUID) of a tenant statement of the settlement'),
});

const BODY_NOTE =
  'Costs are entered once for the building: amountCents (integer cents) and key area | units | mea | persons | ' +
  'consumption (with the building total and each tenancy’s reading) | direct (one tenancy). ' +
  'prepaymentsPaidCents replaces the agreed prepayments pro rata for the tenancies it names.';

/** Hausabrechnungen: a property's costs for a period, split over every tenancy. Every query filters by the workspace. */
export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  const renderer = app.pdfRenderer;
  const throttle = createThrottle(db);
  countHouseWrites(app, throttle);

  const present = async (row: SettlementRow) => {
    const letters = row.status === 'final' ? await letterList(db, row.workspaceId, row.id) : [];
    const view = await settlementView(db, row);
    return presentSettlement(row, view, {
      letters: new Map(
        letters.map((l) => [
          l.tenancyId,
          { fileName: l.fileName, charged: l.charged, unchanged: l.unchanged },
        ]),
      ),
      correctedById: (await findCorrection(db, row.workspaceId, row.id))?.id ?? null,
      free:
        row.status === 'final'
          ? new Set()
          : (await freeLetters(db, row, view.snapshot, view.result, isoDateInBerlin(new Date()))).free,
    });
  };
  await app.register(followUpRoutes, { present });
  app.get(
    '/settlements',
    {
      schema: {
        tags: ['settlements'],
        summary: "The workspace's settlements, newest first",
        response: { 200: z.array(settlementSummaryJson), ...errorResponses(401) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const rows = withinLimit(scope, await listSettlements(db, scope.workspaceId), (r) => r.propertyId);
      return rows.map((row) => ({
        id: row.id,
        propertyId: row.propertyId,
        propertyName: row.propertyName,
        status: row.status,
        version: row.version,
        correctsId: row.correctsId,
        periodStart: row.periodStart,
        periodEnd: row.periodEnd,
        totalCostsCents: row.totalCostsCents,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
    },
  );

  app.post(
    '/properties/:id/settlements',
    {
      schema: {
        tags: ['settlements'],
        summary: 'Start a settlement of the property for a period of at most 12 months',
        description: BODY_NOTE,
        params: idParams,
        body: settlementInputSchema,
        response: { 201: settlementJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw propertyNotFound();
      const row = await createSettlement(db, scope.workspaceId, request.params.id, request.body);
      return reply.status(201).send(await present(row));
    },
  );

  app.get(
    '/settlements/:id',
    {
      schema: {
        tags: ['settlements'],
        summary: 'A settlement with every statement, the landlord’s part, the checks and warnings',
        description:
          'A draft is computed from the live units and tenancies; a final one from its frozen snapshot.',
        params: idParams,
        response: { 200: settlementJson, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return present(await ownedSettlement(db, scope.workspaceId, request.params.id));
    },
  );

  app.put(
    '/settlements/:id',
    {
      schema: {
        tags: ['settlements'],
        summary: 'Replace a draft’s period and costs; 409 once final',
        description: BODY_NOTE,
        params: idParams,
        body: settlementInputSchema,
        response: { 200: settlementJson, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw settlementNotFound();
      return present(await updateSettlement(db, scope.workspaceId, request.params.id, request.body));
    },
  );

  app.post(
    '/settlements/:id/prepayments-from-bank',
    {
      schema: {
        tags: ['settlements'],
        summary:
          'Take the prepayments paid according to the bank files as the paid ones of a draft; 409 once final',
        description:
          'Each tenant with payments in the bank files gets the prepayments they paid for the period (allocated ' +
          'by § 366 BGB) as paid; the others keep what was entered. Answers the settlement.',
        params: idParams,
        response: { 200: settlementJson, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw settlementNotFound();
      const row = await ownedSettlement(db, scope.workspaceId, request.params.id);
      if (row.status === 'final') throw settlementIsFinal();
      return present(await takePrepaymentsFromBank(db, row));
    },
  );

  app.post(
    '/settlements/:id/costs/from-documents',
    {
      schema: {
        tags: ['settlements'],
        summary: "Book receipts' confirmed lines into a draft's costs, the receipts attached; 409 once final",
        description:
          'Each line with a cost type extends the position of that name or opens one with its usual key; a ' +
          "service period crossing the settlement period contributes its days' share; a receipt already " +
          'attached to the position is not counted again. Heating and not allocatable lines are left out; ' +
          "a §35a labour share fills the position's labour part. Another workspace's ids: 404.",
        params: idParams,
        body: z.object({
          documentIds: z
            .array(z.uuid({ error: 'Ungültige ID.' }))
            .min(1)
            .max(200),
        }),
        response: { 200: settlementJson, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw settlementNotFound();
      return present(
        await costsFromDocuments(db, scope.workspaceId, request.params.id, request.body.documentIds),
      );
    },
  );

  app.delete(
    '/settlements/:id',
    {
      schema: {
        tags: ['settlements'],
        summary: 'Delete a draft; 409 once final',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw settlementNotFound();
      await deleteSettlement(db, scope.workspaceId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/settlements/:id/finalize',
    {
      schema: {
        tags: ['settlements'],
        summary:
          'Freeze a draft: one credit per tenant statement (re-issues of a correction are free), all or nothing',
        description:
          'Renders every tenant letter from one snapshot of the inputs, then spends the credits, stores the letters, ' +
          'the snapshot with its SHA-256 hash and the result in one transaction. 402 insufficient_credits and nothing ' +
          'spent when short; 409 settlement_blocked (with the errors as fields) while errors remain; 409 ' +
          'settlement_unconfirmed (fields: key → message) while a warning is not confirmed. Confirmed warnings are ' +
          'stored with the final version (confirmedWarnings). A settlement ' +
          'that is already final is answered as it is, so a repeated request spends nothing.',
        params: idParams,
        body: z
          .object({
            confirmedWarnings: z
              .array(z.string().max(300))
              .max(500)
              .default([])
              .describe(
                'Keys `code@path` of the warnings the landlord has checked (every warning needs one)',
              ),
          })
          .nullish(),
        response: { 200: settlementJson, ...errorResponses(401, 402, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw settlementNotFound();
      return present(
        await finalizeSettlement(
          {
            db,
            renderer,
            log: request.log,
            spendRenders: (renders) => spendRenders(throttle, reply, scope.workspaceId, renders),
          },
          { ...scope, userName: scope.user.fullName || scope.user.email },
          request.params.id,
          request.body?.confirmedWarnings ?? [],
        ),
      );
    },
  );

  app.get(
    '/settlements/:id/statements/:tenancyId/pdf',
    {
      schema: {
        tags: ['settlements'],
        summary:
          'A tenant statement: the free preview (VORSCHAU) while a draft, the stored final PDF once final',
        params: letterParams,
        response: { 200: pdfFile, ...errorResponses(401, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const row = await ownedSettlement(db, scope.workspaceId, request.params.id);
      const letter = await letterPdf(
        { db, renderer, spendRenders: () => spendPreview(throttle, reply, scope.workspaceId) },
        row,
        request.params.tenancyId,
      );
      return sendDownload(reply, 'application/pdf', letter.fileName, letter.content);
    },
  );

  app.get(
    '/settlements/:id/letters.pdf',
    {
      schema: {
        tags: ['settlements'],
        summary: "A draft's tenant letters one after another in one free preview (VORSCHAU)",
        description:
          `To read every letter in one go: at most ${LETTERS_PER_PREVIEW} letters per document, \`part\` 2 the ` +
          'next ones, in the order of the final archive. Each letter counts as one rendering. A final ' +
          'settlement answers 409: its letters are served as stored, singly and as a ZIP.',
        params: idParams,
        querystring: z.object({
          part: z.coerce
            .number({ error: 'Ungültiger Teil.' })
            .int('Ungültiger Teil.')
            .min(1)
            .max(100)
            .default(1),
        }),
        response: { 200: pdfFile, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const row = await ownedSettlement(db, scope.workspaceId, request.params.id);
      const letters = await lettersPreviewPdf(
        {
          db,
          renderer,
          spendRenders: (renders) => spendPreview(throttle, reply, scope.workspaceId, renders),
        },
        row,
        request.query.part,
      );
      return sendDownload(reply, 'application/pdf', letters.fileName, letters.content);
    },
  );

  app.get(
    '/settlements/:id/overview.pdf',
    {
      schema: {
        tags: ['settlements'],
        summary: 'The landlord’s overview: every party’s share of every cost, with sums and checks (free)',
        params: idParams,
        response: { 200: pdfFile, ...errorResponses(401, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const row = await ownedSettlement(db, scope.workspaceId, request.params.id);
      const overview = await overviewPdf(
        { db, renderer, spendRenders: () => spendPreview(throttle, reply, scope.workspaceId) },
        row,
      );
      return sendDownload(reply, 'application/pdf', overview.fileName, overview.content);
    },
  );

  app.get(
    '/settlements/:id/pdfs.zip',
    {
      schema: {
        tags: ['settlements'],
        summary: 'Every final tenant statement and the overview as one ZIP archive (409 while a draft)',
        params: idParams,
        response: { 200: zipFile, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const row = await ownedSettlement(db, scope.workspaceId, request.params.id);
      const zip = await pdfsZip(
        {
          db,
          renderer,
          spendRenders: (renders) => spendRenders(throttle, reply, scope.workspaceId, renders),
        },
        row,
      );
      return sendDownload(reply, 'application/zip', zip.fileName, zip.content);
    },
  );

  app.post(
    '/settlements/:id/correction',
    {
      schema: {
        tags: ['settlements'],
        summary: 'Start a correction of a final settlement: a new draft version linked to it',
        description:
          'The final settlement stays as it is. Finalizing the correction re-issues the letters as "Korrektur"; ' +
          'a tenancy that had a final letter for the same period costs no credit again.',
        params: idParams,
        body: z.object({}).nullish(),
        response: { 201: settlementJson, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw settlementNotFound();
      const row = await correctSettlement(db, scope.workspaceId, request.params.id);
      return reply.status(201).send(await present(row));
    },
  );
};
