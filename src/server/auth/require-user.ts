import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { type SessionRecord, sessionOfRequest } from './session-lookup';

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  emailVerified: boolean;
}

const known = new WeakMap<FastifyRequest, Promise<SessionRecord | null>>();

/** Request headers as a Fetch `Headers` object, for the auth library's server API. */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/**
 * The session of the request's cookie with its user and credits, or null. Looked up once per request,
 * in one query (see session-lookup.ts); renewal, which must reach the browser as a cookie, is left to
 * GET /api/me.
 */
export function currentSession(request: FastifyRequest): Promise<SessionRecord | null> {
  let pending = known.get(request);
  if (!pending) {
    pending = sessionOfRequest(request);
    known.set(request, pending);
  }
  return pending;
}

/** The signed-in user of the request's session cookie, or null. */
export async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  return (await currentSession(request))?.user ?? null;
}

/** The signed-in user; throws 401 'Nicht angemeldet' otherwise. Every protected route calls this. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(request);
  if (!user) throw new AppError('unauthorized', 401, 'Nicht angemeldet');
  return user;
}
