// The tenant's side of a mailed reminder: the page /m/r/{token}, its opening and its letter under
// /api/tenant/r/{token}. Everything is reached through the token alone (reminder-page.ts).

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../shared/schemas/zod';
import { currentUser } from '../auth/require-user';
import { errorResponses } from '../errors';
import { contentDisposition } from '../http/content-disposition';
import { addressGroup, enforceRateLimit } from '../http/rate-limit';
import { createThrottle } from '../http/throttle';
import { spendRenders } from '../pdf/render-budget';
import { sendTenantPage } from '../tenant/page-reply';
import { roleIn } from '../workspaces/queries';
import {
  type ReminderAccess,
  recordReminderDownload,
  recordReminderOpening,
  reminderPageHtml,
  resolveReminderToken,
} from './reminder-page';
import { reminderLetter } from './reminders';

const tokenParams = z.object({ token: z.string().describe('The token of the mailed link') });
/** Token lookups per client address, as for the statements' pages. */
const TENANT_RATE_LIMIT = { window: 10 * 60, max: 120 };

export const reminderPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const throttle = createThrottle(db);
  const access = async (request: { ip: string }, reply: FastifyReply, token: string) => {
    await enforceRateLimit(throttle, reply, `tenant-link:${addressGroup(request.ip)}`, TENANT_RATE_LIMIT);
    return resolveReminderToken(db, token);
  };
  /** The landlord (any member of the workspace) looking at the page: recorded as nothing. */
  const isLandlord = async (request: FastifyRequest, found: ReminderAccess) => {
    const user = await currentUser(request);
    return user !== null && (await roleIn(db, found.workspaceId, user.id)) !== null;
  };

  app.get('/m/r/:token', { schema: { hide: true, params: tokenParams } }, async (request, reply) =>
    sendTenantPage(reply, async () =>
      reminderPageHtml(db, await access(request, reply, request.params.token), request.params.token),
    ),
  );

  app.post(
    '/api/tenant/r/:token/opened',
    {
      schema: {
        tags: ['tenant'],
        summary:
          'Sent by a reminder’s page after it loaded in a browser: records the opening (proof of receipt)',
        description:
          'A HEAD or GET of the page records nothing (mail link scanners send those), nor does the landlord.',
        params: tokenParams,
        body: z.unknown().optional(),
        response: { 204: z.null(), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const found = await access(request, reply, request.params.token);
      if (!(await isLandlord(request, found))) await recordReminderOpening(db, found.linkId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/tenant/r/:token/letter.pdf',
    {
      schema: {
        tags: ['tenant'],
        summary: 'The reminder’s letter behind a mailed link (inline; ?download=1 as attachment)',
        params: tokenParams,
        querystring: z.object({ download: z.string().optional() }),
        response: { 200: z.custom<Buffer>().describe('The file'), ...errorResponses(404, 429, 503) },
      },
    },
    async (request, reply) => {
      const found = await access(request, reply, request.params.token);
      const { view, fileName } = await reminderLetter(db, found.workspaceId, found.reminder.id);
      await spendRenders(throttle, reply, found.workspaceId, 1);
      const pdf = await app.pdfRenderer.render({ kind: 'short-letter', letter: view }, found.workspaceId);
      if (request.method === 'GET' && !(await isLandlord(request, found)))
        await recordReminderDownload(db, found.linkId);
      const disposition = request.query.download ? 'attachment' : 'inline';
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(disposition, fileName))
        .header('x-content-type-options', 'nosniff')
        .header('x-robots-tag', 'noindex')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};
