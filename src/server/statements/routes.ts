import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STATEMENT_STATUS_VALUES } from '../../shared/catalog';
import { statementInputSchema } from '../../shared/schemas/statement';
import { statementFormSchema } from '../../shared/schemas/statement-form';
import { statementJson, statementSummaryJson } from '../../shared/schemas/statement-json';
import { z } from '../../shared/schemas/zod';
import { AppError, errorResponses } from '../errors';
import { isUuid } from '../http/ids';
import { enforceRateLimit, WRITE_RATE_LIMITS } from '../http/rate-limit';
import { createThrottle } from '../http/throttle';
import { withinLimit } from '../workspaces/property-limit';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { copyStatement } from './copy-statement';
import { createStatement } from './create-statement';
import { deleteStatement } from './delete-statement';
import { statementNotFound } from './messages';
import { presentStatement, presentSummary } from './present';
import { findStatement, listStatements } from './queries';
import { updateStatement } from './update-statement';

const idParams = z.object({ id: z.string().describe('Statement id (UUID); any other value answers 404') });

const statementPatch = z.object({
  propertyId: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  title: z.string().trim().min(1, 'Pflichtfeld').max(200, 'Höchstens 200 Zeichen erlaubt.').optional(),
  status: z.enum(STATEMENT_STATUS_VALUES).optional(),
  formData: statementFormSchema.optional(),
});

const VALIDATION_NOTE =
  'A draft (status Entwurf) may be incomplete: only malformed values are refused (amounts in German ' +
  'or plain notation, ISO dates, end not before start, valid IBAN/BIC). Any other status requires the ' +
  "wizard's rules of spec §5 (steps 1 and 2) and answers 400 code `incomplete` with the field messages. " +
  'Amounts are sent in euros ("1.234,56" or 1234.56) and stored and answered as integer cents. ' +
  "propertyId defaults to formData.selectedPropertyId and must be one of the workspace's properties.";

/** /api/statements: the workspace's statements (Abrechnungen). Every query filters by the workspace. */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  const throttle = createThrottle(db);

  app.get(
    '/statements',
    {
      schema: {
        tags: ['statements'],
        summary: "The workspace's statements without form data, newest first",
        response: { 200: z.array(statementSummaryJson), ...errorResponses(401) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const rows = await listStatements(app.database, scope.workspaceId);
      return withinLimit(scope, rows, (r) => r.propertyId).map(presentSummary);
    },
  );

  app.post(
    '/statements',
    {
      schema: {
        tags: ['statements'],
        summary: "Create a statement; title defaults to 'Abrechnung für {tenant name}', status to Entwurf",
        description: VALIDATION_NOTE,
        body: statementInputSchema,
        response: { 201: statementJson, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const id = await createStatement(db, scope.workspaceId, request.body);
      const row = await findStatement(db, scope.workspaceId, id);
      if (!row) throw statementNotFound();
      return reply.status(201).send(presentStatement(row));
    },
  );

  app.get(
    '/statements/:id',
    {
      schema: {
        tags: ['statements'],
        summary: 'One statement of the workspace with its form data',
        params: idParams,
        response: { 200: statementJson, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const row = isUuid(request.params.id)
        ? await findStatement(db, scope.workspaceId, request.params.id)
        : undefined;
      if (!row) throw statementNotFound();
      return presentStatement(row);
    },
  );

  app.patch(
    '/statements/:id',
    {
      schema: {
        tags: ['statements'],
        summary: 'Change form data, status, title or property link',
        description:
          `${VALIDATION_NOTE} Absent fields stay as they are. The status may move freely between ` +
          'Entwurf, Erstellt, Versendet and Beglichen (the wizard saves with Entwurf). Without a title, ' +
          'a title that is the default for the old tenant name follows the new one.',
        params: idParams,
        body: statementPatch,
        response: { 200: statementJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const { id } = request.params;
      const updated = isUuid(id) && (await updateStatement(db, scope.workspaceId, id, request.body));
      const row = updated ? await findStatement(db, scope.workspaceId, id) : undefined;
      if (!row) throw statementNotFound();
      return presentStatement(row);
    },
  );

  app.delete(
    '/statements/:id',
    {
      schema: {
        tags: ['statements'],
        summary: 'Delete a statement',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const deleted =
        isUuid(request.params.id) && (await deleteStatement(db, scope.workspaceId, request.params.id));
      if (!deleted) throw statementNotFound();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/statements/:id/copy',
    {
      schema: {
        tags: ['statements'],
        summary: "Copy a statement as a draft titled 'Kopie von …'",
        description:
          'The title is shortened to 200 characters (ending in …) when the prefix would make it longer. ' +
          `429 with Retry-After beyond ${WRITE_RATE_LIMITS.statementCopy.max} copies in ${WRITE_RATE_LIMITS.statementCopy.window / 60} minutes.`,
        params: idParams,
        response: { 201: statementJson, ...errorResponses(401, 404, 429) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      await enforceRateLimit(
        throttle,
        reply,
        `statement-copy:${scope.workspaceId}`,
        WRITE_RATE_LIMITS.statementCopy,
      );
      const copyId = isUuid(request.params.id)
        ? await copyStatement(db, scope.workspaceId, request.params.id)
        : undefined;
      const row = copyId ? await findStatement(db, scope.workspaceId, copyId) : undefined;
      if (!row) throw new AppError('not_found', 404, 'Originalabrechnung nicht gefunden.');
      return reply.status(201).send(presentStatement(row));
    },
  );
};
