import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { letterSchema } from '../../shared/schemas/settlement';
import { letterJson } from '../../shared/schemas/settlement-json';
import { z } from '../../shared/schemas/zod';
import { requireUser } from '../auth/require-user';
import { errorResponses } from '../errors';
import { findSenderProfile, saveSenderProfile } from './queries';

const answer = z.object({ letter: letterJson.nullable() });

/** GET/PUT /api/me/sender: the sender and bank account new settlements start with. */
export const senderProfileRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const user = await requireUser(request);
      return { letter: await findSenderProfile(db, user.id) };
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
      const user = await requireUser(request);
      await saveSenderProfile(db, user.id, request.body);
      return { letter: await findSenderProfile(db, user.id) };
    },
  );
};
