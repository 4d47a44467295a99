import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA: hashed assets with a year-long cache, everything else that is not /api
 * falls back to index.html so that client routes survive a reload.
 */
export function registerSpa(app: FastifyInstance, clientDir: string | undefined) {
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
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
  const indexHtml = hasClient ? readFileSync(join(clientDir, 'index.html'), 'utf8') : undefined;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      indexHtml &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/assets/')
    ) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ error: { code: 'not_found', message: 'Nicht gefunden.' } });
  });
}
