import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import {
  clientAddress,
  cookiesOf,
  linkIn,
  mailsInFolder,
  ORIGIN,
  signIn,
  signUp,
  waitForMail,
} from '../../../tests/setup/factories';

const uniqueEmail = () => `reg-${randomUUID()}@example.test`;

describe('registration and e-mail confirmation', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const mails = () => mailsInFolder(app.config.DATA_DIR);
  const register = (fields: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      remoteAddress: clientAddress(),
      payload: {
        passwordConfirm: fields.password,
        privacyConsent: true,
        termsConsent: true,
        ...fields,
      },
    });

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('creates the account, signs in at once with a 30-day HttpOnly SameSite=Lax cookie', async () => {
    const email = uniqueEmail();
    const res = await register({ name: 'Erika Mustermann', email, password: 'geheim123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, name: 'Erika Mustermann', emailVerified: false });
    const session = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('umlage.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Max-Age=2592000/);
    expect(session).not.toMatch(/Secure/i); // PUBLIC_URL is http here
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookiesOf(res) } });
    expect(me.json()).toMatchObject({ user: { email, fullName: 'Erika Mustermann' }, credits: 0 });
  });

  it.each([
    [{ name: '', email: uniqueEmail(), password: 'geheim123' }, 'name', 'Name ist ein Pflichtfeld.'],
    [{ name: 'A', email: '', password: 'geheim123' }, 'email', 'E-Mail ist ein Pflichtfeld.'],
    [{ name: 'A', email: 'keine-adresse', password: 'geheim123' }, 'email', 'Ungültige E-Mail-Adresse.'],
    [{ name: 'A', email: uniqueEmail(), password: '' }, 'password', 'Passwort ist ein Pflichtfeld.'],
    [
      { name: 'A', email: uniqueEmail(), password: 'kurz123' },
      'password',
      'Passwort muss mindestens 8 Zeichen lang sein.',
    ],
    [
      { name: 'A', email: uniqueEmail(), password: 'geheim123', passwordConfirm: 'geheim124' },
      'passwordConfirm',
      'Die Passwörter stimmen nicht überein.',
    ],
    [
      { name: 'A', email: uniqueEmail(), password: 'geheim123', privacyConsent: false },
      'privacyConsent',
      'Sie müssen der Datenschutzerklärung zustimmen.',
    ],
    [
      { name: 'A', email: uniqueEmail(), password: 'geheim123', termsConsent: false },
      'termsConsent',
      'Sie müssen den AGB zustimmen.',
    ],
  ])('rejects %j with the spec message', async (payload, field, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('mails a confirmation link; following it confirms the address and returns to the dashboard', async () => {
    const { user, headers } = await signUp(app, { fullName: 'Bea Bestätigt' });
    const mail = await waitForMail(mails, user.email, /bestätigen/);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toContain('Hallo Bea Bestätigt,');
    expect(mail.html).toContain('E-Mail-Adresse bestätigen');
    const link = linkIn(mail);
    expect(link.origin).toBe(ORIGIN);
    expect(link.pathname).toBe('/api/auth/verify-email');

    const res = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard?email=bestaetigt');
    const me = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.json().user.emailVerified).toBe(true);
  });

  it('sends a broken confirmation link back with an error instead of confirming', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=kaputt&callbackURL=${encodeURIComponent('/dashboard?email=bestaetigt')}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard?email=bestaetigt&error=INVALID_TOKEN');
  });

  it('sends the confirmation mail again on request of the signed-in user', async () => {
    const { user, headers } = await signUp(app);
    await waitForMail(mails, user.email);
    const before = mails().filter((m) => m.to.includes(user.email)).length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers,
      remoteAddress: clientAddress(),
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(() => mails().filter((m) => m.to.includes(user.email)).length, { timeout: 10_000 })
      .toBe(before + 1);
  });

  it('answers an existing address neutrally: no session, no error, a notice mail to the owner', async () => {
    const existing = await signUp(app);
    const res = await register({
      name: 'Fremder',
      email: existing.user.email.toUpperCase(),
      password: 'anderes-passwort',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: null, user: null });
    expect(cookiesOf(res)).not.toContain('session_token');
    const notice = await waitForMail(mails, existing.user.email, /Registrierung/);
    expect(notice.text).toContain('bereits ein Konto');
    expect(linkIn(notice).pathname).toBe('/forgot-password');
    // the owner's password still works, the stranger's does not
    await signIn(app, { email: existing.user.email, password: existing.password });
    await expect(signIn(app, { email: existing.user.email, password: 'anderes-passwort' })).rejects.toThrow(
      /401/,
    );
  });

  it('treats addresses case-insensitively', async () => {
    const email = `Gross-${randomUUID()}@Example.TEST`;
    const { password } = await signUp(app, { email });
    await signIn(app, { email: email.toLowerCase(), password });
  });
});

describe('behind HTTPS (PUBLIC_URL https://…)', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL: 'https://umlage.example' });
  });
  afterAll(() => app.close());

  it('marks the session cookie Secure (with the __Secure- prefix) and checks the https origin', async () => {
    const payload = {
      name: 'Sina Sicher',
      email: uniqueEmail(),
      password: 'geheim123',
      passwordConfirm: 'geheim123',
      privacyConsent: true,
      termsConsent: true,
    };
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      remoteAddress: clientAddress(),
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://umlage.example' },
      remoteAddress: clientAddress(),
      payload,
    });
    expect(res.statusCode).toBe(200);
    const session = [res.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('__Secure-umlage.session_token='));
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });
});
