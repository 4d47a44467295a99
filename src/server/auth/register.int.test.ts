import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectIndistinguishable } from '../../../tests/hardening/indistinguishable';
import { createTestApp } from '../../../tests/setup/app';
import {
  clientAddress,
  cookiesOf,
  linkIn,
  mailsInFolder,
  ORIGIN,
  registerAndConfirm,
  signIn,
  waitForMail,
} from '../../../tests/setup/factories';
import { VERIFICATION_MAILS } from './auth';

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

  it('creates the account without a session; the mailed link confirms it and signs in for 30 days', async () => {
    const email = uniqueEmail();
    const res = await register({ name: 'Erika Mustermann', email, password: 'geheim123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: null, user: null });
    expect(res.headers['set-cookie']).toBeUndefined();

    const mail = await waitForMail(mails, email, /bestätigen/);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.html).toContain('E-Mail-Adresse bestätigen');
    const link = linkIn(mail);
    expect(link.origin).toBe(ORIGIN);
    expect(link.pathname).toBe('/api/auth/verify-email');
    const confirmed = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/dashboard?email=bestaetigt');
    const session = [confirmed.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('umlage.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Max-Age=2592000/);
    expect(session).not.toMatch(/Secure/i); // PUBLIC_URL is http here
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookiesOf(confirmed) } });
    expect(me.json()).toMatchObject({
      user: { email, fullName: 'Erika Mustermann', emailVerified: true },
      credits: 0,
    });
  });

  it('leads the confirmation link to the path the registration named, never elsewhere', async () => {
    const email = uniqueEmail();
    const paywall = '/paywall?plan=Standard&priceId=price_umlage_standard';
    expect(
      (await register({ name: 'Paula Paket', email, password: 'geheim123', callbackURL: paywall }))
        .statusCode,
    ).toBe(200);
    const link = linkIn(await waitForMail(mails, email, /bestätigen/));
    const confirmed = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(confirmed.headers.location).toBe(paywall);
    const foreign = await register({
      name: 'Eva Extern',
      email: uniqueEmail(),
      password: 'geheim123',
      callbackURL: '//evil.example/',
    });
    expect(foreign.statusCode).toBe(400);
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

  it('sends a broken confirmation link back with an error instead of confirming', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=kaputt&callbackURL=${encodeURIComponent('/dashboard?email=bestaetigt')}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard?email=bestaetigt&error=INVALID_TOKEN');
  });

  it('refuses sign-in until the address is confirmed, answering as for a wrong password, and mails a new link', async () => {
    const email = uniqueEmail();
    await register({ name: 'Ulla Unbestätigt', email, password: 'geheim123' });
    await waitForMail(mails, email, /bestätigen/);
    const attempt = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        remoteAddress: clientAddress(),
        payload: { email, password },
      });
    const right = await attempt('geheim123');
    const wrong = await attempt('falsch-falsch');
    expect(right.statusCode).toBe(401);
    expect(right.json().error).toEqual({
      code: 'invalid_email_or_password',
      message: 'Bitte überprüfen Sie Ihre Anmeldedaten.',
    });
    expectIndistinguishable(wrong, right, 'right password of an unconfirmed account');
    await expect.poll(() => mails().filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBe(2);
    // the newest link works
    const links = mails()
      .filter((m) => m.to.includes(email))
      .map(linkIn);
    const confirmed = await app.inject({ url: (links[1]?.pathname ?? '') + (links[1]?.search ?? '') });
    expect(cookiesOf(confirmed)).toContain('session_token');
    expect((await attempt('geheim123')).statusCode).toBe(200);
  });

  it('sends the confirmation mail again on request, at most three an hour per address', async () => {
    const email = uniqueEmail();
    await register({ name: 'Rita Resend', email, password: 'geheim123' });
    await waitForMail(mails, email, /bestätigen/);
    const resend = (address: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { origin: ORIGIN },
        remoteAddress: clientAddress(),
        payload: { email: address },
      });
    const nobody = uniqueEmail();
    for (let i = 0; i < VERIFICATION_MAILS.max; i++) {
      expectIndistinguishable(await resend(nobody), await resend(email), `request ${i + 1}`);
    }
    const refused = await resend(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(
      /^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/,
    );
    expectIndistinguishable(await resend(nobody), refused, 'over the limit');
    // the registration's mail counts as well: three mails in all, however they were asked for
    await expect.poll(() => mails().filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBe(3);
  });

  it("answers an existing address exactly like a new one; the owner gets a notice without the stranger's name", async () => {
    const existing = await registerAndConfirm(app);
    const fields = { name: 'Fremder Freund', password: 'anderes-passwort' };
    const known = await register({ ...fields, email: existing.user.email.toUpperCase() });
    const fresh = await register({ ...fields, email: uniqueEmail() });
    expect(known.statusCode).toBe(200);
    expectIndistinguishable(fresh, known, 'registration of a known address');
    const notice = await waitForMail(mails, existing.user.email, /Registrierung/);
    expect(notice.text).toContain('bereits ein Konto');
    expect(notice.text).not.toContain('Fremder');
    expect(notice.text).not.toContain('Erika');
    expect(linkIn(notice).pathname).toBe('/forgot-password');
    // the owner's password still works, the stranger's does not
    await signIn(app, { email: existing.user.email, password: existing.password });
    await expect(signIn(app, { email: existing.user.email, password: 'anderes-passwort' })).rejects.toThrow(
      /401/,
    );
  });

  it("puts no name into the confirmation mail (the address is not yet known to be the registrant's)", async () => {
    const email = uniqueEmail();
    await register({ name: 'Konto gesperrt Rufen Sie an', email, password: 'geheim123' });
    const mail = await waitForMail(mails, email, /bestätigen/);
    expect(mail.text.startsWith('Hallo,\n')).toBe(true);
    expect(mail.text + mail.html).not.toContain('gesperrt');
  });

  it('refuses a name that would carry a message: long, several lines or a web address', async () => {
    for (const name of [
      'x'.repeat(101),
      'Erika\nIhr Konto wird gesperrt',
      'Bitte melden: umlage-hilfe.example',
    ]) {
      const res = await register({ name, email: uniqueEmail(), password: 'geheim123' });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.fields.name, name).toMatch(/^Der Name darf /);
    }
  });

  it('treats addresses case-insensitively', async () => {
    const email = `Gross-${randomUUID()}@Example.TEST`;
    const { password } = await registerAndConfirm(app, { email });
    await signIn(app, { email: email.toLowerCase(), password });
  });
});

describe('behind HTTPS (PUBLIC_URL https://…)', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL: 'https://umlage.example' });
  });
  afterAll(() => app.close());

  it('marks the session cookie of the confirmation link Secure (__Secure- prefix) and checks the https origin', async () => {
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
    const mails = () => mailsInFolder(app.config.DATA_DIR);
    const link = linkIn(await waitForMail(mails, payload.email, /bestätigen/));
    expect(link.origin).toBe('https://umlage.example');
    const confirmed = await app.inject({ url: link.pathname + link.search });
    const session = [confirmed.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('__Secure-umlage.session_token='));
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });
});
