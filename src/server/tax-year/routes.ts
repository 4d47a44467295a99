import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxYearJson } from '../../shared/schemas/tax-year';
import { z } from '../../shared/schemas/zod';
import { errorResponses } from '../errors';
import { isUuid } from '../http/ids';
import { propertyNotFound } from '../properties/not-found';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { taxYearOf } from './income';

const params = z.object({
  id: z.string().max(100),
  year: z.coerce
    .number({ error: 'Bitte geben Sie ein Jahr an.' })
    .int('Bitte geben Sie ein Jahr an.')
    .min(2000, 'Bitte wählen Sie ein Jahr ab 2000.')
    .max(2100, 'Bitte wählen Sie ein Jahr bis 2100.'),
});

/** A property's tax year: so far its income from the bank files. */
export const taxYearRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  app.get(
    '/properties/:id/tax-years/:year',
    {
      schema: {
        tags: ['tax-year'],
        summary: 'A property’s tax year: the income figures of the Anlage V, each with its bank lines',
        description:
          'Income by Zufluss (§ 11 EStG) with the 10-day rule around New Year; the split into Kaltmiete and ' +
          'Umlagen as the tenancy’s account allocated each payment (§ 366 BGB).',
        params,
        response: { 200: taxYearJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw propertyNotFound();
      return taxYearOf(db, scope.workspaceId, request.params.id, request.params.year);
    },
  );
};
