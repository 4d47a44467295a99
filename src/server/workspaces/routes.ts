import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHANGE_LABELS, type ChangeAction } from '../../shared/changes';
import {
  changeJson,
  invitationJson,
  inviteSchema,
  memberChangeSchema,
  membersJson,
  ROLES,
  workspaceJson,
  workspaceNameSchema,
} from '../../shared/schemas/workspace';
import { z } from '../../shared/schemas/zod';
import { requireUser } from '../auth/require-user';
import { AppError, errorResponses } from '../errors';
import { isUuid } from '../http/ids';
import { enforceRateLimit } from '../http/rate-limit';
import { createThrottle } from '../http/throttle';
import { changesOf } from './change-log';
import { acceptInvitation, invite, openInvitation } from './invitations';
import {
  changeRole,
  createWorkspace,
  deleteWorkspace,
  memberNotFound,
  removeMember,
  renameWorkspace,
  switchWorkspace,
  withdrawInvitation,
} from './members';
import { checkChangesLimit } from './property-limit';
import { membersOf, openInvitations, workspacesOf } from './queries';
import { type Need, requireMember, requireScope } from './scope';

/** A route's check of the person's role in the workspace its path names. */
const asMember = (need: Need) => async (request: FastifyRequest) => {
  const { id } = request.params as { id?: string };
  await requireMember(request, id ?? '', need);
};

const CHANGES_SHOWN = 100;
const CHANGES_IN_CSV = 10_000;

/** The lines as a CSV file a spreadsheet opens: a BOM, semicolons, every cell quoted. */
function changesCsv(
  changes: Array<{ at: string; userName: string; label: string; subjectId: string | null }>,
) {
  const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
  const lines = changes.map((c) => [c.at, c.userName, c.label, c.subjectId ?? ''].map(cell).join(';'));
  return `\ufeff${['Zeitpunkt;Person;Änderung;Bezug', ...lines].join('\r\n')}\r\n`;
}

const idParams = z.object({ id: z.string().max(100).describe('Workspace id') });
const tokenParams = z.object({ token: z.string().max(100) });
const removal = z.object({
  userId: z.string().max(200).optional().describe('The member to remove (oneself: leave the workspace)'),
  invitationId: z.string().max(100).optional().describe('An open invitation to withdraw'),
});
const invitationView = z.object({
  workspaceName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
});

/** Invitations per workspace and hour: a household or a small office, not a mailing list. */
const INVITATIONS = { window: 60 * 60, max: 20 } as const;
/** Workspaces a person may make per day. */
const NEW_WORKSPACES = { window: 24 * 60 * 60, max: 10 } as const;

/**
 * /api/workspaces: the workspaces a person belongs to, their members and invitations (ADR 0028).
 * A path's workspace is checked against the person's membership, never the current workspace.
 */
export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const throttle = createThrottle(db);
  // who may, asked before the body is checked (as on every route that works in a workspace)
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url !== '/api/invitations/:token') await requireUser(request);
  });

  app.get(
    '/workspaces',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'The workspaces of the signed-in person with their role; `current` is the one shown',
        response: { 200: z.array(workspaceJson), ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const current = await requireScope(request, 'read').catch(() => null);
      return (await workspacesOf(db, user.id)).map((w) => ({ ...w, current: w.id === current?.workspaceId }));
    },
  );

  app.post(
    '/workspaces',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'Make a workspace owned by the signed-in person, and work in it',
        body: workspaceNameSchema,
        response: { 201: workspaceJson, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await enforceRateLimit(throttle, reply, `new-workspace:${user.id}`, NEW_WORKSPACES);
      const row = await createWorkspace(db, user.id, request.body.name);
      return reply.status(201).send({
        id: row.id,
        name: row.name,
        role: 'owner' as const,
        credits: row.credits,
        current: true,
        owners: 1,
        members: 1,
      });
    },
  );

  app.put(
    '/workspaces/current',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'Switch to another of the person’s workspaces (kept for their next visits)',
        body: z.object({ workspaceId: z.string().max(100) }),
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await switchWorkspace(db, user.id, request.body.workspaceId);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/workspaces/:id',
    {
      preValidation: asMember('own'),
      schema: {
        tags: ['workspaces'],
        summary: 'Rename the workspace (owners)',
        params: idParams,
        body: workspaceNameSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireMember(request, request.params.id, 'own');
      await renameWorkspace(db, scope.workspaceId, request.body.name);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/workspaces/:id',
    {
      preValidation: asMember('own'),
      schema: {
        tags: ['workspaces'],
        summary: 'Delete the workspace with all its data (owners); the name typed again confirms it',
        params: idParams,
        body: workspaceNameSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireMember(request, request.params.id, 'own');
      const [workspace] = (await workspacesOf(db, scope.userId)).filter((w) => w.id === scope.workspaceId);
      if (workspace?.name !== request.body.name) {
        const message = 'Bitte geben Sie zur Bestätigung den Namen des Arbeitsbereichs genau ein.';
        throw new AppError('name_mismatch', 400, message, { name: message });
      }
      await deleteWorkspace(db, scope.workspaceId);
      await app.storage.deletePrefix(`${scope.workspaceId}/`).catch((err: unknown) => {
        request.log.error({ err, workspaceId: scope.workspaceId }, 'workspace deleted, files left behind');
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/workspaces/:id/members',
    {
      preValidation: asMember('read'),
      schema: {
        tags: ['workspaces'],
        summary: "The workspace's members and open invitations (every member sees them)",
        params: idParams,
        response: { 200: membersJson, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireMember(request, request.params.id, 'read');
      const [members, invitations] = await Promise.all([
        membersOf(db, scope.workspaceId),
        openInvitations(db, scope.workspaceId),
      ]);
      return {
        members: members.map((m) => ({ ...m, since: m.since.toISOString() })),
        invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
      };
    },
  );

  app.post(
    '/workspaces/:id/members',
    {
      preValidation: asMember('own'),
      schema: {
        tags: ['workspaces'],
        summary: 'Invite a person by e-mail with a role (owners); the link is valid 7 days',
        params: idParams,
        body: inviteSchema,
        response: { 201: invitationJson, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const scope = await requireMember(request, request.params.id, 'own');
      if (!scope.user.emailVerified)
        throw new AppError('email_unconfirmed', 403, 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.');
      await enforceRateLimit(throttle, reply, `invitations:${scope.workspaceId}`, INVITATIONS);
      const { mailId, invitationId } = await invite(
        db,
        {
          workspaceId: scope.workspaceId,
          invitedBy: { id: scope.userId, fullName: scope.user.fullName },
          ...request.body,
        },
        app.config.publicUrl,
      );
      await app.outbox.send(mailId);
      const open = await openInvitations(db, scope.workspaceId);
      const made = open.find((i) => i.id === invitationId);
      if (!made) throw new Error('invitation not found after insert');
      return reply.status(201).send({ ...made, expiresAt: made.expiresAt.toISOString() });
    },
  );

  app.patch(
    '/workspaces/:id/members',
    {
      preValidation: asMember('own'),
      schema: {
        tags: ['workspaces'],
        summary: "Change a member's role (owners); the last owner keeps ownership",
        params: idParams,
        body: memberChangeSchema,
        response: { 200: membersJson.shape.members, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const scope = await requireMember(request, request.params.id, 'own');
      const { userId, role, propertyIds } = request.body;
      await changeRole(db, scope.workspaceId, userId, role, propertyIds);
      return (await membersOf(db, scope.workspaceId)).map((m) => ({ ...m, since: m.since.toISOString() }));
    },
  );

  app.delete(
    '/workspaces/:id/members',
    {
      preValidation: asMember('read'),
      schema: {
        tags: ['workspaces'],
        summary:
          'Remove a member or withdraw an invitation (owners), or leave the workspace (userId: oneself, any member)',
        params: idParams,
        querystring: removal,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { userId, invitationId } = request.query;
      const self = await requireMember(request, request.params.id, 'read');
      if (invitationId !== undefined) {
        const scope = await requireMember(request, request.params.id, 'own');
        if (!isUuid(invitationId)) throw new AppError('not_found', 404, 'Diese Einladung gibt es nicht.');
        await withdrawInvitation(db, scope.workspaceId, invitationId);
      } else if (userId !== undefined) {
        if (userId !== self.userId) await requireMember(request, request.params.id, 'own');
        await removeMember(db, self.workspaceId, userId);
      } else {
        throw memberNotFound();
      }
      return reply.status(204).send(null);
    },
  );

  const changesQuery = z.object({
    propertyId: z.string().max(100).optional().describe('Only this property and what belongs to it'),
    subjectId: z.string().max(100).optional().describe('Only this subject (e.g. a settlement)'),
  });
  async function changesAnswered(request: FastifyRequest, limit: number) {
    const { id } = request.params as { id: string };
    const scope = await requireMember(request, id, 'read');
    const { propertyId, subjectId } = request.query as z.infer<typeof changesQuery>;
    await checkChangesLimit(app.database, scope, { propertyId, subjectId });
    const rows = await changesOf(
      db,
      scope.workspaceId,
      { propertyId: propertyId && isUuid(propertyId) ? propertyId : undefined, subjectId },
      limit,
    );
    return rows.map((r) => ({
      ...r,
      at: r.at.toISOString(),
      label: CHANGE_LABELS[r.action as ChangeAction] ?? r.action,
    }));
  }

  app.get(
    '/workspaces/:id/changes',
    {
      preValidation: asMember('read'),
      schema: {
        tags: ['workspaces'],
        summary: 'Who did what, newest first (100): of the workspace, of one property or one subject',
        params: idParams,
        querystring: changesQuery,
        response: { 200: z.object({ changes: z.array(changeJson) }), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ changes: await changesAnswered(request, CHANGES_SHOWN) }),
  );

  app.get(
    '/workspaces/:id/changes.csv',
    {
      preValidation: asMember('read'),
      schema: {
        tags: ['workspaces'],
        summary: 'The change log as a CSV file for a spreadsheet (semicolons, UTF-8)',
        params: idParams,
        querystring: changesQuery,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="aenderungen.csv"')
        .header('cache-control', 'no-store')
        .send(changesCsv(await changesAnswered(request, CHANGES_IN_CSV))),
  );

  app.get(
    '/invitations/:token',
    {
      schema: {
        tags: ['workspaces'],
        summary:
          'What an invitation link offers (no sign-in needed: the link is the secret); null when it is unknown, used or expired',
        description: 'Answers 200 either way, so the page of a stale link logs no error in the browser.',
        params: tokenParams,
        response: { 200: z.object({ invitation: invitationView.nullable() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const found = await openInvitation(db, request.params.token);
      return { invitation: found && { ...found, expiresAt: found.expiresAt.toISOString() } };
    },
  );

  app.post(
    '/invitations/:token/accept',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'Accept an invitation as the signed-in person (the invited address); answers the workspace',
        params: tokenParams,
        response: { 200: workspaceJson, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const workspaceId = await acceptInvitation(db, request.params.token, user);
      const [joined] = (await workspacesOf(db, user.id)).filter((w) => w.id === workspaceId);
      if (!joined) throw new Error('membership not found after accepting');
      return { ...joined, current: true };
    },
  );
};
