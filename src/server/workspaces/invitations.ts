// Invitations into a workspace (ADR 0028): a link mailed to an address, valid 7 days, used once, kept
// only as the SHA-256 of its token. Only the person signed in with that address can accept it.

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ROLE_LABELS, type Role } from '../../shared/schemas/workspace';
import type { Db } from '../db/client';
import { users, workspaceInvitations, workspaceMembers, workspaces } from '../db/schema';
import { AppError } from '../errors';
import { hashToken, isToken, newToken } from '../http/link-tokens';
import { enqueueMail } from '../mail/outbox';
import { invitationMail } from '../mail/templates';
import { limitOf } from './property-limit';
import { roleIn } from './queries';

const INVITATION_DAYS = 7;

const invitationNotFound = () =>
  new AppError(
    'not_found',
    404,
    'Diese Einladung gibt es nicht, sie wurde schon angenommen oder ist abgelaufen. Bitte lassen Sie sich neu einladen.',
  );

export const invitationPath = (token: string) => `/einladung/${token}`;

/**
 * Writes the invitation and its mail in one transaction; the caller sends the mail after the commit.
 * An open invitation to the same address is replaced (its link stops working). Answers the mail's id.
 */
export async function invite(
  db: Db,
  input: {
    workspaceId: string;
    invitedBy: { id: string; fullName: string };
    email: string;
    role: Role;
    propertyIds?: string[] | null;
  },
  publicUrl: string,
): Promise<{ mailId: string; invitationId: string }> {
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, input.workspaceId));
    if (!workspace) throw new AppError('not_found', 404, 'Arbeitsbereich nicht gefunden.');
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(workspaceMembers, eq(workspaceMembers.userId, users.id))
      .where(and(eq(users.email, input.email), eq(workspaceMembers.workspaceId, input.workspaceId)));
    if (member)
      throw new AppError('already_member', 409, 'Diese Person gehört bereits zum Arbeitsbereich.', {
        email: 'Diese Person gehört bereits zum Arbeitsbereich.',
      });
    await tx
      .delete(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.workspaceId, input.workspaceId),
          eq(workspaceInvitations.email, input.email),
          isNull(workspaceInvitations.acceptedAt),
        ),
      );
    const limit = await limitOf(tx, input.workspaceId, input.propertyIds);
    const token = newToken();
    const [row] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId: input.workspaceId,
        email: input.email,
        role: input.role,
        propertyIds: limit?.ids ?? null,
        tokenHash: hashToken(token),
        invitedBy: input.invitedBy.id,
        expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})`,
      })
      .returning({ id: workspaceInvitations.id });
    if (!row) throw new Error('invitation insert returned no row');
    const mail = invitationMail(
      input.invitedBy.fullName,
      workspace.name,
      limit ? `${ROLE_LABELS[input.role]} (${limit.names.join(', ')})` : ROLE_LABELS[input.role],
      `${publicUrl}${invitationPath(token)}`,
    );
    const mailId = await enqueueMail(tx, {
      kind: 'invitation',
      workspaceId: input.workspaceId,
      to: input.email,
      ...mail,
    });
    return { mailId, invitationId: row.id };
  });
}

/** What an open invitation offers, for the page its link opens; null for anything else. */
export async function openInvitation(db: Db, token: string) {
  if (!isToken(token)) return null;
  const [row] = await db
    .select({
      id: workspaceInvitations.id,
      workspaceId: workspaceInvitations.workspaceId,
      workspaceName: workspaces.name,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      propertyIds: workspaceInvitations.propertyIds,
      invitedBy: users.name,
      expiresAt: workspaceInvitations.expiresAt,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(
      and(
        eq(workspaceInvitations.tokenHash, hashToken(token)),
        isNull(workspaceInvitations.acceptedAt),
        gt(workspaceInvitations.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/**
 * Makes the signed-in person a member with the invitation's role (a member already keeps their
 * role) and the workspace the one they work in. The invitation is used up in the same transaction.
 */
export async function acceptInvitation(db: Db, token: string, user: { id: string; email: string }) {
  const invitation = await openInvitation(db, token);
  if (!invitation) throw invitationNotFound();
  if (invitation.email !== user.email.toLowerCase())
    throw new AppError(
      'wrong_address',
      403,
      `Diese Einladung gilt für ${invitation.email}. Bitte melden Sie sich mit dieser Adresse an.`,
    );
  await db.transaction(async (tx) => {
    const used = await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(workspaceInvitations.id, invitation.id), isNull(workspaceInvitations.acceptedAt)))
      .returning({ id: workspaceInvitations.id });
    if (used.length === 0) throw invitationNotFound();
    if (!(await roleIn(tx, invitation.workspaceId, user.id)))
      await tx.insert(workspaceMembers).values({
        workspaceId: invitation.workspaceId,
        userId: user.id,
        role: invitation.role,
        propertyIds: invitation.propertyIds,
      });
    await tx.update(users).set({ currentWorkspaceId: invitation.workspaceId }).where(eq(users.id, user.id));
  });
  return invitation.workspaceId;
}
