import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { registerAndConfirm } from '../../../tests/setup/factories';
import { verifiedToken } from './session-lookup';

type App = Awaited<ReturnType<typeof createTestApp>>;

const SESSION_COOKIE = /umlage\.session_token=([^;]+)/;

describe('session lookup (one query per request)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

  it('accepts the cookie the auth library signed, on /api/me and on other routes', async () => {
    const { user, headers } = await registerAndConfirm(app);
    const me = await get('/api/me', headers.cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user,
      credits: 0,
      workspace: { id: user.id, name: user.fullName, role: 'owner', propertyIds: null },
    });
    expect(me.headers['set-cookie']).toBeUndefined();
    expect((await get('/api/statements', headers.cookie)).statusCode).toBe(200);
  });

  it('refuses a cookie whose token or signature was changed', async () => {
    const { headers } = await registerAndConfirm(app);
    const value = decodeURIComponent(SESSION_COOKIE.exec(headers.cookie)?.[1] ?? '');
    const [token = '', signature = ''] = value.split('.');
    // each forgery differs from the real value (a random token may already end in 'x')
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const otherToken = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    for (const forged of [`${token}.${flipped}`, `${otherToken}.${signature}`, token, '']) {
      const cookie = `umlage.session_token=${encodeURIComponent(forged)}`;
      expect((await get('/api/me', cookie)).statusCode, forged).toBe(401);
      expect((await get('/api/statements', cookie)).statusCode, forged).toBe(401);
    }
  });

  it('refuses an expired session', async () => {
    const { user, headers } = await registerAndConfirm(app);
    await app.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await get('/api/statements', headers.cookie)).statusCode).toBe(401);
    expect((await get('/api/me', headers.cookie)).statusCode).toBe(401);
  });

  it('verifies HMAC-SHA256 signatures in base64 and nothing else', () => {
    const secret = 'a-secret';
    // base64(HMAC-SHA256('a-secret', 'tok')), as the library computes it
    const signature = 'NM1Ys8RHfJlYTbMKT3KIdI7hdxx/o73Z061hc9I60UU=';
    expect(verifiedToken(`tok.${signature}`, secret)).toBe('tok');
    expect(verifiedToken(`tok.${signature}`, 'another-secret')).toBeNull();
    expect(verifiedToken('.abc', secret)).toBeNull();
    expect(verifiedToken('no-signature', secret)).toBeNull();
  });
});
