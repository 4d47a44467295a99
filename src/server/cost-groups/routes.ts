import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { costGroupInputSchema } from '../../shared/schemas/house';
import { costGroupJson } from '../../shared/schemas/settlement-json';
import { z } from '../../shared/schemas/zod';
import { findPropertyAddress } from '../buildings/queries';
import { errorResponses } from '../errors';
import { isUuid } from '../http/ids';
import { createThrottle } from '../http/throttle';
import { countHouseWrites } from '../limits';
import { propertyNotFound } from '../properties/not-found';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { listCostGroups } from './queries';
import { costGroupNotFound, createCostGroup, deleteCostGroup, updateCostGroup } from './write';

const idParams = z.object({ id: z.string().describe('UUID; any other value answers 404') });

/** Cost groups (Abrechnungskreise): named groups of a property's units that share a cost. */
export const costGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  countHouseWrites(app, createThrottle(db));

  app.get(
    '/properties/:id/cost-groups',
    {
      schema: {
        tags: ['buildings'],
        summary: "The property's cost groups with their units",
        params: idParams,
        response: { 200: z.array(costGroupJson), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const { id } = request.params;
      if (!isUuid(id) || !(await findPropertyAddress(db, scope.workspaceId, id))) throw propertyNotFound();
      return listCostGroups(db, scope.workspaceId, id);
    },
  );

  app.post(
    '/properties/:id/cost-groups',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Add a cost group: a name and the units that share its costs',
        params: idParams,
        body: costGroupInputSchema,
        response: { 201: costGroupJson, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw propertyNotFound();
      return reply
        .status(201)
        .send(await createCostGroup(db, scope.workspaceId, request.params.id, request.body));
    },
  );

  app.patch(
    '/cost-groups/:id',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Rename a cost group or change its units',
        params: idParams,
        body: costGroupInputSchema.partial(),
        response: { 200: costGroupJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw costGroupNotFound();
      return updateCostGroup(db, scope.workspaceId, request.params.id, request.body);
    },
  );

  app.delete(
    '/cost-groups/:id',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Delete a cost group; a draft naming it must choose again before it is finalized',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw costGroupNotFound();
      await deleteCostGroup(db, scope.workspaceId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
