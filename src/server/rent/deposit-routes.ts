// A tenancy's deposit (docs/domain/deposits.md, ADR 0031): entered, and settled once after the move-out.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateInBerlin } from '../../shared/dates';
import { depositBody, depositJson, depositSettlementBody } from '../../shared/schemas/deposit';
import { pathYear } from '../../shared/schemas/year';
import { z } from '../../shared/schemas/zod';
import { errorResponses } from '../errors';
import { pdfFile } from '../http/files';
import { createThrottle } from '../http/throttle';
import { sendShortLetter } from '../pdf/render-budget';
import { requireScope } from '../workspaces/scope';
import { depositLetter, depositOf, depositYearLetter, saveDeposit, settleDeposit } from './deposits';
import { tenancyId } from './tenancy-id';

const idParams = z.object({ id: z.string().max(100) });

export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const letters = { throttle: createThrottle(db), renderer: app.pdfRenderer };
  const today = () => isoDateInBerlin(new Date());

  app.get(
    '/tenancies/:id/deposit',
    {
      schema: {
        tags: ['rent'],
        summary: 'The tenancy’s deposit with its interest, cap and instalments; null before one was entered',
        description:
          'After the move-out also what its settlement would start with (open rent, part kept back).',
        params: idParams,
        response: { 200: depositJson.nullable(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return depositOf(db, scope, tenancyId(request.params.id), today());
    },
  );

  app.put(
    '/tenancies/:id/deposit',
    {
      preValidation: async (request) => {
        await requireScope(request);
      },
      schema: {
        tags: ['rent'],
        summary:
          'Enter or change the deposit: amount (at most three months’ Kaltmiete), form, rate, payments',
        params: idParams,
        body: depositBody,
        response: { 200: depositJson, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return saveDeposit(db, scope, tenancyId(request.params.id), request.body, today());
    },
  );

  app.post(
    '/tenancies/:id/deposit/settlement',
    {
      preValidation: async (request) => {
        await requireScope(request);
      },
      schema: {
        tags: ['rent'],
        summary: 'Settle the deposit after the move-out (Kautionsabrechnung), once',
        description:
          'Deposit with interest to the move-out, less the rent open by the bank files, the claims given and ' +
          'the part kept back for the settlement not yet made (BGH VIII ZR 71/05); stored as made.',
        params: idParams,
        body: depositSettlementBody,
        response: { 200: depositJson, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return settleDeposit(db, scope, tenancyId(request.params.id), request.body, today());
    },
  );

  for (const [which, summary] of [
    [
      'settlement',
      'The Kautionsabrechnung as a letter to the tenant (DIN 5008; a GiroCode where he still owes)',
    ],
    [
      'release',
      'The part kept back settled against the move-out year’s final settlement, as a letter to the tenant',
    ],
  ] as const) {
    app.get(
      `/tenancies/:id/deposit/${which}.pdf`,
      {
        schema: {
          tags: ['rent'],
          summary,
          params: idParams,
          response: { 200: pdfFile, ...errorResponses(401, 403, 404, 429, 503) },
        },
      },
      async (request, reply) => {
        const scope = await requireScope(request);
        const id = tenancyId(request.params.id);
        const letter = await depositLetter(db, scope.workspaceId, id, which);
        return sendShortLetter(letters, reply, scope.workspaceId, letter);
      },
    );
  }

  app.get(
    '/tenancies/:id/deposit/statements/:year.pdf',
    {
      schema: {
        tags: ['rent'],
        summary:
          'The deposit’s yearly statement for the tenant: payments in, the year’s interest, the balance at its end',
        params: z.object({ id: z.string().max(100), year: pathYear }),
        response: { 200: pdfFile, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const { id, year } = request.params;
      const letter = await depositYearLetter(db, scope.workspaceId, tenancyId(id), year, today());
      return sendShortLetter(letters, reply, scope.workspaceId, letter);
    },
  );
};
