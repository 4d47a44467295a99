import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import {
  clientAddress,
  linkIn,
  mailsInFolder,
  ORIGIN,
  registerAndConfirm,
  waitForMail,
} from '../../../tests/setup/factories';
import { rateLimits, sessions } from '../db/schema';
import { AUTH_RATE_LIMITS } from './auth';
import { LOGIN_PER_ACCOUNT, LOGIN_PER_CLIENT, loginDelay } from './login-throttle';

describe('login throttling', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let second: Awaited<ReturnType<typeof createTestApp>>;
  const signIn = (target: typeof app, payload: Record<string, unknown>, remoteAddress = clientAddress()) =>
    target.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      remoteAddress,
      payload,
    });
  /** `max` wrong passwords from `ip`, alternating between the two instances. */
  const guess = async (email: string, ip: string) => {
    for (let i = 0; i < LOGIN_PER_CLIENT.max; i++) {
      const res = await signIn(i % 2 ? app : second, { email, password: `falsch-${i}` }, ip);
      expect(res.statusCode).toBe(401);
    }
  };
  /** Moves the last attempt of `ip` at `email` back by `seconds`, as if that much time had passed. */
  const letTimePass = (email: string, ip: string, seconds: number) =>
    app.database.db
      .update(rateLimits)
      .set({ resetAt: sql`${rateLimits.resetAt} - make_interval(secs => ${seconds})` })
      .where(eq(rateLimits.key, `login:${email}:${ip}`));

  beforeAll(async () => {
    app = await createTestApp();
    // a second instance on the same database, as behind a load balancer
    second = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
    await second.close();
  });

  it('makes one client wait after repeated failures, on any instance, but lets the owner in from elsewhere', async () => {
    const { user, password } = await registerAndConfirm(app);
    const attacker = clientAddress();
    await guess(user.email, attacker);
    const locked = await signIn(second, { email: user.email, password }, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({
      code: 'too_many_attempts',
      message: 'Zu viele Anmeldeversuche. Bitte versuchen Sie es in 15 Sekunden erneut.',
    });
    expect(locked.headers['set-cookie']).toBeUndefined();
    // the owner, from their own address, with the right password
    expect((await signIn(app, { email: user.email, password })).statusCode).toBe(200);
    // and the attacker is still waiting
    expect((await signIn(app, { email: user.email, password: 'x' }, attacker)).statusCode).toBe(429);
  });

  it('doubles the wait with every further attempt, up to 15 minutes', async () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 20].map(loginDelay)).toEqual([0, 15, 30, 60, 120, 240, 480, 900, 900]);
    const { user } = await registerAndConfirm(app);
    const ip = clientAddress();
    await guess(user.email, ip);
    await letTimePass(user.email, ip, 15);
    expect((await signIn(app, { email: user.email, password: 'falsch' }, ip)).statusCode).toBe(401);
    const next = await signIn(app, { email: user.email, password: 'falsch' }, ip);
    expect(next.statusCode).toBe(429);
    // 30 seconds from the refused attempt; a busy machine's slow password checks may have used a few
    const wait = /^Zu viele Anmeldeversuche\. Bitte versuchen Sie es in (\d+) Sekunden erneut\.$/.exec(
      next.json().error.message,
    );
    expect(Number(wait?.[1])).toBeGreaterThan(20);
    expect(Number(wait?.[1])).toBeLessThanOrEqual(30);
  });

  it('counts the address case-insensitively', async () => {
    const { user } = await registerAndConfirm(app);
    const ip = clientAddress();
    for (let i = 0; i < LOGIN_PER_CLIENT.max; i++) {
      await signIn(app, { email: i % 2 ? user.email.toUpperCase() : user.email, password: 'falsch' }, ip);
    }
    expect((await signIn(app, { email: user.email, password: 'x' }, ip)).statusCode).toBe(429);
  });

  it('clears the count of a client after its successful sign-in', async () => {
    const { user, password } = await registerAndConfirm(app);
    const ip = clientAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_PER_CLIENT.max - 1; i++) {
        expect((await signIn(app, { email: user.email, password: 'falsch-falsch' }, ip)).statusCode).toBe(
          401,
        );
      }
      expect((await signIn(app, { email: user.email, password }, ip)).statusCode).toBe(200);
    }
  });

  it('forgets every count of the address when its password is reset', async () => {
    const { user } = await registerAndConfirm(app);
    const ip = clientAddress();
    await guess(user.email, ip);
    expect((await signIn(app, { email: user.email, password: 'x' }, ip)).statusCode).toBe(429);
    await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      remoteAddress: ip,
      payload: { email: user.email },
    });
    const mail = await waitForMail(() => mailsInFolder(app.config.DATA_DIR), user.email, /zurücksetzen/);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      remoteAddress: ip,
      payload: { token: linkIn(mail).searchParams.get('token'), newPassword: 'Neues-Passwort-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(app, { email: user.email, password: 'Neues-Passwort-1' }, ip)).statusCode).toBe(200);
  });

  it('above the account-wide limit, lets in only clients the account has a session from', async () => {
    const { user, password } = await registerAndConfirm(app);
    const home = clientAddress();
    expect((await signIn(app, { email: user.email, password }, home)).statusCode).toBe(200);
    const [session] = await app.database.db
      .select({ ip: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.ipAddress, home));
    expect(session?.ip).toBe(home);
    // as if guesses from many addresses had used up the hour
    await app.database.db
      .update(rateLimits)
      .set({ count: LOGIN_PER_ACCOUNT.max })
      .where(eq(rateLimits.key, `login-account:${user.email}`));
    const stranger = await signIn(app, { email: user.email, password });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error.message).toMatch(
      /^Für dieses Konto gab es zu viele fehlgeschlagene Anmeldeversuche; die Anmeldung von neuen Geräten ist in \d+ Minuten wieder möglich\./,
    );
    expect((await signIn(second, { email: user.email, password }, home)).statusCode).toBe(200);
  });

  it('limits sign-in attempts per IP across addresses, on every instance', async () => {
    const ip = clientAddress();
    const { max } = AUTH_RATE_LIMITS['/sign-in/email'];
    for (let i = 0; i < max; i++) {
      const res = await signIn(
        i % 2 ? app : second,
        { email: `probe-${randomUUID()}@example.test`, password: 'x' },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signIn(app, { email: `probe-${randomUUID()}@example.test`, password: 'x' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(
      /^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ (Minuten|Sekunden) erneut\.$/,
    );
    // another IP still gets through
    const elsewhere = await signIn(app, { email: `probe-${randomUUID()}@example.test`, password: 'x' });
    expect(elsewhere.statusCode).toBe(401);
  });
});
