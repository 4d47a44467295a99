import type { FastifyInstance } from 'fastify';

/**
 * Sends the request id back in X-Request-Id. Every log line of a request carries the same id (taken
 * from a valid X-Request-Id set by a reverse proxy, else generated), so a user's report or a proxy's
 * access log can be matched with the server's logs.
 */
export function echoRequestId(app: FastifyInstance) {
  // a callback hook: an async one costs a promise and a microtask on every request
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
