import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testDatabase } from '../../../tests/setup/app';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { buildApp } from '../app';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Sends a multipart upload of `totalBytes` over a real socket, generated chunk by chunk, and stops
 * sending once the server has answered. Resolves with the answer and how much was sent by then.
 */
function streamUpload(port: number, user: SignedUp, totalBytes: number, head: Buffer) {
  const boundary = `----umlage${randomUUID()}`;
  const opening = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="docDate"\r\n\r\n2024-01-01\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="riesig.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/documents',
      headers: {
        ...user.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': opening.length + totalBytes + closing.length,
      },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, sentBytes: sent });
        req.destroy();
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const write = () => {
      while (!answered && sent < totalBytes) {
        const piece = sent === 0 ? Buffer.concat([head, chunk.subarray(head.length)]) : chunk;
        const part = piece.subarray(0, Math.min(piece.length, totalBytes - sent));
        sent += part.length;
        if (!req.write(sent === part.length ? Buffer.concat([opening, part]) : part)) {
          req.once('drain', write);
          return;
        }
      }
      if (!answered) req.end(closing);
    };
    write();
  });
}

describe('upload streaming over a real socket', () => {
  let app: App;
  let port: number;
  let user: SignedUp;

  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), database: await testDatabase() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    user = await signUp(app);
  });
  afterAll(() => app.close());

  /** Waits until the server holds no connection (a rejected upload must not leave one paused). */
  async function connectionsClosed(): Promise<boolean> {
    for (let i = 0; i < 40; i++) {
      const open = await new Promise<number>((resolve, reject) =>
        app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
      if (open === 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  it('answers a 2 GB upload with 413 at the limit, holding neither the body in memory nor on disk', async () => {
    const before = process.memoryUsage().rss;
    const result = await streamUpload(port, user, 2 * 1024 ** 3, Buffer.from('%PDF-1.7\n'));
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error.code).toBe('file_too_large');
    // the answer came long before the client could send 2 GB
    expect(result.sentBytes).toBeLessThan(200 * 1024 ** 2);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 ** 2);
    const keys: string[] = [];
    for await (const key of app.storage.list()) keys.push(key);
    expect(keys).toEqual([]);
    expect(await connectionsClosed()).toBe(true);
  });

  it('answers a file with the wrong content with 415 before it is read to the end', async () => {
    const result = await streamUpload(port, user, 500 * 1024 ** 2, Buffer.from('MZ\x90\x00'));
    expect(result.status).toBe(415);
    expect(result.sentBytes).toBeLessThan(100 * 1024 ** 2);
    expect(await connectionsClosed()).toBe(true);
  });
});
