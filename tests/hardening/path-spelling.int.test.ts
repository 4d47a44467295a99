import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../setup/app';
import { ORIGIN } from '../setup/factories';
import { multipartBody, PDF_BYTES } from './fuzz/multipart';
import { fillPath, label, type Operation, operationsOf, pathParameters } from './fuzz/openapi';
import { type Seeded, seedUser } from './fuzz/seed';
import { filesOf, rowsOf } from './fuzz/snapshot';
import { listen, rawRequest } from './fuzz/socket';
import { pathSpellings } from './fuzz/spellings';

// Every check that looks at a request's path must hold however the path is spelled: the router decodes
// `%61pi` to `api`, so a check of the raw URL is dodged by it. Sent over a real socket, as app.inject
// normalises some spellings away.

type App = Awaited<ReturnType<typeof createTestApp>>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WEBHOOK = '/api/billing/webhook';

function requestOf(op: Operation, owner: Seeded) {
  const id = owner.ids[1] ?? owner.ids[0] ?? 'x';
  const url = fillPath(op.path, Object.fromEntries(pathParameters(op).map((p) => [p.name, id])));
  const multipart = op.body?.contentType === 'multipart/form-data';
  const body = multipart
    ? multipartBody([{ name: 'file', value: PDF_BYTES, filename: 'a.pdf', type: 'application/pdf' }], 'b')
    : '{}';
  const contentType = multipart ? 'multipart/form-data; boundary=b' : 'application/json';
  return { url, body, contentType };
}

const errorCode = (body: string) => {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

describe('path spellings', () => {
  let app: App;
  let port: number;
  let operations: Operation[];
  beforeAll(async () => {
    app = await createTestApp();
    port = await listen(app);
    operations = await operationsOf(app);
  });
  afterAll(() => app.close());

  it('never get a foreign-origin request with a valid session past the CSRF check, changing nothing', async () => {
    const owner = await seedUser(app, new Set(operations.map(label)));
    const userId = owner.account.user.id;
    const before = { rows: await rowsOf(app.database.db, userId), files: await filesOf(app.storage, userId) };
    let refused = 0;
    let sent = 0;
    for (const op of operations.filter((o) => STATE_CHANGING.has(o.method) && o.path !== WEBHOOK)) {
      const { url, body, contentType } = requestOf(op, owner);
      for (const path of pathSpellings(url)) {
        const res = await rawRequest(port, {
          method: op.method,
          path,
          headers: {
            cookie: owner.account.headers.cookie,
            origin: 'https://evil.example',
            'content-type': contentType,
          },
          body,
        });
        const where = `${label(op)} as ${op.method} ${path}: ${res.status} ${res.body}`;
        // refused, or not a route at all (also answered by the CSRF check, which runs for every path)
        expect([400, 403, 404], where).toContain(res.status);
        if (res.status === 403) expect(errorCode(res.body), where).toBe('csrf');
        if (res.status === 403) refused++;
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(15 * 10);
    // the router takes percent-encoded letters for the plain ones: those spellings did reach routes
    expect(refused).toBeGreaterThan(15);
    expect(await rowsOf(app.database.db, userId)).toEqual(before.rows);
    expect(await filesOf(app.storage, userId)).toEqual(before.files);
  });

  it('reach a route when the origin is ours, so the refusals above are the CSRF check at work', async () => {
    const owner = await seedUser(app, new Set(operations.map(label)));
    const res = await rawRequest(port, {
      method: 'PATCH',
      path: '/%61pi/%6De',
      headers: { cookie: owner.account.headers.cookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Neu Geschrieben' }),
    });
    expect(res.status).toBe(200);
  });

  it('never get a read that needs a session past the sign-in check', async () => {
    const owner = await seedUser(app, new Set(operations.map(label)));
    let checked = 0;
    for (const op of operations.filter((o) => o.method === 'GET')) {
      const { url } = requestOf(op, owner);
      const anonymous = await rawRequest(port, { method: 'GET', path: url });
      if (anonymous.status !== 401) continue; // public: packages, site details, health, the SPA
      for (const path of pathSpellings(url)) {
        const res = await rawRequest(port, { method: 'GET', path });
        // a spelling that is no API route may fall through to the SPA's page, which holds no data;
        // 400: a URL the router cannot decode
        const page = res.status === 200 && res.body.startsWith('<!doctype html>');
        if (!page)
          expect([400, 401, 404], `${label(op)} as GET ${path}: ${res.status}`).toContain(res.status);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5 * 10);
  });

  it('leave the payment webhook signed however it is spelled', async () => {
    for (const path of pathSpellings(WEBHOOK)) {
      const res = await rawRequest(port, {
        method: 'POST',
        path,
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body: '{"type":"checkout.session.completed"}',
      });
      const where = `${path}: ${res.status} ${res.body}`;
      expect([400, 403, 404], where).toContain(res.status);
      if (res.status === 400) expect(errorCode(res.body), where).toBe('invalid_signature');
    }
  });
});
