import { Readable } from 'node:stream';
import { isAPIError } from 'better-auth/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, deleteAccountSchema } from '../../shared/schemas/account';
import { profileNameSchema } from '../../shared/schemas/auth';
import { ROLES } from '../../shared/schemas/workspace';
import { z } from '../../shared/schemas/zod';
import { currentSession, fetchHeaders, requireUser } from '../auth/require-user';
import type { SessionRecord } from '../auth/session-lookup';
import { AppError, errorResponses, tooMany, unauthorized } from '../errors';
import { tooManyRequests } from '../http/rate-limit';
import { createThrottle } from '../http/throttle';
import { deleteAccount } from './delete-account';
import { exportUserDataJson } from './export-data';
import { updateFullName } from './queries';

const me = z.object({
  user: z.object({ id: z.string(), email: z.string(), fullName: z.string(), emailVerified: z.boolean() }),
  /** The balance of the workspace the person works in (0 without one). */
  credits: z.number().int(),
  workspace: z
    .object({
      id: z.string(),
      name: z.string(),
      role: z.enum(ROLES),
      propertyIds: z.array(z.string()).nullable().describe('A reader limited to these properties; null: all'),
    })
    .nullable()
    .describe('The workspace the dashboard shows (GET /api/workspaces lists all of the person)'),
});
/** Password guesses through the deletion dialog, per user. */
const DELETE_ATTEMPTS = { window: 15 * 60, max: 5 } as const;
/** Data exports per hour: a landlord downloads his data now and then; each one reads all of it. */
const EXPORTS = { window: 60 * 60, max: 10 } as const;

function presentMe({ user, workspace }: SessionRecord): z.infer<typeof me> {
  return {
    user,
    credits: workspace?.credits ?? 0,
    workspace: workspace && {
      id: workspace.id,
      name: workspace.name,
      role: workspace.role,
      propertyIds: workspace.propertyIds,
    },
  };
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = createThrottle(app.database.db);
  // a visitor is answered 401 before a body is checked (GET /api/session answers them too)
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url !== '/api/session') await requireUser(request);
  });

  // one query while the session needs no renewal; the library renews it (row and cookie) otherwise
  async function sessionMe(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    const known = await currentSession(request);
    const { sessionConfig } = app.authContext;
    const renewAt =
      (known?.expiresAt.getTime() ?? 0) - (sessionConfig.expiresIn - sessionConfig.updateAge) * 1000;
    if (!known) return null;
    if (Date.now() >= renewAt) {
      const { headers, response: session } = await app.auth.api.getSession({
        headers: fetchHeaders(request),
        returnHeaders: true,
      });
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!session) return null;
    }
    return presentMe(known);
  }

  app.get(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user and the credit balance; renews the session cookie once a day',
        response: { 200: me, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const found = await sessionMe(request, reply);
      if (!found) throw unauthorized();
      return found;
    },
  );

  app.get(
    '/session',
    {
      schema: {
        tags: ['account'],
        summary: 'Like GET /me, but a visitor gets 200 with me null: the pages ask on every start',
        response: { 200: z.object({ me: me.nullable() }) },
      },
    },
    async (request, reply) => ({ me: await sessionMe(request, reply) }),
  );

  app.patch(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the full name',
        body: profileNameSchema,
        response: { 200: me, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await updateFullName(app.database.db, user.id, request.body.fullName);
      const known = await currentSession(request);
      if (!known) throw unauthorized();
      const shown = presentMe(known);
      return { ...shown, user: { ...shown.user, fullName: request.body.fullName } };
    },
  );

  app.get(
    '/me/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download everything stored about the user as JSON (DSGVO Art. 15/20)',
        description: `Written as it is read (the bank bookings a page at a time); ${EXPORTS.max} downloads an hour.`,
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const allowed = await throttle.consume(`export:${user.id}`, EXPORTS);
      if (!allowed.allowed) {
        const seconds = allowed.retryAfter ?? EXPORTS.window;
        throw tooMany('too_many_requests', tooManyRequests(seconds), seconds);
      }
      const data = await exportUserDataJson(app.database.db, user.id);
      if (!data) throw unauthorized();
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="umlage-meine-daten-${day}.json"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(Readable.from(data.parts));
    },
  );

  app.delete(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete the account with all its data and files, confirmed with the password',
        body: deleteAccountSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const attempt = await throttle.consume(`delete-account:${user.id}`, DELETE_ATTEMPTS);
      if (!attempt.allowed) {
        throw new AppError(
          'too_many_requests',
          429,
          tooManyRequests(attempt.retryAfter ?? DELETE_ATTEMPTS.window),
        );
      }
      try {
        await app.auth.api.verifyPassword({
          headers: fetchHeaders(request),
          body: { password: request.body.password },
        });
      } catch (cause) {
        if (isAPIError(cause) && cause.statusCode === 400) {
          throw new AppError('invalid_password', 400, ACCOUNT_MESSAGES.passwordWrong, {
            password: ACCOUNT_MESSAGES.passwordWrong,
          });
        }
        throw cause;
      }
      await deleteAccount({ db: app.database.db, storage: app.storage, log: request.log }, user);
      await throttle.clear(`delete-account:${user.id}`);
      const { authCookies } = await app.auth.$context;
      for (const cookie of [
        authCookies.sessionToken,
        authCookies.sessionData,
        authCookies.dontRememberToken,
      ]) {
        reply.clearCookie(cookie.name, {
          path: '/',
          secure: cookie.attributes.secure,
          httpOnly: true,
          sameSite: 'lax',
        });
      }
      return reply.status(204).send(null);
    },
  );
};
