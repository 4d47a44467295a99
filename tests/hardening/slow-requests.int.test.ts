import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MESSAGE } from '../../src/server/http/request-timeouts';
import { createTestApp } from '../setup/app';
import { ORIGIN } from '../setup/factories';
import { multipartBody, PDF_BYTES } from './fuzz/multipart';
import { fillPath, label, type Operation, operationsOf, pathParameters } from './fuzz/openapi';
import { type Seeded, seedUser } from './fuzz/seed';
import { filesOf, rowsOf } from './fuzz/snapshot';
import { listen, rawRequest, type Trickled, trickle } from './fuzz/socket';

// Slow clients over a real socket: a request whose headers or body trickle in must not hold its
// connection longer than REQUEST_TIMEOUT_SECONDS (here lowered to 1 s). A byte every 100 ms keeps any
// idle timeout from firing, so only the limit on the whole request can end these connections; the
// client gives up after 20 s, which the assertions tell apart from the server closing.

type App = Awaited<ReturnType<typeof createTestApp>>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DRIP = { everyMs: 100, maxTicks: 200 };

function head(method: string, path: string, headers: Record<string, string>, body = '') {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** The start of a request to `op` that announces a body of 5000 bytes and sends a few of them. */
function slowBodyHead(op: Operation, owner: Seeded): { head: string; drip: string } {
  const id = owner.ids[1] ?? owner.ids[0] ?? 'x';
  const url = fillPath(op.path, Object.fromEntries(pathParameters(op).map((p) => [p.name, id])));
  const headers = { cookie: owner.account.headers.cookie, origin: ORIGIN, 'content-length': '5000' };
  if (op.body?.contentType === 'multipart/form-data') {
    const file = { name: 'file', value: PDF_BYTES, filename: 'a.pdf', type: 'application/pdf' };
    // cut off inside the file, which the drip then goes on
    const start = multipartBody([file], 'b', false).subarray(0, -10).toString('latin1');
    const contentType = 'multipart/form-data; boundary=b';
    return { head: head(op.method, url, { ...headers, 'content-type': contentType }, start), drip: '%' };
  }
  return {
    head: head(op.method, url, { ...headers, 'content-type': 'application/json' }, '{"a":'),
    drip: ' ',
  };
}

function expectTimedOut(result: Trickled, where: string) {
  expect(result.closedByServer, `${where}: the server kept the connection`).toBe(true);
  const response = result.received.slice(result.received.lastIndexOf('HTTP/1.1 '));
  expect(response, where).toMatch(/^HTTP\/1\.1 408 /);
  const body = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
  expect(body, where).toEqual({ error: { code: 'request_timeout', message: REQUEST_TIMEOUT_MESSAGE } });
}

describe('slow clients', () => {
  let app: App;
  let port: number;
  let operations: Operation[];
  beforeAll(async () => {
    app = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });
    port = await listen(app);
    operations = await operationsOf(app);
  });
  afterAll(() => app.close());

  it('are cut off when a body trickles in, on every endpoint that takes one, changing nothing', async () => {
    const owner = await seedUser(app, new Set(operations.map(label)));
    const userId = owner.account.user.id;
    const before = { rows: await rowsOf(app.database.db, userId), files: await filesOf(app.storage, userId) };
    const slow = operations.filter((o) => STATE_CHANGING.has(o.method));
    expect(slow.length).toBeGreaterThan(15);
    const results = await Promise.all(
      slow.map((op) => trickle(port, { ...slowBodyHead(op, owner), ...DRIP })),
    );
    results.forEach((result, i) => {
      expectTimedOut(result, label(slow[i] as Operation));
    });
    expect(await rowsOf(app.database.db, userId)).toEqual(before.rows);
    expect(await filesOf(app.storage, userId)).toEqual(before.files);
  });

  it('are cut off when the body comes in chunks that trickle', async () => {
    const start = head('POST', '/api/contact', { origin: ORIGIN, 'transfer-encoding': 'chunked' });
    expectTimedOut(await trickle(port, { head: start, drip: '1\r\n \r\n', ...DRIP }), 'chunked');
  });

  it('are cut off when the headers trickle, or nothing is sent at all', async () => {
    const [headers, silent] = await Promise.all([
      trickle(port, { head: 'GET /api/health HTTP/1.1\r\n', drip: 'X-Langsam: ja\r\n', ...DRIP }),
      trickle(port, { head: '', drip: '', ...DRIP }),
    ]);
    expectTimedOut(headers, 'slow headers');
    expect(silent.closedByServer, 'silent connection').toBe(true);
  });

  it('are cut off on a kept-alive connection after a request that was served', async () => {
    const served = head('GET', '/api/health', {});
    const second = head('POST', '/api/contact', { origin: ORIGIN, 'content-length': '5000' }, '{');
    const result = await trickle(port, { head: served + second, drip: ' ', ...DRIP });
    expect(result.received).toMatch(/^HTTP\/1\.1 200 /);
    expectTimedOut(result, 'second request');
    expect((await rawRequest(port, { method: 'GET', path: '/api/health' })).status).toBe(200);
  });
});
