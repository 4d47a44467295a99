import type { FastifyInstance } from 'fastify';

/**
 * API answers carry a user's data: no browser or proxy may keep them. A route that may be cached
 * (a public script) sets its own Cache-Control, which replaces this one.
 */
export function privateApiAnswers(app: FastifyInstance): void {
  // a callback hook: an async one costs a promise and a microtask on every request
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'private, no-store');
    done();
  });
}
