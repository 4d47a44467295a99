import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signed by Stripe instead of sent by our pages. */
const EXEMPT = new Set(['/api/billing/webhook']);

export const CSRF_MESSAGE = 'Anfrage von fremder Herkunft abgelehnt.';

/**
 * onRequest hook: a state-changing API request must come from our own pages, i.e. carry an Origin
 * (or, lacking it, a Referer) of one of our origins (PUBLIC_URL's). Together with SameSite=Lax cookies this stops
 * cross-site request forgery, also for browsers that send no Origin on same-site requests.
 */
export function csrfGuard(trustedOrigins: string[]) {
  const allowed = new Set(trustedOrigins);
  return async function checkOrigin(request: FastifyRequest, _reply: FastifyReply) {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || EXEMPT.has(path)) return;
    if (!allowed.has(originOf(request) ?? '')) throw new AppError('csrf', 403, CSRF_MESSAGE);
  };
}

function originOf(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  const source = origin ?? referer;
  if (!source || source === 'null') return undefined;
  try {
    return new URL(source).origin;
  } catch {
    return undefined;
  }
}
