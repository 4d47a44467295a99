import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { ORIGIN, registerAndConfirm } from '../../../tests/setup/factories';

const CSRF = { error: { code: 'csrf', message: 'Anfrage von fremder Herkunft abgelehnt.' } };

describe('CSRF guard', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('rejects a state-changing request without Origin or Referer, even with a valid session', async () => {
    const { headers } = await registerAndConfirm(app);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: headers.cookie },
      payload: { fullName: 'Angreifer' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(CSRF);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.json().user.fullName).not.toBe('Angreifer');
  });

  it('rejects a foreign Origin, and a foreign Referer when Origin is missing', async () => {
    const { headers } = await registerAndConfirm(app);
    for (const extra of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      { origin: 'http://localhost:3000.evil.example' },
    ]) {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie: headers.cookie, ...extra },
        payload: { fullName: 'Angreifer' },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(403);
      expect(res.json()).toEqual(CSRF);
    }
  });

  it('guards the auth endpoints too (a forged sign-in or sign-up is refused)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@example.test', password: 'irrelevant' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(CSRF);
  });

  it('accepts our own Origin, or our Referer when Origin is missing', async () => {
    const { headers } = await registerAndConfirm(app);
    const byOrigin = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers,
      payload: { fullName: 'Eins' },
    });
    expect(byOrigin.statusCode).toBe(200);
    const byReferer = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: headers.cookie, referer: `${ORIGIN}/dashboard/einstellungen` },
      payload: { fullName: 'Zwei' },
    });
    expect(byReferer.statusCode).toBe(200);
  });

  it('decides on the route, not on how its path is spelled', async () => {
    const { headers } = await registerAndConfirm(app);
    // `/%61pi/me` is routed as `/api/me`; a check of the raw URL took it for a page
    const res = await app.inject({
      method: 'PATCH',
      url: '/%61pi/me',
      headers: { cookie: headers.cookie, origin: 'https://evil.example' },
      payload: { fullName: 'Angreifer' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(CSRF);
    // a webhook path spelled differently is still the signed webhook's route: exempt, and refused unsigned
    const webhook = await app.inject({ method: 'POST', url: '/api/billing/%77ebhook', payload: {} });
    expect(webhook.statusCode).toBe(400);
  });

  it('checks state-changing requests outside the API too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/dashboard',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(CSRF);
  });

  it('lets reads through and exempts the signed payment webhook', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const webhook = await app.inject({ method: 'POST', url: '/api/billing/webhook', payload: {} });
    expect(webhook.statusCode).not.toBe(403);
  });
});
