import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
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

function sessionQuery(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.name,
      emailVerified: users.emailVerified,
      credits: users.credits,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_user_by_token');
}

// Built once per database: the query runs on every request, and building it costs more than running it.
const prepared = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

/** The unexpired session of `token` with its user and credit balance, in one query. */
export async function findSession(db: Db, token: string): Promise<SessionRecord | null> {
  let query = prepared.get(db);
  if (!query) {
    query = sessionQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ token });
  if (!row) return null;
  const { credits, expiresAt, ...user } = row;
  return { user, credits, expiresAt };
}

/** The request's session from its cookie, or null (no cookie, forged signature, expired or unknown). */
export function sessionOfRequest(request: FastifyRequest): Promise<SessionRecord | null> {
  const { secret, authCookies } = request.server.authContext;
  const value = request.cookies[authCookies.sessionToken.name];
  const token = value ? verifiedToken(value, secret) : null;
  return token ? findSession(request.server.database.db, token) : Promise.resolve(null);
}
