import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROPERTY_TYPE_KEYS } from '../../shared/catalog';
import { propertyInputSchema, propertyJson } from '../../shared/schemas/property';
import { z } from '../../shared/schemas/zod';
import { errorResponses } from '../errors';
import { isUuid } from '../http/ids';
import { createThrottle } from '../http/throttle';
import { countHouseWrites } from '../limits';
import { withinLimit } from '../workspaces/property-limit';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { createProperty } from './create-property';
import { deleteProperty } from './delete-property';
import { propertyNotFound } from './not-found';
import { presentProperty } from './present';
import { findProperty, listProperties } from './queries';
import { updateProperty } from './update-property';

const idParams = z.object({ id: z.string().describe('Property id (UUID); any other value answers 404') });
// Absent fields stay as they are; `type` has no default here, so leaving it out keeps the stored one.
const propertyPatch = propertyInputSchema.extend({ type: z.enum(PROPERTY_TYPE_KEYS) }).partial();

const INPUT_NOTE =
  'Numbers may be JSON numbers or German text ("1.234,5"). Messages are the German texts of spec §5. ' +
  'The address is stored structured (street, postalCode, city) and answered joined as `address`.';

/** /api/properties: the workspace's properties (Immobilien). Every query filters by the workspace. */
export const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  countHouseWrites(app, createThrottle(db));

  app.get(
    '/properties',
    {
      schema: {
        tags: ['properties'],
        summary: "The workspace's properties, newest first",
        response: { 200: z.array(propertyJson), ...errorResponses(401) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return withinLimit(scope, await listProperties(db, scope.workspaceId), (p) => p.id).map(
        presentProperty,
      );
    },
  );

  app.post(
    '/properties',
    {
      schema: {
        tags: ['properties'],
        summary: 'Create a property (type defaults to mehrfamilienhaus)',
        description: INPUT_NOTE,
        body: propertyInputSchema,
        response: { 201: propertyJson, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const row = await createProperty(db, scope.workspaceId, request.body);
      return reply.status(201).send(presentProperty(row));
    },
  );

  app.get(
    '/properties/:id',
    {
      schema: {
        tags: ['properties'],
        summary: 'One property of the workspace',
        params: idParams,
        response: { 200: propertyJson, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const row = isUuid(request.params.id)
        ? await findProperty(db, scope.workspaceId, request.params.id)
        : undefined;
      if (!row) throw propertyNotFound();
      return presentProperty(row);
    },
  );

  app.patch(
    '/properties/:id',
    {
      schema: {
        tags: ['properties'],
        summary: 'Change some or all fields of a property',
        description: INPUT_NOTE,
        params: idParams,
        body: propertyPatch,
        response: { 200: propertyJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const row = isUuid(request.params.id)
        ? await updateProperty(db, scope.workspaceId, request.params.id, request.body)
        : undefined;
      if (!row) throw propertyNotFound();
      return presentProperty(row);
    },
  );

  app.delete(
    '/properties/:id',
    {
      schema: {
        tags: ['properties'],
        summary:
          'Delete a property with its units, tenancies and draft settlements; statements and documents keep their data and lose the link; 409 while a final settlement exists',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const deleted =
        isUuid(request.params.id) && (await deleteProperty(db, scope.workspaceId, request.params.id));
      if (!deleted) throw propertyNotFound();
      return reply.status(204).send(null);
    },
  );
};
