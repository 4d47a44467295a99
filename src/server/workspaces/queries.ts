import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '../../shared/schemas/workspace';
import type { Db, Tx } from '../db/client';
import { users, workspaceInvitations, workspaceMembers, workspaces } from '../db/schema';

/** The person's role in the workspace and the properties a reader is limited to; null for a non-member. */
export async function membershipIn(
  db: Db | Tx,
  workspaceId: string,
  userId: string,
): Promise<{ role: Role; propertyIds: string[] | null } | null> {
  const [row] = await db
    .select({ role: workspaceMembers.role, propertyIds: workspaceMembers.propertyIds })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row ?? null;
}

/** The person's role in the workspace, or null when they are not a member. */
export async function roleIn(db: Db | Tx, workspaceId: string, userId: string): Promise<Role | null> {
  return (await membershipIn(db, workspaceId, userId))?.role ?? null;
}

/** The workspaces a person belongs to, with their role, oldest membership first. */
export function workspacesOf(db: Db, userId: string) {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      role: workspaceMembers.role,
      credits: workspaces.credits,
      owners: sql<number>`(select count(*) from workspace_members o
        where o.workspace_id = ${workspaces.id} and o.role = 'owner')::int`,
      members: sql<number>`(select count(*) from workspace_members a where a.workspace_id = ${workspaces.id})::int`,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaces.id));
}

/** The members of a workspace with name and address, owners first. */
export function membersOf(db: Db | Tx, workspaceId: string) {
  return db
    .select({
      userId: users.id,
      fullName: users.name,
      email: users.email,
      role: workspaceMembers.role,
      propertyIds: workspaceMembers.propertyIds,
      since: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(sql`${workspaceMembers.role} = 'owner' desc`, asc(workspaceMembers.createdAt), asc(users.id));
}

/** The invitations of a workspace not yet accepted and not expired. */
export function openInvitations(db: Db | Tx, workspaceId: string) {
  return db
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      propertyIds: workspaceInvitations.propertyIds,
      expiresAt: workspaceInvitations.expiresAt,
    })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        gt(workspaceInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(workspaceInvitations.createdAt));
}

/** Takes the workspace's row lock: changes of its owners wait for each other (none is left ownerless). */
export async function lockWorkspaces(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(inArray(workspaces.id, ids))
    .orderBy(asc(workspaces.id))
    .for('update');
}

/** The other owners of a workspace (call under lockWorkspaces). */
export async function otherOwners(tx: Db | Tx, workspaceId: string, userId: string): Promise<number> {
  const rows = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.role, 'owner'),
        ne(workspaceMembers.userId, userId),
      ),
    );
  return rows.length;
}

/** The workspaces that would have no owner without this person: deleted with their account. */
export async function workspacesLeftWithoutOwner(tx: Tx, userId: string): Promise<string[]> {
  const owned = await tx
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'owner')));
  const ids = owned.map((r) => r.id);
  await lockWorkspaces(tx, ids);
  const left: string[] = [];
  for (const id of ids) if ((await otherOwners(tx, id, userId)) === 0) left.push(id);
  return left;
}
