import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { verifications } from '../db/schema';

describe('forgotten password (mails to files) and password change', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const mails = () => mailsInFolder(app.config.DATA_DIR);
  const post = (
    url: string,
    payload: Record<string, unknown>,
    headers: Record<string, string> = { origin: ORIGIN },
  ) => app.inject({ method: 'POST', url, headers, remoteAddress: clientAddress(), payload });
  const requestReset = (email: string) => post('/api/auth/request-password-reset', { email });
  const resetMail = (email: string) => waitForMail(mails, email, /Passwort zurücksetzen/);
  const tokenOf = (link: URL) => link.searchParams.get('token') ?? '';

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('mails a one-time link to the reset page; the new password works, the old and all sessions do not', async () => {
    const { user, password, headers } = await registerAndConfirm(app);
    const res = await requestReset(user.email);
    expect(res.statusCode).toBe(200);

    const link = linkIn(await resetMail(user.email));
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/reset-password`);
    const reset = await post('/api/auth/reset-password', {
      token: tokenOf(link),
      newPassword: 'ganz-neues-passwort',
    });
    expect(reset.statusCode).toBe(200);

    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(401);
    await signIn(app, { email: user.email, password: 'ganz-neues-passwort' });
    await expect(signIn(app, { email: user.email, password })).rejects.toThrow(/401/);

    const again = await post('/api/auth/reset-password', {
      token: tokenOf(link),
      newPassword: 'noch-ein-passwort',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(
      'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
    );
  });

  it('ends every other outstanding link of the user once one is used', async () => {
    const { user } = await registerAndConfirm(app);
    await requestReset(user.email);
    const older = tokenOf(linkIn(await resetMail(user.email)));
    await requestReset(user.email);
    await expect.poll(() => mails().filter((m) => m.to.includes(user.email)).length).toBe(3);
    const newer = mails()
      .filter((m) => m.to.includes(user.email) && /zurücksetzen/.test(m.subject))
      .map((m) => tokenOf(linkIn(m)))
      .find((t) => t !== older);
    expect(newer).toBeTruthy();
    const used = await post('/api/auth/reset-password', { token: newer, newPassword: 'neues-passwort-1' });
    expect(used.statusCode).toBe(200);
    const stale = await post('/api/auth/reset-password', { token: older, newPassword: 'fremdes-passwort' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('invalid_token');
    await signIn(app, { email: user.email, password: 'neues-passwort-1' });
  });

  it('greets by name only an address its owner has confirmed; a reset confirms it', async () => {
    const confirmed = await registerAndConfirm(app, { fullName: 'Berta Bestätigt' });
    await requestReset(confirmed.user.email);
    expect((await resetMail(confirmed.user.email)).text).toMatch(/^Hallo Berta Bestätigt,\n/);

    const email = `unbestaetigt-${randomUUID()}@example.test`;
    const registered = await post('/api/auth/sign-up/email', {
      name: 'Ruf sofort an',
      email,
      password: 'geheim123',
      passwordConfirm: 'geheim123',
      privacyConsent: true,
      termsConsent: true,
    });
    expect(registered.statusCode).toBe(200);
    await requestReset(email);
    const mail = await resetMail(email);
    expect(mail.text).toMatch(/^Hallo,\n/);
    expect(mail.text + mail.html).not.toContain('Ruf sofort an');
    // the owner of the mailbox takes the account over: the reset confirms the address too
    const reset = await post('/api/auth/reset-password', {
      token: tokenOf(linkIn(mail)),
      newPassword: 'meins-jetzt-1',
    });
    expect(reset.statusCode).toBe(200);
    await signIn(app, { email, password: 'meins-jetzt-1' });
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const known = await registerAndConfirm(app);
    const unknownEmail = `unbekannt-${randomUUID()}@example.test`;
    const a = await requestReset(known.user.email);
    const b = await requestReset(unknownEmail);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    await resetMail(known.user.email);
    expect(mails().some((m) => m.to.includes(unknownEmail))).toBe(false);
  });

  it('keeps reset tokens only hashed in the database', async () => {
    const { user } = await registerAndConfirm(app);
    await requestReset(user.email);
    const token = tokenOf(linkIn(await resetMail(user.email)));
    const rows = await app.database.db.select().from(verifications).where(eq(verifications.value, user.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.identifier).not.toContain(token);
  });

  it('refuses a link older than one hour', async () => {
    const { user } = await registerAndConfirm(app);
    await requestReset(user.email);
    const token = tokenOf(linkIn(await resetMail(user.email)));
    const [row] = await app.database.db
      .select({ expiresAt: verifications.expiresAt, createdAt: verifications.createdAt })
      .from(verifications)
      .where(eq(verifications.value, user.id));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeCloseTo(3600_000, -4);
    await app.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.value, user.id));
    const res = await post('/api/auth/reset-password', { token, newPassword: 'zu-spaet-passwort' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('asks for 8 characters for the new password', async () => {
    const res = await post('/api/auth/reset-password', { token: 'irgendwas', newPassword: 'kurz' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.newPassword).toBe('Passwort muss mindestens 8 Zeichen lang sein.');
  });

  describe('password change in the settings', () => {
    const change = (headers: Record<string, string>, fields: Record<string, unknown>) =>
      post('/api/auth/change-password', { confirmPassword: fields.newPassword, ...fields }, headers);

    it('changes the password (6 characters suffice): this browser stays signed in, every other session ends', async () => {
      const { user, password, headers } = await registerAndConfirm(app);
      const elsewhere = await signIn(app, { email: user.email, password });
      const res = await change(headers, { currentPassword: password, newPassword: 'sechs6' });
      expect(res.statusCode).toBe(200);
      // the session goes on under a fresh cookie (with the old token gone, a stolen copy of it is too)
      const current = { ...headers, cookie: cookiesOf(res) };
      expect(current.cookie).toContain('session_token');
      expect((await app.inject({ method: 'GET', url: '/api/me', headers: current })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/me', headers: elsewhere })).statusCode).toBe(401);
      await signIn(app, { email: user.email, password: 'sechs6' });
      await expect(signIn(app, { email: user.email, password })).rejects.toThrow(/401/);
    });

    it.each([
      [
        { currentPassword: '', newPassword: 'sechs6' },
        'currentPassword',
        'Bitte geben Sie Ihr aktuelles Passwort ein',
      ],
      [
        { currentPassword: 'x', newPassword: 'fünf5' },
        'newPassword',
        'Das neue Passwort muss mindestens 6 Zeichen lang sein',
      ],
      [
        { currentPassword: 'x', newPassword: 'sechs6', confirmPassword: 'sechs7' },
        'confirmPassword',
        'Die neuen Passwörter stimmen nicht überein',
      ],
    ])('rejects %j with the spec message', async (payload, field, message) => {
      const { headers } = await registerAndConfirm(app);
      const res = await change(headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    });

    it('refuses a wrong current password with the spec message', async () => {
      const { user, password, headers } = await registerAndConfirm(app);
      const res = await change(headers, {
        currentPassword: 'nicht-das-richtige',
        newPassword: 'neu-neu-neu',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Das aktuelle Passwort ist nicht korrekt');
      await signIn(app, { email: user.email, password });
    });

    it('answers "Nicht angemeldet" when logged out', async () => {
      const res = await change(
        { origin: ORIGIN },
        { currentPassword: 'abcdefgh', newPassword: 'neu-neu-neu' },
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Nicht angemeldet');
    });
  });
});
