import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { testConfig, testDatabase } from '../setup/app';
import { clientAddress, cookiesOf, linkIn, mailsInFolder, ORIGIN, waitForMail } from '../setup/factories';

type App = Awaited<ReturnType<typeof buildApp>>;

const EMAIL_PATTERN = /[\w.+-]+@[\w-]+\.[\w.-]+/;
const AUTH_SECRET = 'log-test-secret-log-test-secret-0123456789';

/**
 * The production logger (debug level) of a whole account life cycle, captured line by line: every
 * request line carries a request id, and no password, cookie, token, e-mail address or name appears.
 */
describe('structured logs', () => {
  let app: App;
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  const remember = (what: string, value: string | null | undefined) => {
    if (value) secrets.set(what, value);
  };

  const email = `Log-Probe-${randomUUID()}@Example.test`;
  const fullName = 'Lotte Logprobe';
  const password = 'Geheimes-Passwort-42';
  const newPassword = 'Neues-Geheimnis-77';

  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'debug',
        AUTH_SECRET,
        CONTACT_EMAIL: 'betreiber@example.test',
      }),
      database: await testDatabase(),
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await app.ready();
    remember('e-mail', email);
    remember('e-mail (lower case)', email.toLowerCase());
    remember('full name', fullName);
    remember('password', password);
    remember('new password', newPassword);
    remember('auth secret', AUTH_SECRET);
  });
  afterAll(() => app.close());

  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin: ORIGIN, ...headers },
      remoteAddress: clientAddress(),
      payload,
    });
  const mails = () => mailsInFolder(app.config.DATA_DIR);
  const rememberCookies = (cookie: string) => {
    for (const pair of cookie.split('; ')) {
      const value = pair.slice(pair.indexOf('=') + 1);
      remember(`cookie ${pair.split('=')[0]}`, value);
      remember(`cookie ${pair.split('=')[0]} (decoded)`, decodeURIComponent(value));
      remember(`token in ${pair.split('=')[0]}`, decodeURIComponent(value).split('.')[0]);
    }
  };

  it('logs a sign-up, sign-in, reset and a few requests without personal data or secrets', async () => {
    const signUp = await post('/api/auth/sign-up/email', {
      name: fullName,
      email,
      password,
      passwordConfirm: password,
      privacyConsent: true,
      termsConsent: true,
    });
    expect(signUp.statusCode).toBe(200);
    remember('sign-up token', signUp.json().token);
    rememberCookies(cookiesOf(signUp));

    const verification = linkIn(await waitForMail(mails, email.toLowerCase(), /bestätigen/));
    remember('verification token', verification.searchParams.get('token'));
    expect((await app.inject({ url: verification.pathname + verification.search })).statusCode).toBe(302);

    expect(
      (await post('/api/auth/sign-in/email', { email, password: 'falsch-falsch-falsch' })).statusCode,
    ).toBe(401);
    const signIn = await post('/api/auth/sign-in/email', { email, password, rememberMe: false });
    expect(signIn.statusCode).toBe(200);
    remember('sign-in token', signIn.json().token);
    const cookie = cookiesOf(signIn);
    rememberCookies(cookie);
    const session = { cookie, origin: ORIGIN, 'x-request-id': 'log-probe-request' };

    expect((await app.inject({ url: '/api/me', headers: session })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'PATCH', url: '/api/me', headers: session, payload: { fullName } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          url: '/api/properties',
          headers: { ...session, authorization: 'Bearer not-a-real-token' },
        })
      ).statusCode,
    ).toBe(200);
    await post('/api/contact', {
      name: fullName,
      email,
      message: 'Bitte rufen Sie mich an.',
      privacyConsent: true,
    });

    expect((await post('/api/auth/request-password-reset', { email })).statusCode).toBe(200);
    const reset = linkIn(await waitForMail(mails, email.toLowerCase(), /zurücksetzen|Passwort/));
    const token = reset.searchParams.get('token') ?? '';
    remember('reset token', token);
    expect((await post('/api/auth/reset-password', { token, newPassword })).statusCode).toBe(200);
    const again = await post('/api/auth/sign-in/email', { email, password: newPassword });
    rememberCookies(cookiesOf(again));
    expect((await post('/api/auth/sign-out', {}, { cookie: cookiesOf(again) })).statusCode).toBe(200);

    // a failed query whose parameters hold an address: the error is logged without them
    const failure = await app.database.db
      .execute(sql`select ${email}::integer`)
      .catch((error: unknown) => error);
    app.log.error({ err: failure }, 'probe: failed query');

    await new Promise((resolve) => setImmediate(resolve)); // "request completed" follows the answer
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((e) => e.req || e.res);
    expect(entries.filter((e) => e.msg === 'request completed').length).toBeGreaterThanOrEqual(12);
    for (const entry of requests) expect(entry.reqId, JSON.stringify(entry)).toEqual(expect.any(String));
    // one line per request, written when it is answered (ADR 0011): the three requests sent with it
    const probe = entries.filter((e) => e.reqId === 'log-probe-request');
    expect(
      probe.map((e) => {
        const req = e.req as { method?: string; url?: string } | undefined;
        const res = e.res as { statusCode?: number } | undefined;
        return `${e.msg} ${req?.method} ${req?.url} ${res?.statusCode}`;
      }),
    ).toEqual([
      'request completed GET /api/me 200',
      'request completed PATCH /api/me 200',
      'request completed GET /api/properties 200',
    ]);
    for (const entry of probe) expect(entry.responseTime).toEqual(expect.any(Number));
    expect(entries.some((e) => e.msg === 'incoming request')).toBe(false);
    // still useful: what failed, and the path of a link without its token
    expect(entries.find((e) => e.msg === 'probe: failed query')?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringContaining('Failed query: select $1::integer'),
    });
    const urls = requests.map((e) => (e.req as { url?: string } | undefined)?.url);
    expect(urls).toContain('/api/auth/verify-email?token=…&callbackURL=…');

    const leaks = lines.flatMap((line) => [
      ...[...secrets].filter(([, value]) => line.includes(value)).map(([what]) => `${what}: ${line}`),
      ...(EMAIL_PATTERN.test(line) ? [`an e-mail address: ${line}`] : []),
    ]);
    expect(leaks).toEqual([]);
  });
});
