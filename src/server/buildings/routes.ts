import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenancyInputSchema, unitInputSchema } from '../../shared/schemas/house';
import { tenancyJson, unitJson } from '../../shared/schemas/settlement-json';
import { z } from '../../shared/schemas/zod';
import { parseOrThrow } from '../documents/metadata';
import { errorResponses } from '../errors';
import { isUuid } from '../http/ids';
import { createThrottle } from '../http/throttle';
import { countHouseWrites } from '../limits';
import { propertyNotFound } from '../properties/not-found';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { tenancyNotFound, unitNotFound } from './messages';
import { presentTenancy, presentUnit } from './present';
import { findPropertyAddress, findTenancy, listTenancies, listUnits } from './queries';
import { createTenancies, createTenancy, deleteTenancy, updateTenancy } from './write-tenancy';
import { createUnit, createUnits, deleteUnit, updateUnit } from './write-unit';

const idParams = z.object({ id: z.string().describe('UUID; any other value answers 404') });
// PATCH takes any subset of the fields; the merged tenancy is then checked as a whole
const tenancyPatch = z.record(z.string(), z.unknown());

/** Units (Einheiten) of a property and tenancies (Mietverhältnisse) of a unit. Every query filters by the workspace. */
export const buildingRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  countHouseWrites(app, createThrottle(db));

  const ownProperty = async (workspaceId: string, id: string) => {
    if (!isUuid(id) || !(await findPropertyAddress(db, workspaceId, id))) throw propertyNotFound();
  };

  app.get(
    '/properties/:id/units',
    {
      schema: {
        tags: ['buildings'],
        summary: "The property's units by floor (cellar to attic) and label",
        params: idParams,
        response: { 200: z.array(unitJson), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      await ownProperty(scope.workspaceId, request.params.id);
      return (await listUnits(db, scope.workspaceId, request.params.id)).map(presentUnit);
    },
  );

  app.post(
    '/properties/:id/units',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Add a unit (label, living area m², optional Miteigentumsanteil, floor, note)',
        params: idParams,
        body: unitInputSchema,
        response: { 201: unitJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      await ownProperty(scope.workspaceId, request.params.id);
      const row = await createUnit(db, scope.workspaceId, request.params.id, request.body);
      return reply.status(201).send(presentUnit(row));
    },
  );

  app.post(
    '/properties/:id/units/batch',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Add several units at once (a table pasted from a spreadsheet): all or none',
        params: idParams,
        body: z.object({
          units: z.array(unitInputSchema).min(1, 'Bitte fügen Sie mindestens eine Einheit ein.').max(100),
        }),
        response: { 201: z.object({ units: z.array(unitJson) }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      await ownProperty(scope.workspaceId, request.params.id);
      const rows = await createUnits(db, scope.workspaceId, request.params.id, request.body.units);
      return reply.status(201).send({ units: rows.map(presentUnit) });
    },
  );

  app.patch(
    '/units/:id',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Change some fields of a unit',
        params: idParams,
        body: unitInputSchema.partial(),
        response: { 200: unitJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const row = isUuid(request.params.id)
        ? await updateUnit(db, scope.workspaceId, request.params.id, request.body)
        : undefined;
      if (!row) throw unitNotFound();
      return presentUnit(row);
    },
  );

  app.delete(
    '/units/:id',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Delete a unit; 409 while a tenancy refers to it',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id) || !(await deleteUnit(db, scope.workspaceId, request.params.id)))
        throw unitNotFound();
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/properties/:id/tenancies',
    {
      schema: {
        tags: ['buildings'],
        summary: "Every tenancy of the property's units, by unit and start",
        params: idParams,
        response: { 200: z.array(tenancyJson), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      await ownProperty(scope.workspaceId, request.params.id);
      return (await listTenancies(db, scope.workspaceId, request.params.id)).map(presentTenancy);
    },
  );

  app.post(
    '/properties/:id/tenancies/batch',
    {
      schema: {
        tags: ['buildings'],
        summary: "Add several tenancies of the property's units at once (a pasted tenant list): all or none",
        description:
          'Each row is a tenancy as POST /units/{id}/tenancies takes it, with its `unitId`. A row that cannot ' +
          'be taken answers with its number ("Zeile 3: …") and its field (`tenancies.2.start`); nothing is stored.',
        params: idParams,
        body: z.object({
          tenancies: z
            .array(tenancyInputSchema.and(z.object({ unitId: z.string().max(100) })))
            .min(1, 'Bitte fügen Sie mindestens ein Mietverhältnis ein.')
            .max(100, 'Höchstens 100 Mietverhältnisse auf einmal.'),
        }),
        response: {
          201: z.object({ tenancies: z.array(tenancyJson) }),
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      await ownProperty(scope.workspaceId, request.params.id);
      const rows = await createTenancies(db, scope.workspaceId, request.params.id, request.body.tenancies);
      return reply.status(201).send({ tenancies: rows.map(presentTenancy) });
    },
  );

  app.post(
    '/units/:id/tenancies',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Add a tenancy or own use to a unit; 409 when it shares a day with another',
        description:
          'An empty delivery address (street and city) defaults to the property address with the unit label. ' +
          '`changes` list new persons and/or prepayments from a date on.',
        params: idParams,
        body: tenancyInputSchema,
        response: { 201: tenancyJson, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw unitNotFound();
      const row = await createTenancy(db, scope.workspaceId, request.params.id, request.body);
      return reply.status(201).send(presentTenancy(row));
    },
  );

  app.patch(
    '/tenancies/:id',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Change some fields of a tenancy (the same fields as POST); 409 on overlap',
        params: idParams,
        body: tenancyPatch,
        response: { 200: tenancyJson, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const current = isUuid(request.params.id)
        ? await findTenancy(db, scope.workspaceId, request.params.id)
        : undefined;
      if (!current) throw tenancyNotFound();
      const { id: _id, unitId: _unitId, ...record } = presentTenancy(current);
      const input = parseOrThrow(tenancyInputSchema, { ...record, ...request.body });
      return presentTenancy(await updateTenancy(db, scope.workspaceId, current.id, input));
    },
  );

  app.delete(
    '/tenancies/:id',
    {
      schema: {
        tags: ['buildings'],
        summary: 'Delete a tenancy; 409 once a final settlement holds a statement for it',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id) || !(await deleteTenancy(db, scope.workspaceId, request.params.id)))
        throw tenancyNotFound();
      return reply.status(204).send(null);
    },
  );
};
