import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settlementInputSchema } from '../../shared/schemas/settlement';
import { settlementJson, settlementSummaryJson } from '../../shared/schemas/settlement-json';
import { z } from '../../shared/schemas/zod';
import { requireUser } from '../auth/require-user';
import { isUuid, propertyNotFound } from '../properties/not-found';
import { settlementNotFound } from './messages';
import { presentSettlement } from './present';
import { findSettlement, listSettlements } from './queries';
import { settlementView } from './view';
import { createSettlement, deleteSettlement, updateSettlement } from './write-settlement';

const error = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
const idParams = z.object({ id: z.string().describe('UUID; any other value answers 404') });

const BODY_NOTE =
  'Costs are entered once for the building: amountCents (integer cents) and key area | units | mea | persons | ' +
  'consumption (with the building total and each tenancy’s reading) | direct (one tenancy). ' +
  'prepaymentsPaidCents replaces the agreed prepayments pro rata for the tenancies it names.';

/** Hausabrechnungen: a property's costs for a period, split over every tenancy. Every query filters by the user. */
export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  const present = async (row: Parameters<typeof presentSettlement>[0]) =>
    presentSettlement(row, await settlementView(db, row));

  app.get(
    '/settlements',
    {
      schema: {
        tags: ['settlements'],
        summary: "The user's settlements, newest first",
        response: { 200: z.array(settlementSummaryJson), 401: error },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return (await listSettlements(db, user.id)).map((row) => ({
        id: row.id,
        propertyId: row.propertyId,
        propertyName: row.propertyName,
        status: row.status,
        version: row.version,
        correctsId: row.correctsId,
        periodStart: row.periodStart,
        periodEnd: row.periodEnd,
        totalCostsCents: ((row.input as { costs?: { amountCents: number }[] }).costs ?? []).reduce(
          (s, c) => s + c.amountCents,
          0,
        ),
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
        response: { 201: settlementJson, 400: error, 401: error, 404: error },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      if (!isUuid(request.params.id)) throw propertyNotFound();
      const row = await createSettlement(db, user.id, request.params.id, request.body);
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
        response: { 200: settlementJson, 401: error, 404: error },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = isUuid(request.params.id)
        ? await findSettlement(db, user.id, request.params.id)
        : undefined;
      if (!row) throw settlementNotFound();
      return present(row);
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
        response: { 200: settlementJson, 400: error, 401: error, 404: error, 409: error },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!isUuid(request.params.id)) throw settlementNotFound();
      return present(await updateSettlement(db, user.id, request.params.id, request.body));
    },
  );

  app.delete(
    '/settlements/:id',
    {
      schema: {
        tags: ['settlements'],
        summary: 'Delete a draft; 409 once final',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), 401: error, 404: error, 409: error },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      if (!isUuid(request.params.id)) throw settlementNotFound();
      await deleteSettlement(db, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
