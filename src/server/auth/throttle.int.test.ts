import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { clientAddress, ORIGIN, signUp } from '../../../tests/setup/factories';
import { AUTH_RATE_LIMITS } from './auth';
import { LOGIN_PER_ADDRESS } from './routes';

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

  beforeAll(async () => {
    app = await createTestApp();
    // a second instance on the same database, as behind a load balancer
    second = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
    await second.close();
  });

  it('locks an address after repeated failures, from any IP and on any instance', async () => {
    const { user, password } = await signUp(app);
    for (let i = 0; i < LOGIN_PER_ADDRESS.max; i++) {
      const res = await signIn(i % 2 ? app : second, { email: user.email, password: 'falsch-falsch' });
      expect(res.statusCode).toBe(401);
    }
    const locked = await signIn(second, { email: user.email, password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({
      code: 'too_many_attempts',
      message: 'Zu viele Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.',
    });
    // other addresses are not affected
    const other = await signUp(app);
    expect((await signIn(app, { email: other.user.email, password: other.password })).statusCode).toBe(200);
  });

  it('counts the address case-insensitively', async () => {
    const { user } = await signUp(app);
    for (let i = 0; i < LOGIN_PER_ADDRESS.max; i++) {
      await signIn(app, { email: i % 2 ? user.email.toUpperCase() : user.email, password: 'falsch-falsch' });
    }
    expect((await signIn(app, { email: user.email, password: 'x' })).statusCode).toBe(429);
  });

  it('clears the count of an address after a successful sign-in', async () => {
    const { user, password } = await signUp(app);
    for (let i = 0; i < LOGIN_PER_ADDRESS.max - 1; i++) {
      expect((await signIn(app, { email: user.email, password: 'falsch-falsch' })).statusCode).toBe(401);
    }
    expect((await signIn(app, { email: user.email, password })).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_PER_ADDRESS.max - 1; i++) {
      expect((await signIn(app, { email: user.email, password: 'falsch-falsch' })).statusCode).toBe(401);
    }
    expect((await signIn(app, { email: user.email, password })).statusCode).toBe(200);
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
