// Workspaces and their members (ADR 0028): made, renamed, switched to, deleted; members' roles
// changed, members removed or leaving. A workspace never stays without an owner: every change of
// an owner takes the workspace's row lock and counts the other owners under it.

import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '../../shared/schemas/workspace';
import type { Db } from '../db/client';
import { users, workspaceInvitations, workspaceMembers, workspaces } from '../db/schema';
import { AppError } from '../errors';
import { limitOf } from './property-limit';
import { lockWorkspaces, otherOwners, roleIn } from './queries';
import { workspaceNotFound } from './scope';

const lastOwner = () =>
  new AppError(
    'last_owner',
    409,
    'Ein Arbeitsbereich braucht mindestens einen Eigentümer. Bitte ernennen Sie zuerst eine andere Person zum Eigentümer.',
  );

export const memberNotFound = () => new AppError('not_found', 404, 'Dieses Mitglied gibt es nicht.');

/** A new workspace owned by the person, which they then work in. */
export async function createWorkspace(db: Db, userId: string, name: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(workspaces).values({ id: randomUUID(), name }).returning();
    if (!row) throw new Error('workspace insert returned no row');
    await tx.insert(workspaceMembers).values({ workspaceId: row.id, userId, role: 'owner' });
    await tx.update(users).set({ currentWorkspaceId: row.id }).where(eq(users.id, userId));
    return row;
  });
}

export async function renameWorkspace(db: Db, workspaceId: string, name: string) {
  await db.update(workspaces).set({ name, updatedAt: sql`now()` }).where(eq(workspaces.id, workspaceId));
}

/** The workspace the person works in from now on (any of theirs; another id: 404). */
export async function switchWorkspace(db: Db, userId: string, workspaceId: string) {
  if (!(await roleIn(db, workspaceId, userId))) throw workspaceNotFound();
  await db.update(users).set({ currentWorkspaceId: workspaceId }).where(eq(users.id, userId));
}

/** Deletes the workspace with everything it owns (the caller checked the owner and the typed name). */
export async function deleteWorkspace(db: Db, workspaceId: string) {
  await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
}

/**
 * Gives a member another role, a reader the properties they are limited to (none: all); the last
 * owner cannot give up ownership.
 */
export async function changeRole(
  db: Db,
  workspaceId: string,
  userId: string,
  role: Role,
  propertyIds?: string[] | null,
) {
  await db.transaction(async (tx) => {
    const limit = await limitOf(tx, workspaceId, propertyIds);
    await lockWorkspaces(tx, [workspaceId]);
    const current = await roleIn(tx, workspaceId, userId);
    if (!current) throw memberNotFound();
    if (current === 'owner' && role !== 'owner' && (await otherOwners(tx, workspaceId, userId)) === 0)
      throw lastOwner();
    await tx
      .update(workspaceMembers)
      .set({ role, propertyIds: limit?.ids ?? null })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  });
}

/** Removes a member (or the person leaves); the last owner cannot go. */
export async function removeMember(db: Db, workspaceId: string, userId: string) {
  await db.transaction(async (tx) => {
    await lockWorkspaces(tx, [workspaceId]);
    const current = await roleIn(tx, workspaceId, userId);
    if (!current) throw memberNotFound();
    if (current === 'owner' && (await otherOwners(tx, workspaceId, userId)) === 0) throw lastOwner();
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  });
}

/** Withdraws an invitation not yet accepted. */
export async function withdrawInvitation(db: Db, workspaceId: string, invitationId: string) {
  const gone = await db
    .delete(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, invitationId)))
    .returning({ id: workspaceInvitations.id });
  if (gone.length === 0) throw new AppError('not_found', 404, 'Diese Einladung gibt es nicht.');
}
