import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../setup/app';
import { clientAddress, mailsInFolder, ORIGIN, signUp, waitForMail } from '../setup/factories';
import { expectIndistinguishable } from './indistinguishable';

type App = Awaited<ReturnType<typeof createTestApp>>;

const PASSWORD = 'Gewaehltes-Passwort-1';
const newAddress = () => `neu-${randomUUID()}@example.test`;

/**
 * An outsider who asks "has this address an account?" of every endpoint that takes an address gets
 * the same answer for a known and an unknown one (item 8). Each probe is run for both and
 * the answers compared byte for byte.
 */
describe('no answer tells whether an address has an account', () => {
  let app: App;
  const post = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, remoteAddress: clientAddress(), payload });
  const register = (email: string) =>
    post('/api/auth/sign-up/email', {
      name: 'Neugierige Nora',
      email,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      privacyConsent: true,
      termsConsent: true,
    });

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('registration', async () => {
    const known = await signUp(app);
    expectIndistinguishable(await register(newAddress()), await register(known.user.email), 'sign-up');
  });

  it('registering, then signing in with the password just chosen', async () => {
    const known = await signUp(app);
    const fresh = newAddress();
    await register(fresh);
    await register(known.user.email);
    const onNew = await post('/api/auth/sign-in/email', { email: fresh, password: PASSWORD });
    const onKnown = await post('/api/auth/sign-in/email', { email: known.user.email, password: PASSWORD });
    expect(onKnown.statusCode).toBe(401);
    expectIndistinguishable(onKnown, onNew, 'sign-in after sign-up');
  });

  it('signing in with a wrong password', async () => {
    const known = await signUp(app);
    const wrong = { password: 'falsch-falsch' };
    expectIndistinguishable(
      await post('/api/auth/sign-in/email', { email: newAddress(), ...wrong }),
      await post('/api/auth/sign-in/email', { email: known.user.email, ...wrong }),
      'sign-in',
    );
  });

  it('asking for a password reset or a confirmation mail', async () => {
    const known = await signUp(app);
    const unconfirmed = newAddress();
    await register(unconfirmed);
    await waitForMail(() => mailsInFolder(app.config.DATA_DIR), unconfirmed, /bestätigen/);
    for (const url of ['/api/auth/request-password-reset', '/api/auth/send-verification-email']) {
      const unknown = await post(url, { email: newAddress() });
      expectIndistinguishable(unknown, await post(url, { email: known.user.email }), `${url}, confirmed`);
      expectIndistinguishable(unknown, await post(url, { email: unconfirmed }), `${url}, unconfirmed`);
    }
  });
});
