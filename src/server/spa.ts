import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isSpaPath } from '../shared/spa-paths';

/**
 * Serves the built client (ADR 0012): hashed assets with a year-long cache, the prerendered landing
 * page index.html at `/`, and app.html (the SPA) for every other page, so that its routes survive a
 * reload. An address the SPA does not know gets app.html (its German 404 page) with status 404.
 */
export function registerSpa(app: FastifyInstance, clientDir: string | undefined) {
  const hasClient =
    clientDir !== undefined && ['index.html', 'app.html'].every((name) => existsSync(join(clientDir, name)));
  if (hasClient) {
    app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // .br/.gz written by scripts/precompress.mjs at build time
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  const page = (name: string) => (hasClient ? readFileSync(join(clientDir, name), 'utf8') : undefined);
  const landingHtml = page('index.html');
  const appHtml = page('app.html');
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const html = path === '/' ? landingHtml : appHtml;
    if (
      html &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/assets/')
    ) {
      return reply
        .status(path === '/' || isSpaPath(path) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(html);
    }
    return reply.status(404).send({ error: { code: 'not_found', message: 'Nicht gefunden.' } });
  });
}
