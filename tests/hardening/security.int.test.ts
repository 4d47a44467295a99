import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { AUTH_RATE_LIMITS } from '../../src/server/auth/auth';
import { LOGIN_PER_CLIENT } from '../../src/server/auth/login-throttle';
import { createTestApp, testConfig, testDatabase } from '../setup/app';
import {
  clientAddress,
  cookiesOf,
  linkIn,
  mailsInFolder,
  ORIGIN,
  signUp,
  waitForMail,
} from '../setup/factories';
import { multipartBody, PDF_BYTES } from './fuzz/multipart';
import { fillPath, label, operationsOf, pathParameters } from './fuzz/openapi';
import { seedUser } from './fuzz/seed';
import { rowsOf } from './fuzz/snapshot';

type App = Awaited<ReturnType<typeof createTestApp>>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signed by Stripe, not sent by a browser: exempt from the origin check (and refused unsigned). */
const WEBHOOK = '/api/billing/webhook';

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

function expectSecurityHeaders(res: LightMyRequestResponse, https: boolean) {
  const where = `${res.statusCode} ${res.headers['content-type']}`;
  const csp = directives(res);
  expect(csp.get('default-src'), where).toEqual(["'self'"]);
  expect(csp.get('script-src'), where).toEqual(["'self'"]);
  expect(csp.get('script-src-attr'), where).toEqual(["'none'"]);
  expect(csp.get('base-uri'), where).toEqual(["'self'"]);
  expect(csp.get('form-action'), where).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), where).toEqual(["'none'"]);
  expect(csp.get('connect-src'), where).toEqual(["'self'"]);
  for (const [name, values] of csp) {
    for (const bad of ['*', 'http:', 'https:', "'unsafe-eval'"])
      expect(values, `${name} ${where}`).not.toContain(bad);
    if (name !== 'style-src') expect(values, `${name} ${where}`).not.toContain("'unsafe-inline'");
  }
  expect(csp.has('upgrade-insecure-requests'), where).toBe(https);
  expect(res.headers['x-content-type-options'], where).toBe('nosniff');
  expect(res.headers['x-frame-options'], where).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy'], where).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy'], where).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy'], where).toBe('same-origin');
  expect(res.headers['x-powered-by'], where).toBeUndefined();
  if (https) {
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['strict-transport-security']))?.[1]);
    expect(maxAge, where).toBeGreaterThanOrEqual(180 * 24 * 3600);
  } else {
    expect(res.headers['strict-transport-security'], where).toBeUndefined();
  }
}

describe('security headers and CSP', () => {
  let app: App;
  beforeAll(async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'umlage-client-'));
    for (const page of ['index.html', 'app.html'])
      writeFileSync(join(clientDir, page), '<!doctype html><title>Umlage</title><div id="root"></div>');
    app = await buildApp({ config: testConfig(), database: await testDatabase(), clientDir });
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends them on the page, on API answers and on errors', async () => {
    const page = await app.inject({ url: '/dashboard/abrechnungen' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const { headers } = await signUp(app);
    for (const res of [
      page,
      await app.inject({ url: '/api/health' }),
      await app.inject({ url: '/api/me', headers }),
      await app.inject({ url: '/api/me' }),
      await app.inject({ url: '/api/nothing-here' }),
      await app.inject({ method: 'PATCH', url: '/api/me', headers, payload: '{"broken' }),
      await app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: headers.cookie } }),
    ]) {
      expectSecurityHeaders(res, false);
    }
  });

  it('keeps personal answers out of shared caches', async () => {
    const { headers } = await signUp(app);
    for (const op of (await operationsOf(app)).filter(
      (o) => o.method === 'GET' && pathParameters(o).length === 0,
    )) {
      const anonymous = await app.inject({ url: op.path });
      if (anonymous.statusCode !== 401) continue; // public data (packages, site details, health)
      const res = await app.inject({ url: op.path, headers });
      expect(String(res.headers['cache-control'] ?? ''), label(op)).not.toMatch(/public|s-maxage/);
    }
  });
});

describe('cookies', () => {
  it('are HttpOnly and SameSite=Lax, not Secure on a plain-HTTP install', async () => {
    const app = await createTestApp();
    try {
      const { user, password } = await signUp(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        remoteAddress: clientAddress(),
        payload: { email: user.email, password, rememberMe: false },
      });
      const cookies = setCookies(res);
      expect(cookies.length).toBeGreaterThan(0);
      for (const c of cookies) {
        expect(c).toMatch(/;\s*HttpOnly/i);
        expect(c).toMatch(/;\s*SameSite=Lax/i);
        expect(c).not.toMatch(/;\s*Secure/i);
      }
    } finally {
      await app.close();
    }
  });

  it('are Secure (and __Secure- prefixed) behind an HTTPS proxy, and the session works there', async () => {
    const publicUrl = 'https://umlage.example';
    const app = await createTestApp({ PUBLIC_URL: publicUrl, TRUST_PROXY: 'true' });
    const proxied = {
      origin: publicUrl,
      host: 'umlage.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'umlage.example',
    };
    try {
      const email = `s-${Date.now()}@example.test`;
      const password = 'geheim123';
      const seen: string[] = [];
      const signUpRes = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: proxied,
        remoteAddress: clientAddress(),
        payload: {
          name: 'A',
          email,
          password,
          passwordConfirm: password,
          privacyConsent: true,
          termsConsent: true,
        },
      });
      expect(signUpRes.statusCode).toBe(200);
      const mail = await waitForMail(() => mailsInFolder(app.config.DATA_DIR), email, /bestätigen/);
      const link = linkIn(mail);
      const confirmed = await app.inject({ url: link.pathname + link.search, headers: proxied });
      seen.push(...setCookies(confirmed));
      const signInRes = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: proxied,
        remoteAddress: clientAddress(),
        payload: { email, password, rememberMe: false },
      });
      expect(signInRes.statusCode).toBe(200);
      seen.push(...setCookies(signInRes));
      const cookie = cookiesOf(signInRes);
      const me = await app.inject({ url: '/api/me', headers: { ...proxied, cookie } });
      expect(me.statusCode).toBe(200);
      expectSecurityHeaders(me, true);
      const out = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { ...proxied, cookie },
        payload: {},
      });
      expect(out.statusCode).toBe(200);
      seen.push(...setCookies(out));

      expect(seen.some((c) => c.startsWith('__Secure-umlage.session_token='))).toBe(true);
      expect(seen.some((c) => c.startsWith('__Secure-umlage.dont_remember='))).toBe(true);
      for (const c of seen) {
        expect(c).toMatch(/^__Secure-/);
        expect(c).toMatch(/;\s*Secure/i);
        expect(c).toMatch(/;\s*HttpOnly/i);
        expect(c).toMatch(/;\s*SameSite=Lax/i);
      }
    } finally {
      await app.close();
    }
  });
});

describe('cross-site request forgery', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('refuses every state-changing endpoint from a foreign origin, with a valid session, changing nothing', async () => {
    const operations = await operationsOf(app);
    const owner = await seedUser(app, new Set(operations.map(label)));
    const before = await rowsOf(app.database.db, owner.account.user.id);
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      {},
      { referer: 'https://evil.example/formular' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'https://localhost:3000' },
      { origin: 'http://localhost:3001', referer: `${ORIGIN}/dashboard` },
    ];
    let checked = 0;
    for (const op of operations.filter((o) => STATE_CHANGING.has(o.method) && o.path !== WEBHOOK)) {
      const id = owner.ids[1] ?? owner.ids[0] ?? 'x';
      const url = fillPath(op.path, Object.fromEntries(pathParameters(op).map((p) => [p.name, id])));
      const multipart = op.body?.contentType === 'multipart/form-data';
      const payload = multipart
        ? multipartBody([{ name: 'file', value: PDF_BYTES, filename: 'a.pdf', type: 'application/pdf' }], 'b')
        : '{}';
      const contentType = multipart ? 'multipart/form-data; boundary=b' : 'application/json';
      for (const headers of foreign) {
        const res = await app.inject({
          method: op.method,
          url,
          headers: { cookie: owner.account.headers.cookie, 'content-type': contentType, ...headers },
          payload,
        });
        expect(res.statusCode, `${label(op)} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json().error.code).toBe('csrf');
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(foreign.length * 15);
    expect(await rowsOf(app.database.db, owner.account.user.id)).toEqual(before);
  });

  it('lets the payment webhook through the origin check but refuses it unsigned', async () => {
    const operations = await operationsOf(app);
    if (!operations.some((o) => o.path === WEBHOOK)) throw new Error(`${WEBHOOK} is not documented`);
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{"type":"checkout.session.completed"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_signature');
  });
});

describe('redirects', () => {
  it('never leave the app, however the callback path is disguised', async () => {
    const app = await createTestApp();
    try {
      for (const target of [
        '//evil.example',
        'https://evil.example',
        '/..//evil.example',
        '/./\\evil.example',
        '/\\evil.example',
        '/%5Cevil.example',
        '/%2F%2Fevil.example',
        '/\t/evil.example',
        '/dashboard/../..//evil.example',
        'javascript:alert(1)',
      ]) {
        const res = await app.inject({
          url: `/api/auth/verify-email?token=kaputt&callbackURL=${encodeURIComponent(target)}`,
        });
        const location = res.headers.location;
        if (location !== undefined) {
          expect(new URL(String(location), ORIGIN).origin, `${target} → ${location}`).toBe(ORIGIN);
        } else {
          expect(res.statusCode, target).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, target).toBeLessThan(500);
        }
      }
    } finally {
      await app.close();
    }
  });
});

describe('login throttling', () => {
  let app: App;
  const signIn = (
    payload: Record<string, unknown>,
    remoteAddress = clientAddress(),
    extra: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN, ...extra },
      remoteAddress,
      payload,
    });
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('makes a client wait after repeated wrong passwords: even the right one then gets no session', async () => {
    const { user, password } = await signUp(app);
    const ip = clientAddress();
    for (let i = 0; i < LOGIN_PER_CLIENT.max; i++) {
      expect((await signIn({ email: user.email, password: `falsch-${i}-falsch` }, ip)).statusCode).toBe(401);
    }
    const locked = await signIn({ email: user.email, password }, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(/^Zu viele Anmeldeversuche\./);
    expect(cookiesOf(locked)).not.toContain('session_token');
  });

  it('behind the proxy counts the address the proxy appended, not one the client wrote before it', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const client = clientAddress();
      const { max } = AUTH_RATE_LIMITS['/request-password-reset'];
      const statuses: number[] = [];
      for (let i = 0; i <= max; i++) {
        const res = await proxied.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          // what nginx's $proxy_add_x_forwarded_for makes of a client-sent header: forged, then real
          headers: { origin: ORIGIN, 'x-forwarded-for': `${clientAddress()}, ${client}` },
          remoteAddress: '127.0.0.1',
          payload: { email: `proxied-${i}-${Date.now()}@example.test` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, max)).toEqual(Array(max).fill(200));
      expect(statuses[max]).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('counts per client address: a forged X-Forwarded-For buys no new attempts', async () => {
    // the per-IP counter every auth endpoint shares; the reset request is the cheapest to exhaust
    const ip = clientAddress();
    const { max } = AUTH_RATE_LIMITS['/request-password-reset'];
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: ORIGIN, 'x-forwarded-for': clientAddress() },
        remoteAddress: ip,
        payload: { email: `spoof-${i}-${Date.now()}@example.test` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(200));
    expect(statuses[max]).toBe(429);
  });
});
