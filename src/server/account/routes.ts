import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileNameSchema } from '../../shared/schemas/auth';
import { z } from '../../shared/schemas/zod';
import { fetchHeaders, requireUser } from '../auth/require-user';
import { AppError, unauthorized } from '../errors';
import { findMe, updateFullName } from './queries';

const me = z.object({
  user: z.object({ id: z.string(), email: z.string(), fullName: z.string(), emailVerified: z.boolean() }),
  credits: z.number().int(),
});
const error = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user and the credit balance; renews the session cookie once a day',
        response: { 200: me, 401: error },
      },
    },
    async (request, reply) => {
      const { headers, response: session } = await app.auth.api.getSession({
        headers: fetchHeaders(request),
        returnHeaders: true,
      });
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      reply.header('cache-control', 'no-store');
      if (!session) throw unauthorized();
      const found = await findMe(app.database.db, session.user.id);
      if (!found) throw unauthorized();
      return found;
    },
  );

  app.patch(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the full name',
        body: profileNameSchema,
        response: { 200: me, 400: error, 401: error },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await updateFullName(app.database.db, user.id, request.body.fullName);
      const found = await findMe(app.database.db, user.id);
      if (!found) throw new AppError('unauthorized', 401, 'Nicht angemeldet');
      return found;
    },
  );
};
