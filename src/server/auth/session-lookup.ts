import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Role } from '../../shared/schemas/workspace';
import type { Database } from '../db/client';
import type { SessionUser } from './require-user';

/** The workspace a request works in, with the person's role there (ADR 0028). */
export interface SessionWorkspace {
  id: string;
  name: string;
  role: Role;
  credits: number;
  /** The properties a reader is limited to; null: the whole workspace. */
  propertyIds: string[] | null;
}

export interface SessionRecord {
  user: SessionUser;
  /** Null when the person belongs to no workspace (or not to the one the request names). */
  workspace: SessionWorkspace | null;
  expiresAt: Date;
}

/**
 * The token inside the auth library's signed session cookie (`token.base64(HMAC-SHA256(secret, token))`),
 * or null when the signature does not match. Verified here with a synchronous HMAC: the library's
 * WebCrypto path costs a key import and a thread-pool round trip on every request.
 */
export function verifiedToken(cookieValue: string, secret: string): string | null {
  const dot = cookieValue.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookieValue.slice(0, dot);
  const given = Buffer.from(cookieValue.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

// Runs on every request: outside Drizzle (Database.read), whose wrapper and row mapping cost more
// than the query. The workspace is the one the request names ($2, X-Workspace), else the person's
// chosen one, else the first they own, else the first they belong to.
const SESSION_USER = `select u.id, u.email, u.full_name as "fullName", u.email_verified as "emailVerified",
    s.expires_at as "expiresAt", w.id as "workspaceId", w.name as "workspaceName", m.role, w.credits,
    m.property_ids::text[] as "propertyIds"
  from sessions s join users u on u.id = s.user_id
  left join lateral (
    select m.workspace_id, m.role, m.property_ids from workspace_members m
    where m.user_id = u.id and ($2::text is null or m.workspace_id = $2)
    order by m.workspace_id = u.current_workspace_id desc, m.role = 'owner' desc, m.created_at, m.workspace_id
    limit 1) m on true
  left join workspaces w on w.id = m.workspace_id
  where s.token = $1 and s.expires_at > now()`;

interface SessionRow extends SessionUser {
  expiresAt: Date;
  workspaceId: string | null;
  workspaceName: string | null;
  role: Role | null;
  credits: number | null;
  propertyIds: string[] | null;
}

/** The unexpired session of `token` with its user and workspace, in one query. */
export async function findSession(
  database: Database,
  token: string,
  workspaceId: string | null = null,
): Promise<SessionRecord | null> {
  const rows = await database.read('session_user_by_token', SESSION_USER, [token, workspaceId]);
  const row = rows[0] as SessionRow | undefined;
  if (!row) return null;
  const { expiresAt, workspaceId: id, workspaceName, role, credits, propertyIds, ...user } = row;
  const workspace =
    id && role ? { id, name: workspaceName ?? '', role, credits: credits ?? 0, propertyIds } : null;
  return { user, workspace, expiresAt };
}

/** The request's session from its cookie, or null (no cookie, forged signature, expired or unknown). */
export function sessionOfRequest(request: FastifyRequest): Promise<SessionRecord | null> {
  const { secret, authCookies } = request.server.authContext;
  const value = request.cookies[authCookies.sessionToken.name];
  const token = value ? verifiedToken(value, secret) : null;
  if (!token) return Promise.resolve(null);
  const named = request.headers['x-workspace'];
  return findSession(request.server.database, token, typeof named === 'string' && named ? named : null);
}
