import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, tooMany } from '../errors';
import { addressGroup, tooManyRequests } from '../http/rate-limit';
import { authErrorMessage } from './messages';

// Hop-by-hop and length headers belong to each side's own connection.
const SKIP_REQUEST = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'x-forwarded-for',
]);
const SKIP_RESPONSE = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
]);

/**
 * Passes a Fastify request to the auth library's Fetch handler, with `body` (the checked fields the
 * library needs) as its JSON body; GET requests carry none.
 */
export async function callAuth(request: FastifyRequest, body?: Record<string, unknown>): Promise<Response> {
  const { auth, config } = request.server;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || SKIP_REQUEST.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // the library's rate limits and the sessions' address key on this: request.ip honours TRUST_PROXY (a
  // client's own header does not count), grouped as every rate limit counts addresses
  headers.set('x-forwarded-for', addressGroup(request.ip));
  if (body) headers.set('content-type', 'application/json');
  return auth.handler(
    new Request(new URL(request.url, config.publicUrl), {
      method: request.method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
}

/** The library's answer without its Set-Cookie headers: the browser's session stays as it is. */
export function withoutCookies(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.delete('set-cookie');
  return new Response(response.body, { status: response.status, headers });
}

/**
 * Copies the library's answer onto the Fastify reply: status, every Set-Cookie, the other headers and
 * the body. Errors become our `{ error: { code, message } }` with a German message.
 */
export async function sendAuthResponse(response: Response, reply: FastifyReply) {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  response.headers.forEach((value, name) => {
    if (!SKIP_RESPONSE.has(name)) reply.header(name, value);
  });
  const text = await response.text();
  if (response.status >= 400) throw toAppError(response, text);
  reply.status(response.status);
  if (!text) return reply.send();
  try {
    return reply.send(JSON.parse(text));
  } catch {
    return reply.type(response.headers.get('content-type') ?? 'text/plain').send(text);
  }
}

function toAppError(response: Response, text: string): AppError {
  let code: string | undefined;
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body && 'code' in body && typeof body.code === 'string') code = body.code;
  } catch {
    // not JSON: fall back to the status
  }
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('x-retry-after')) || 60;
    return tooMany('too_many_requests', tooManyRequests(retryAfter), retryAfter);
  }
  return new AppError(
    code?.toLowerCase() ?? 'auth_error',
    response.status,
    authErrorMessage(code, response.status),
  );
}
