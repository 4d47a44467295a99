import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signed by Stripe instead of sent by our pages; compared with the route found, not the raw URL. */
const EXEMPT_ROUTE = '/api/billing/webhook';

export const CSRF_MESSAGE = 'Anfrage von fremder Herkunft abgelehnt.';

/**
 * onRequest hook: a state-changing request must come from our own pages, i.e. carry an Origin
 * (or, lacking it, a Referer) of one of our origins (PUBLIC_URL's). Together with SameSite=Lax cookies this stops
 * cross-site request forgery, also for browsers that send no Origin on same-site requests.
 *
 * Every state-changing request is checked whatever its path: the router decodes and matches paths its
 * own way (`/%61pi/me` is `/api/me`), so a check of the raw URL could be dodged by spelling it differently.
 * The one exemption is decided by the route the router found, which onRequest hooks already know.
 */
export function csrfGuard(trustedOrigins: string[]) {
  const allowed = new Set(trustedOrigins);
  const refused = (request: FastifyRequest) =>
    STATE_CHANGING.has(request.method) &&
    request.routeOptions.url !== EXEMPT_ROUTE &&
    !allowed.has(originOf(request) ?? '');
  // a callback hook: an async one costs a promise and a microtask on every request, reads included
  return function checkOrigin(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    done(refused(request) ? new AppError('csrf', 403, CSRF_MESSAGE) : undefined);
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
