import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meterInputSchema, meterReadingInputSchema } from '../../shared/schemas/house';
import { meterJson, meterReadingJson } from '../../shared/schemas/settlement-json';
import { z } from '../../shared/schemas/zod';
import { unitNotFound } from '../buildings/messages';
import { findPropertyAddress } from '../buildings/queries';
import { errorResponses } from '../errors';
import { isUuid } from '../http/ids';
import { createThrottle } from '../http/throttle';
import { countHouseWrites } from '../limits';
import { propertyNotFound } from '../properties/not-found';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { listMeters } from './queries';
import { createMeter, deleteMeter, meterNotFound, recordReading, updateMeter } from './write';

const idParams = z.object({ id: z.string().describe('UUID; any other value answers 404') });

/** Meters of units and main meters of a property, with their readings (docs/domain/house.md). */
export const meterRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  countHouseWrites(app, createThrottle(db));

  app.get(
    '/properties/:id/meters',
    {
      schema: {
        tags: ['buildings'],
        summary: "The property's meters (unit meters and main meters) with their readings",
        params: idParams,
        response: { 200: z.array(meterJson), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const { id } = request.params;
      if (!isUuid(id) || !(await findPropertyAddress(db, scope.workspaceId, id))) throw propertyNotFound();
      return listMeters(db, scope.workspaceId, id);
    },
  );

  app.post(
    '/units/:id/meters',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Add a meter to a unit (cold or hot water, heat, electricity, gas) with its number',
        params: idParams,
        body: meterInputSchema,
        response: { 201: meterJson, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw unitNotFound();
      const meter = await createMeter(db, scope.workspaceId, { unitId: request.params.id }, request.body);
      return reply.status(201).send(meter);
    },
  );

  app.post(
    '/properties/:id/meters',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Add a main meter of the building',
        params: idParams,
        body: meterInputSchema,
        response: { 201: meterJson, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw propertyNotFound();
      const meter = await createMeter(db, scope.workspaceId, { propertyId: request.params.id }, request.body);
      return reply.status(201).send(meter);
    },
  );

  app.patch(
    '/meters/:id',
    {
      schema: {
        tags: ['buildings'],
        summary: "Change a meter's kind or number",
        params: idParams,
        body: meterInputSchema.partial(),
        response: { 200: meterJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw meterNotFound();
      return updateMeter(db, scope.workspaceId, request.params.id, request.body);
    },
  );

  app.delete(
    '/meters/:id',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Delete a meter and its readings',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw meterNotFound();
      await deleteMeter(db, scope.workspaceId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/meters/:id/readings',
    {
      schema: {
        tags: ['buildings'],
        summary:
          'Record a reading (a reading of the same day is replaced); a new meter names the one it replaced',
        params: idParams,
        body: meterReadingInputSchema,
        response: { 201: meterReadingJson, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw meterNotFound();
      return reply
        .status(201)
        .send(await recordReading(db, scope.workspaceId, request.params.id, request.body));
    },
  );
};
