import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa';

describe('serving the built client', () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'umlage-spa-'));
  const app = Fastify();
  beforeAll(async () => {
    writeFileSync(join(clientDir, 'index.html'), '<p>landing page</p>');
    writeFileSync(join(clientDir, 'app.html'), '<p>app shell</p>');
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    registerSpa(app, clientDir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers `/` with the prerendered landing page and every other page with the app', async () => {
    const landing = await app.inject({ url: '/?utm_source=test' });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toBe('<p>landing page</p>');
    expect(landing.headers['cache-control']).toBe('no-cache');
    for (const url of ['/login', '/impressum/', '/dashboard/abrechnungen/bearbeiten/42', '/paywall?plan=x']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toBe('<p>app shell</p>');
    }
    expect((await app.inject({ method: 'HEAD', url: '/login' })).statusCode).toBe(200);
  });

  it('answers an address the app does not know with its 404 page and status 404', async () => {
    for (const url of ['/nirgendwo', '/dashboard/gibtsnicht', '/login/extra', '/dashboard/immobilien/7/x']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toBe('<p>app shell</p>');
    }
  });

  it('caches hashed assets for a year and answers missing ones, API paths and writes with 404', async () => {
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const request of [
      { url: '/assets/gone-000.js' },
      { url: '/api/nothing' },
      { method: 'POST' as const, url: '/login' },
    ]) {
      const res = await app.inject(request);
      expect(res.statusCode, request.url).toBe(404);
      expect(res.json(), request.url).toEqual({ error: { code: 'not_found', message: 'Nicht gefunden.' } });
    }
  });
});
