import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { SessionUser } from './require-user';

export interface SessionRecord {
  user: SessionUser;
  credits: number;
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
// than the query.
const SESSION_USER = `select u.id, u.email, u.full_name as "fullName", u.email_verified as "emailVerified",
    u.credits, s.expires_at as "expiresAt"
  from sessions s join users u on u.id = s.user_id
  where s.token = $1 and s.expires_at > now()`;

interface SessionRow extends SessionUser {
  credits: number;
  expiresAt: Date;
}

/** The unexpired session of `token` with its user and credit balance, in one query. */
export async function findSession(database: Database, token: string): Promise<SessionRecord | null> {
  const rows = await database.read('session_user_by_token', SESSION_USER, [token]);
  const row = rows[0] as SessionRow | undefined;
  if (!row) return null;
  const { credits, expiresAt, ...user } = row;
  return { user, credits, expiresAt };
}

/** The request's session from its cookie, or null (no cookie, forged signature, expired or unknown). */
export function sessionOfRequest(request: FastifyRequest): Promise<SessionRecord | null> {
  const { secret, authCookies } = request.server.authContext;
  const value = request.cookies[authCookies.sessionToken.name];
  const token = value ? verifiedToken(value, secret) : null;
  return token ? findSession(request.server.database, token) : Promise.resolve(null);
}
