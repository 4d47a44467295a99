import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceArrearsJson } from '../../shared/schemas/late-rent';
import { z } from '../../shared/schemas/zod';
import { errorResponses } from '../errors';
import { requireMember } from '../workspaces/scope';
import { workspaceArrears } from './workspace-arrears';

const params = z.object({ id: z.string().max(100).describe('Workspace id') });
const query = z.object({
  graceDays: z.coerce
    .number()
    .int('Bitte geben Sie ganze Tage an.')
    .min(0, 'Bitte geben Sie 0 bis 10 Tage an.')
    .max(10, 'Bitte geben Sie 0 bis 10 Tage an.')
    .default(3)
    .describe('Days after the due day a booking still counts as on time (the bank’s booking lag)'),
});

/** Rent across the workspace: who owes what since when, with the interest (docs/domain/late-rent.md). */
export const rentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/workspaces/:id/arrears',
    {
      preValidation: async (request) => {
        await requireMember(request, (request.params as { id: string }).id, 'read');
      },
      schema: {
        tags: ['rent'],
        summary: 'Who owes rent since when, with the default interest, across the workspace (bank files)',
        description:
          'Due by the 3rd Werktag (§ 556b BGB), late after the grace days; interest by the day at 5 points over ' +
          'the Basiszinssatz (9 for a commercial unit, § 288 BGB) up to the bank files’ last day.',
        params,
        querystring: query,
        response: { 200: workspaceArrearsJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireMember(request, request.params.id, 'read');
      return workspaceArrears(db, scope, request.query.graceDays);
    },
  );
};
