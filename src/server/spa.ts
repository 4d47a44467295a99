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
  const landingHtml = hasClient ? readPage(clientDir, 'index.html') : undefined;
  const appHtml = hasClient ? readPage(clientDir, 'app.html') : undefined;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const html = path === '/' ? landingHtml : appHtml;
    if (
      html &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/assets/')
    ) {
      const encoding = pickEncoding(html, request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply
        .status(path === '/' || isSpaPath(path) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .send(html[encoding]);
    }
    return reply.status(404).send({ error: { code: 'not_found', message: 'Nicht gefunden.' } });
  });
}

/** A page as built, with the .br/.gz variants that scripts/precompress.mjs wrote beside it. */
type Page = { identity: Buffer; br?: Buffer; gzip?: Buffer };

function readPage(clientDir: string, name: string): Page {
  const path = join(clientDir, name);
  const variant = (suffix: string) => (existsSync(path + suffix) ? readFileSync(path + suffix) : undefined);
  return { identity: readFileSync(path), br: variant('.br'), gzip: variant('.gz') };
}

// The landing page is about 33 KB of prerendered HTML, 6 KB compressed: on a slow phone line that is
// most of the time to the first paint.
function pickEncoding(page: Page, accepted: string | undefined): keyof Page {
  const accepts = (name: string) =>
    accepted?.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';');
      return token?.trim().toLowerCase() === name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    }) ?? false;
  if (page.br && accepts('br')) return 'br';
  if (page.gzip && accepts('gzip')) return 'gzip';
  return 'identity';
}
