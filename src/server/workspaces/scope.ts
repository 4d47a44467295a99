import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/schemas/workspace';
import { currentSession, type SessionUser } from '../auth/require-user';
import { AppError, unauthorized } from '../errors';
import { checkPropertyLimit } from './property-limit';
import { membershipIn } from './queries';

/** What a request needs of the person's role: to read, to change the data, or to own the workspace. */
export type Need = 'read' | 'edit' | 'own';

/** The workspace a request works in and who works in it (ADR 0028). Every owned row is filtered by it. */
export interface Scope {
  user: SessionUser;
  userId: string;
  workspaceId: string;
  role: Role;
  /** A reader limited to these properties (property-limit.ts); null: the whole workspace. */
  propertyIds: string[] | null;
}

const CAN: Record<Role, readonly Need[]> = {
  owner: ['read', 'edit', 'own'],
  editor: ['read', 'edit'],
  reader: ['read'],
};

export const workspaceNotFound = () => new AppError('not_found', 404, 'Arbeitsbereich nicht gefunden.');

const noWorkspace = () =>
  new AppError(
    'no_workspace',
    403,
    'Sie gehören zu keinem Arbeitsbereich. Legen Sie einen an oder nehmen Sie eine Einladung an.',
  );

function refused(need: Need): AppError {
  return need === 'own'
    ? new AppError('forbidden', 403, 'Das darf in diesem Arbeitsbereich nur ein Eigentümer.')
    : new AppError(
        'forbidden',
        403,
        'Sie haben in diesem Arbeitsbereich nur Leserechte und können nichts ändern.',
      );
}

/** Reading is what GET and HEAD do; every other method changes something. */
export const needOf = (method: string): Need => (method === 'GET' || method === 'HEAD' ? 'read' : 'edit');

/**
 * The signed-in person's workspace and role for this request; 401 signed out, 404 when the request
 * names a workspace (X-Workspace) the person is not a member of, 403 when the role does not allow
 * `need` (by default: reading for GET and HEAD, changing for the rest).
 */
export async function requireScope(
  request: FastifyRequest,
  need: Need = needOf(request.method),
): Promise<Scope> {
  const session = await currentSession(request);
  if (!session) throw unauthorized();
  const { user, workspace } = session;
  if (!workspace) throw request.headers['x-workspace'] ? workspaceNotFound() : noWorkspace();
  if (!CAN[workspace.role].includes(need)) throw refused(need);
  const { propertyIds } = workspace;
  if (propertyIds) {
    // asked by the plugin's hook and again by the handler: checked once per request
    let checked = limitChecks.get(request);
    if (!checked) {
      checked = checkPropertyLimit(request, workspace.id, propertyIds);
      limitChecks.set(request, checked);
    }
    await checked;
  }
  return { user, userId: user.id, workspaceId: workspace.id, role: workspace.role, propertyIds };
}

const limitChecks = new WeakMap<FastifyRequest, Promise<void>>();

/**
 * The signed-in person's role in the workspace a path names: 404 when they are not a member (as for
 * any id that is not theirs), 403 when the role does not allow `need`.
 */
export async function requireMember(request: FastifyRequest, workspaceId: string, need: Need) {
  const session = await currentSession(request);
  if (!session) throw unauthorized();
  // asked by the route's hook and again by its handler: looked up once per request
  let membership = memberships.get(request);
  if (!membership || membership.workspaceId !== workspaceId) {
    membership = {
      workspaceId,
      membership: membershipIn(request.server.database.db, workspaceId, session.user.id),
    };
    memberships.set(request, membership);
  }
  return scopeOf(session.user, workspaceId, await membership.membership, need);
}

type Membership = Awaited<ReturnType<typeof membershipIn>>;
const memberships = new WeakMap<FastifyRequest, { workspaceId: string; membership: Promise<Membership> }>();

function scopeOf(user: SessionUser, workspaceId: string, membership: Membership, need: Need): Scope {
  if (!membership) throw workspaceNotFound();
  const { role, propertyIds } = membership;
  if (!CAN[role].includes(need)) throw refused(need);
  return { user, userId: user.id, workspaceId, role, propertyIds };
}

/**
 * Every route of the plugin works in the request's workspace: the role is checked before the body
 * is, so a read-only member's write is answered 403 whatever it sends (and a visitor's 401).
 */
export function workInWorkspace(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    await requireScope(request);
  });
}
