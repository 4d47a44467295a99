// Hardening round three, items 14-16: the owner locked out by strangers, the confirmation link as login CSRF, and
// the smaller answers (IPv6 networks, the framework's own errors, a foreign id's receipts, the reset
// answer, receipts a final letter enclosed, caching of private answers).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_PER_ACCOUNT } from '../../src/server/auth/login-throttle';
import { changeCredits } from '../../src/server/credits/ledger';
import { rateLimits } from '../../src/server/db/schema';
import { addressGroup } from '../../src/server/http/rate-limit';
import { warningKey } from '../../src/shared/settlement/checks';
import { buildFourUnitHouse, houseDraft } from '../builders/building';
import { createTestApp } from '../setup/app';
import {
  clientAddress,
  cookiesOf,
  linkIn,
  mailsInFolder,
  ORIGIN,
  signUp,
  uploadReceipt,
  waitForMail,
} from '../setup/factories';
import { injectApi } from '../setup/inject-api';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('accounts and the answers around them', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  const mails = () => mailsInFolder(app.config.DATA_DIR);
  const signIn = (payload: { email: string; password: string }, remoteAddress = clientAddress()) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      remoteAddress,
      payload,
    });

  it('lets the owner of a locked account in through a mailed link, and tells a guesser nothing', async () => {
    const { user, password } = await signUp(app);
    // failed guesses from many addresses have used up the account's hour
    await app.database.db
      .insert(rateLimits)
      .values({
        key: `login-account:${user.email}`,
        count: LOGIN_PER_ACCOUNT.max,
        resetAt: new Date(Date.now() + 3_600_000),
      })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: LOGIN_PER_ACCOUNT.max } });
    const wrong = await signIn({ email: user.email, password: 'Falsches-Passwort-9' });
    const right = await signIn({ email: user.email, password });
    for (const res of [wrong, right]) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(right.json()).toEqual(wrong.json());
    const mail = await waitForMail(mails, user.email, /Anmeldelink/);
    expect(mails().filter((m) => m.to.includes(user.email) && /Anmeldelink/.test(m.subject))).toHaveLength(1);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/api/auth/magic-link/verify');
    const opened = await app.inject({ url: link.pathname + link.search, remoteAddress: clientAddress() });
    expect(opened.statusCode).toBe(302);
    const me = await app.inject({ url: '/api/me', headers: { cookie: cookiesOf(opened) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(user.email);
    // the link works once
    const again = await app.inject({ url: link.pathname + link.search, remoteAddress: clientAddress() });
    expect(cookiesOf(again)).not.toContain('session_token');
  });

  it('keeps a signed-in browser in its own account when it opens someone else’s confirmation link', async () => {
    const victim = await signUp(app);
    const attackerEmail = `angreifer-${Date.now()}@example.test`;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      remoteAddress: clientAddress(),
      payload: {
        name: 'Anton Angreifer',
        email: attackerEmail,
        password: 'Angreifer-Passwort-1',
        passwordConfirm: 'Angreifer-Passwort-1',
        privacyConsent: true,
        termsConsent: true,
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const link = linkIn(await waitForMail(mails, attackerEmail, /bestätigen/));
    const opened = await app.inject({
      url: link.pathname + link.search,
      headers: { cookie: victim.headers.cookie },
    });
    expect(opened.statusCode).toBe(302);
    expect(cookiesOf(opened)).not.toContain('session_token');
    const me = await app.inject({ url: '/api/me', headers: victim.headers });
    expect(me.json().user.email).toBe(victim.user.email);
    // the address is confirmed all the same: its owner signs in with the password
    expect((await signIn({ email: attackerEmail, password: 'Angreifer-Passwort-1' })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    expect(addressGroup('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8:1:2::1')).toBe(addressGroup('2001:0db8:0001:0002:ffff::9'));
    expect(addressGroup('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressGroup('10.1.2.3')).toBe('10.1.2.3');
    // sign-in attempts of one network share one count, whichever address of it they come from
    const { user } = await signUp(app);
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const res = await signIn(
        { email: user.email, password: `falsch-${i}` },
        `2001:db8:77:1::${i.toString(16)}`,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it.each([
    ['an overlong id', `/api/settlements/${'a'.repeat(300)}`, 414],
    ['a broken URL encoding', '/api/settlements/%E0%A4%A', 400],
    ['a broken tenant link', '/m/%zz', 400],
  ])('answers %s in our error shape with our headers', async (_, url, status) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({
      error: { code: expect.any(String), message: expect.stringMatching(/\p{L}/u) },
    });
    expect(res.json().error.message).not.toMatch(/url|param/i);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers another user’s settlement receipts with 404', async () => {
    const owner = await signUp(app);
    const house = await buildFourUnitHouse(injectApi(app, owner));
    const id = await houseDraft(injectApi(app, owner), house);
    const other = await signUp(app);
    const res = await app.inject({ url: `/api/settlements/${id}/cost-documents`, headers: other.headers });
    expect(res.statusCode).toBe(404);
    expect(
      (await app.inject({ url: `/api/settlements/${id}/cost-documents`, headers: owner.headers })).statusCode,
    ).toBe(200);
  });

  it('answers a password reset request in German', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      remoteAddress: clientAddress(),
      payload: { email: `niemand-${Date.now()}@example.test` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Falls zu dieser E-Mail-Adresse ein Konto besteht, haben wir Ihnen einen Link zum Zurücksetzen des Passworts geschickt.',
    );
  });

  it('keeps a receipt a final letter enclosed, and never lets private answers be cached', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const house = await buildFourUnitHouse(api);
    const id = await houseDraft(api, house);
    const documentId = await uploadReceipt(app, who, 'Grundsteuerbescheid');
    expect(
      (await api('PUT', `/api/settlements/${id}/costs/0/documents`, { documentIds: [documentId] })).status,
    ).toBe(200);
    await changeCredits(app.database.db, {
      workspaceId: who.user.id,
      userId: who.user.id,
      delta: 5,
      reason: 'adjustment',
    });
    const warnings = (await api('GET', `/api/settlements/${id}`)).body.warnings as {
      code: string;
      path: string;
      severity: string;
    }[];
    const final = await api('POST', `/api/settlements/${id}/finalize`, {
      confirmedWarnings: warnings.filter((w) => w.severity === 'warning').map(warningKey),
    });
    expect(final.status).toBe(200);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/documents/${documentId}`,
      headers: who.headers,
    });
    expect(removed.statusCode).toBe(409);
    expect(
      (await app.inject({ url: `/api/documents/${documentId}/file`, headers: who.headers })).statusCode,
    ).toBe(200);
    for (const url of [
      `/api/settlements/${id}`,
      '/api/settlements',
      `/api/settlements/${id}/deliveries`,
      '/api/me',
    ]) {
      const res = await app.inject({ url, headers: who.headers });
      expect(res.headers['cache-control'], url).toMatch(/^(private, )?no-store$/);
    }
  });
});
