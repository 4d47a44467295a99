// Graceful shutdown of the built server on the project's database: SIGTERM lets a request in
// flight finish, refuses new connections, closes the database (the PGlite lock file goes) and
// exits with 0; the answered write is there after a restart.

import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startBuiltServer } from './built-server';
import { Client, signUp, statementForm } from './http';
import { freshInstallation, type Installation } from './installation';

/** POSTs JSON in two halves; resolves `sent` after the first, `answer` with the response. */
function slowPost(url: string, headers: Record<string, string>, body: string) {
  const payload = Buffer.from(body);
  const req = request(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': payload.length },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(payload.subarray(0, payload.length >> 1));
  return { answer, finish: () => req.end(payload.subarray(payload.length >> 1)) };
}

describe('SIGTERM', () => {
  let installation: Installation | undefined;
  let server: RunningServer | undefined;
  afterEach(async () => {
    if (server && server.child.exitCode === null) await server.kill();
    await installation?.dispose();
  });

  it('finishes the request in flight, refuses new ones, closes the database and exits with 0', async () => {
    installation = await freshInstallation();
    server = await startBuiltServer({ env: { ...installation.env, LOG_LEVEL: 'info' } });
    const client = new Client(server.url);
    await signUp(client, installation.dataDir);
    // leaves an idle keep-alive connection, which must not hold the shutdown up
    expect((await client.send('GET', '/api/statements')).status).toBe(200);

    const inFlight = slowPost(
      `${server.url}/api/statements`,
      { cookie: client.cookie, origin: client.origin },
      JSON.stringify({ title: 'Während des Herunterfahrens', formData: statementForm(1) }),
    );
    // the server has the request once the body parser waits for the rest
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = server.stop();
    const stoppedAt = Date.now();
    const running = server;
    await expect.poll(() => running.logs().some((l) => l.msg === 'shutting down')).toBe(true);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status, answer.body).toBe(201);
    const created = JSON.parse(answer.body) as { id: string };
    expect(await stopping).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(8_000);
    if (installation.kind === 'pglite') expect(existsSync(join(installation.dataDir, 'db.lock'))).toBe(false);

    server = await startBuiltServer({ env: installation.env });
    client.base = server.url;
    const saved = await client.json<{ title: string }>('GET', `/api/statements/${created.id}`);
    expect(saved.title).toBe('Während des Herunterfahrens');
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  }, 90_000);
});
