import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  emailVerified: boolean;
}

const known = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** Request headers as a Fetch `Headers` object, for the auth library's server API. */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** The signed-in user of the request's session cookie, or null. Looked up once per request. */
export function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  let pending = known.get(request);
  if (!pending) {
    pending = request.server.auth.api
      // renewal (which must reach the browser as a cookie) is left to GET /api/me
      .getSession({ headers: fetchHeaders(request), query: { disableRefresh: true } })
      .then((session) =>
        session
          ? {
              id: session.user.id,
              email: session.user.email,
              fullName: session.user.name,
              emailVerified: session.user.emailVerified,
            }
          : null,
      );
    known.set(request, pending);
  }
  return pending;
}

/** The signed-in user; throws 401 'Nicht angemeldet' otherwise. Every protected route calls this. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(request);
  if (!user) throw new AppError('unauthorized', 401, 'Nicht angemeldet');
  return user;
}
