import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { letterSchema } from '../../shared/schemas/settlement';
import { letterJson } from '../../shared/schemas/settlement-json';
import { z } from '../../shared/schemas/zod';
import { errorResponses } from '../errors';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { findSenderProfile, saveSenderProfile } from './queries';

const answer = z.object({ letter: letterJson.nullable() });

/** GET/PUT /api/me/sender: the sender and bank account new settlements start with. */
export const senderProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  app.get(
    '/me/sender',
    {
      schema: {
        tags: ['account'],
        summary: 'The sender and bank account kept for new settlements; null before one was saved',
        response: { 200: answer, ...errorResponses(401) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return { letter: await findSenderProfile(db, scope.workspaceId) };
    },
  );
  app.put(
    '/me/sender',
    {
      schema: {
        tags: ['account'],
        summary: 'Keep the sender and bank account; each new settlement starts with them',
        body: letterSchema,
        response: { 200: answer, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      await saveSenderProfile(db, scope.workspaceId, request.body);
      return { letter: await findSenderProfile(db, scope.workspaceId) };
    },
  );
};
