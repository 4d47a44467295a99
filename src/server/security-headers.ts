import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, X-Frame-Options, …) on every response. They depend only on
 * the configuration, so they are worked out once at start by running Helmet against a response that
 * is never sent; @fastify/helmet rebuilt Helmet's middlewares on every request, which cost about half
 * the CPU time of a small API request (the load test of ADR 0011). A route may still set its own values.
 */
export function securityHeaders(app: FastifyInstance, headers: OutgoingHttpHeaders) {
  // a callback hook: an async one costs a promise and a microtask on every request
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers Helmet sets with these options, worked out once. */
export function helmetHeaders(options: HelmetOptions): OutgoingHttpHeaders {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return response.getHeaders();
}
