import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa';

describe('serving the built client', () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'umlage-spa-'));
  const app = Fastify();
  beforeAll(async () => {
    writeFileSync(join(clientDir, 'index.html'), '<p>landing page</p>');
    writeFileSync(join(clientDir, 'index.html.br'), brotliCompressSync('<p>landing page</p>'));
    writeFileSync(join(clientDir, 'index.html.gz'), gzipSync('<p>landing page</p>'));
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

  it('sends the landing page compressed as the browser accepts it, the build having compressed it', async () => {
    const get = (acceptEncoding?: string) =>
      app.inject({ url: '/', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    const brotli = await get('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('<p>landing page</p>');
    const gzipped = await get('br;q=0, gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe('<p>landing page</p>');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('<p>landing page</p>');
    // app.html has no variants here: it goes out as it is
    const shell = await app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(shell.headers['content-encoding']).toBeUndefined();
    expect(shell.body).toBe('<p>app shell</p>');
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
