// The tenant's side of a mailed link (ADR 0017): the page /m/{token}, its script, and the letter and
// receipts under /api/tenant/{token}. Everything is reached through the token alone (access.ts).

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../shared/schemas/zod';
import { currentUser } from '../auth/require-user';
import { documentName } from '../documents/document-name';
import { receiptFileHeaders } from '../documents/file-type';
import { errorResponses } from '../errors';
import { contentDisposition } from '../http/content-disposition';
import { addressGroup, enforceRateLimit } from '../http/rate-limit';
import { createThrottle } from '../http/throttle';
import { StoredFileNotFoundError } from '../storage/storage';
import { roleIn } from '../workspaces/queries';
import {
  recordDownload,
  recordOpening,
  recordReceiptView,
  requireCurrent,
  resolveToken,
  type TenantAccess,
  tenantLetter,
  tenantReceipts,
} from './access';
import { tenantNotFound } from './messages';
import { sendTenantPage } from './page-reply';
import { tenantPage } from './page-view';

const tokenParams = z.object({ token: z.string().describe('The token of the mailed link') });
const file = z.custom<Buffer>().describe('The file');

/** Token lookups per client address: the pages of one tenant need a handful; guessing needs billions. */
const TENANT_RATE_LIMIT = { window: 10 * 60, max: 120 };
/** Loaded by the tenant page once it is shown in a browser: that request records the opening. */
const SEEN_SCRIPT =
  "fetch(location.pathname.replace(/^\\/m\\//, '/api/tenant/') + '/opened', { method: 'POST', credentials: 'same-origin' });\n";

const privateFile = (reply: FastifyReply, type: string, headers: Record<string, string>) =>
  reply
    .header('content-type', type)
    .headers(headers)
    .header('x-content-type-options', 'nosniff')
    .header('x-robots-tag', 'noindex')
    .header('cache-control', 'private, no-store');

export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const throttle = createThrottle(db);
  /** The landlord (any member of the workspace) looking at the page of a letter: recorded as nothing. */
  const isLandlord = async (request: FastifyRequest, access: TenantAccess) => {
    const user = await currentUser(request);
    return user !== null && (await roleIn(db, access.workspaceId, user.id)) !== null;
  };
  /** A download or receipt view is the tenant's when it is a GET (not HEAD) of someone else. */
  const countsAsTenant = async (request: FastifyRequest, access: TenantAccess) =>
    request.method === 'GET' && !(await isLandlord(request, access));
  const tenantAccess = async (request: { ip: string }, reply: FastifyReply, token: string) => {
    await enforceRateLimit(throttle, reply, `tenant-link:${addressGroup(request.ip)}`, TENANT_RATE_LIMIT);
    return resolveToken(db, token);
  };

  app.get('/m/:token', { schema: { hide: true, params: tokenParams } }, async (request, reply) =>
    sendTenantPage(reply, async () =>
      tenantPage(db, await tenantAccess(request, reply, request.params.token), request.params.token),
    ),
  );

  app.get('/m/seen.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(SEEN_SCRIPT),
  );

  app.post(
    '/api/tenant/:token/opened',
    {
      schema: {
        tags: ['tenant'],
        summary:
          'Sent by the tenant page after it loaded in a browser: records the opening (proof of receipt)',
        description:
          'A HEAD or GET of the page records nothing (mail link scanners send those), nor does the landlord signed in.',
        params: tokenParams,
        body: z.unknown().optional(),
        response: { 204: z.null(), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const access = await tenantAccess(request, reply, request.params.token);
      if (!(await isLandlord(request, access))) await recordOpening(db, access.linkId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/tenant/:token/statement.pdf',
    {
      schema: {
        tags: ['tenant'],
        summary: 'The final statement behind a tenant link (inline; ?download=1 as attachment)',
        params: tokenParams,
        querystring: z.object({ download: z.string().optional() }),
        response: { 200: file, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const access = requireCurrent(await tenantAccess(request, reply, request.params.token));
      const letter = await tenantLetter(db, access);
      if (await countsAsTenant(request, access)) await recordDownload(db, access.linkId);
      const disposition = request.query.download ? 'attachment' : 'inline';
      return privateFile(reply, 'application/pdf', {
        'content-disposition': contentDisposition(disposition, letter.fileName),
      }).send(Buffer.from(letter.content));
    },
  );

  app.get(
    '/api/tenant/:token/documents/:documentId',
    {
      schema: {
        tags: ['tenant'],
        summary: 'A receipt attached to a cost of the statement behind a tenant link; the view is recorded',
        params: tokenParams.extend({ documentId: z.string() }),
        response: { 200: file, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const access = requireCurrent(await tenantAccess(request, reply, request.params.token));
      const receipt = (await tenantReceipts(db, access)).find((r) => r.id === request.params.documentId);
      if (!receipt) throw tenantNotFound();
      const body = await app.storage.get(receipt.storageKey).catch((err: unknown) => {
        throw err instanceof StoredFileNotFoundError ? tenantNotFound() : err;
      });
      if (await countsAsTenant(request, access)) await recordReceiptView(db, access.linkId, receipt.id);
      const name = documentName(receipt.name, receipt.fileType);
      return privateFile(reply, receipt.fileType, receiptFileHeaders(receipt.fileType, name)).send(body);
    },
  );
};
