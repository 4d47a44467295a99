import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { clientAddress, cookiesOf, ORIGIN, registerAndConfirm } from '../../../tests/setup/factories';
import { sessions } from '../db/schema';

describe('sign-in, remember me, sign-out', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const signInRaw = (payload: Record<string, unknown>, remoteAddress = clientAddress()) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      remoteAddress,
      payload,
    });
  const setCookies = (res: { headers: Record<string, unknown> }) =>
    [res.headers['set-cookie']].flat().filter((c): c is string => typeof c === 'string');

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('signs in with the right password', async () => {
    const { user, password } = await registerAndConfirm(app);
    const res = await signInRaw({ email: user.email, password });
    expect(res.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookiesOf(res) } });
    expect(me.json().user.id).toBe(user.id);
  });

  it('answers a wrong password and an unknown address alike, in German', async () => {
    const { user } = await registerAndConfirm(app);
    const expected = {
      error: { code: 'invalid_email_or_password', message: 'Bitte überprüfen Sie Ihre Anmeldedaten.' },
    };
    const wrong = await signInRaw({ email: user.email, password: 'falsches-passwort' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(expected);
    const unknown = await signInRaw({ email: `nobody-${randomUUID()}@example.test`, password: 'egal-egal' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(expected);
    expect(cookiesOf(wrong)).not.toContain('session_token');
  });

  it.each([
    [{ email: '', password: 'x' }, 'email', 'E-Mail ist ein Pflichtfeld.'],
    [{ email: 'kein-at', password: 'x' }, 'email', 'Ungültige E-Mail-Adresse.'],
    [{ email: 'a@example.test', password: '' }, 'password', 'Passwort ist ein Pflichtfeld.'],
  ])('rejects %j with the spec message', async (payload, field, message) => {
    const res = await signInRaw(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('"angemeldet bleiben" off: the session cookie has no lifetime, so it ends with the browser', async () => {
    const { user, password } = await registerAndConfirm(app);
    const res = await signInRaw({ email: user.email, password, rememberMe: false });
    expect(res.statusCode).toBe(200);
    const session = setCookies(res).find((c) => c.startsWith('umlage.session_token='));
    expect(session).toBeDefined();
    expect(session).not.toMatch(/Max-Age|Expires/i);
    expect(session).toMatch(/HttpOnly/i);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookiesOf(res) } });
    expect(me.statusCode).toBe(200);
  });

  it('"angemeldet bleiben" on: the cookie lasts 30 days', async () => {
    const { user, password } = await registerAndConfirm(app);
    const res = await signInRaw({ email: user.email, password, rememberMe: true });
    const session = setCookies(res).find((c) => c.startsWith('umlage.session_token='));
    expect(session).toMatch(/Max-Age=2592000/);
  });

  it('renews a remembered session in use once a day: row and cookie get 30 days again', async () => {
    const { user, headers } = await registerAndConfirm(app);
    // pretend the session was created 2 days ago
    await app.database.db.execute(
      sql`update sessions set expires_at = now() + interval '28 days' where user_id = ${user.id}`,
    );
    const me = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.statusCode).toBe(200);
    const renewed = setCookies(me).find((c) => c.startsWith('umlage.session_token='));
    expect(renewed).toMatch(/Max-Age=2592000/);
    const [row] = await app.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it('signs out: the cookie is cleared and the old session no longer works', async () => {
    const { headers } = await registerAndConfirm(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(setCookies(res).some((c) => c.startsWith('umlage.session_token=;') && /Max-Age=0/i.test(c))).toBe(
      true,
    );
    const me = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.statusCode).toBe(401);
  });
});
