import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deadlinesJson } from '../../shared/schemas/deadlines-json';
import { errorResponses } from '../errors';
import { withinLimit } from '../workspaces/property-limit';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { listDeadlines } from './list-deadlines';

/** The §556(3) deadlines of the workspace's statements (the dashboard's "Fristen"). */
export const deadlineRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  app.get(
    '/deadlines',
    {
      schema: {
        tags: ['deadlines'],
        summary: 'Every settlement’s and single statement’s deadline, and ended years not yet settled',
        description:
          'The deadline is the end of the 12th month after the period (§ 556 Abs. 3 BGB). Missing: a property ' +
          'with a tenant in the last calendar year and no settlement or statement covering it.',
        response: { 200: deadlinesJson, ...errorResponses(401) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const { today, items } = await listDeadlines(db, scope.workspaceId);
      return { today, items: withinLimit(scope, items, (i) => i.propertyId) };
    },
  );
};
