import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  costDocumentsJson,
  costDocumentsSchema,
  deliveriesJson,
  dispatchSchema,
} from '../../shared/schemas/delivery';
import { z } from '../../shared/schemas/zod';
import { errorResponses } from '../errors';
import { isUuid } from '../http/ids';
import { createThrottle } from '../http/throttle';
import { tenantMailBudget } from '../mail/tenant-mail-budget';
import { settlementNotFound } from '../settlements/messages';
import { findSettlement } from '../settlements/queries';
import { listCostDocuments, setCostDocuments } from '../settlements/receipts';
import { revokeLinks } from '../tenant/access';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { dispatchStatement, ownLetter } from './dispatch';
import { statementNotFound } from './messages';
import { deliveryStatus } from './status';

const idParams = z.object({ id: z.string().describe('Settlement id (UUID)') });
const letterParams = idParams.extend({ tenancyId: z.string().describe('Tenancy id (UUID)') });
const costParams = idParams.extend({ index: z.coerce.number().int().min(0).max(99) });

/**
 * Delivery of final tenant statements (ADR 0017): the landlord's records, mails and links under
 * /api/settlements. The tenant's side of a link is tenant/routes.ts.
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  const throttle = createThrottle(db);
  app.post(
    '/api/settlements/:id/statements/:tenancyId/dispatch',
    {
      schema: {
        tags: ['delivery'],
        summary:
          'Record how a final tenant statement was delivered; with sendEmail mail the tenant a private link',
        description:
          'channel: email | post | registered (Einschreiben) | messenger (Bote). One record per statement; a ' +
          'later request replaces it. With sendEmail the tenancy’s e-mail address gets a link to /m/{token} ' +
          '(valid 13 months); its first opening is recorded. 409 while a draft or without an address.',
        params: letterParams,
        body: dispatchSchema,
        response: { 200: deliveriesJson, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const { id, tenancyId } = request.params;
      if (!isUuid(id)) throw settlementNotFound();
      if (!isUuid(tenancyId)) throw statementNotFound();
      const spendMail = tenantMailBudget(throttle, reply, scope.workspaceId);
      await dispatchStatement(
        { db, outbox: app.outbox, publicUrl: app.config.publicUrl, spendMail },
        scope.workspaceId,
        id,
        tenancyId,
        request.body,
      );
      return deliveryStatus(db, scope.workspaceId, id);
    },
  );

  app.delete(
    '/api/settlements/:id/statements/:tenancyId/links',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Withdraw the mailed links to a final tenant statement (e.g. one sent to a wrong address)',
        description: 'Every link of the statement stops working at once; the delivery records stay.',
        params: letterParams,
        response: { 200: deliveriesJson, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const { id, tenancyId } = request.params;
      if (!isUuid(id)) throw settlementNotFound();
      if (!isUuid(tenancyId)) throw statementNotFound();
      await ownLetter(db, scope.workspaceId, id, tenancyId);
      await revokeLinks(db, scope.workspaceId, id, tenancyId);
      return deliveryStatus(db, scope.workspaceId, id);
    },
  );

  app.get(
    '/api/settlements/:id/deliveries',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Delivery, deadline flag, openings and receipt views of every final tenant statement',
        params: idParams,
        response: { 200: deliveriesJson, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw settlementNotFound();
      return deliveryStatus(db, scope.workspaceId, request.params.id);
    },
  );

  app.get(
    '/api/settlements/:id/cost-documents',
    {
      schema: {
        tags: ['delivery'],
        summary: 'The receipts attached to each cost position',
        params: idParams,
        response: { 200: costDocumentsJson, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id) || !(await findSettlement(db, scope.workspaceId, request.params.id))) {
        throw settlementNotFound();
      }
      return listCostDocuments(db, scope.workspaceId, request.params.id);
    },
  );

  app.put(
    '/api/settlements/:id/costs/:index/documents',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Attach receipts to a cost position (replaces its list); drafts and final settlements',
        description: 'Attaching receipts changes no figure, so a final settlement accepts it too.',
        params: costParams,
        body: costDocumentsSchema,
        response: { 200: costDocumentsJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const { id, index } = request.params;
      if (!isUuid(id)) throw settlementNotFound();
      await setCostDocuments(db, scope.workspaceId, id, index, request.body.documentIds);
      return listCostDocuments(db, scope.workspaceId, id);
    },
  );
};
