import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_DAYS } from '../../src/server/auth/auth';
import type { SessionUser } from '../../src/server/auth/require-user';
import { accounts, sessions, users } from '../../src/server/db/schema';

/** PUBLIC_URL of test apps (tests/setup/app.ts); state-changing API requests must carry it as Origin. */
export const ORIGIN = 'http://localhost:3000';

type Injector = Pick<FastifyInstance, 'inject'>;

export interface SignedUp {
  user: SessionUser;
  password: string;
  /** Ready for `app.inject({ headers })` on any route, state-changing ones included. */
  headers: { cookie: string; origin: string };
}

/**
 * A fresh client address per call: the auth endpoints are rate-limited per IP in the database the
 * tests of a worker share, so tests must not all come from 127.0.0.1.
 */
export function clientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** `name=value; ...` of the cookies a response sets (expired ones left out), for a Cookie header. */
export function cookiesOf(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .filter((c) => !/;\s*max-age=0/i.test(c))
    .map((c) => c.split(';')[0] ?? '')
    .filter(Boolean)
    .join('; ');
}

/** What a test may choose of its new user. */
interface NewUser {
  email?: string;
  password?: string;
  fullName?: string;
}

type App = Pick<FastifyInstance, 'inject' | 'config' | 'database' | 'authContext'>;

// one scrypt hash per password and worker: hashing is what made each sign-up cost a tenth of a second
const hashes = new Map<string, Promise<string>>();

/**
 * A confirmed, signed-in user inserted by a factory: the rows the registration and its confirmation
 * link leave (user, credential, session) and the signed session cookie. Only the auth tests need the
 * real flow (`registerAndConfirm`); everything else starts here.
 */
export async function signUp(app: App, overrides: NewUser = {}): Promise<SignedUp> {
  const email = (overrides.email ?? `user-${randomUUID()}@example.test`).toLowerCase();
  const password = overrides.password ?? 'Sicheres-Passwort-1';
  const fullName = overrides.fullName ?? 'Erika Mustermann';
  const { authContext, database } = app;
  let hash = hashes.get(password);
  if (!hash) {
    hash = authContext.password.hash(password);
    hashes.set(password, hash);
  }
  const id = randomBytes(16).toString('hex');
  const token = randomBytes(24).toString('base64url');
  await database.db.transaction(async (tx) => {
    await tx.insert(users).values({ id, name: fullName, email, emailVerified: true });
    await tx.insert(accounts).values({
      id: randomUUID(),
      userId: id,
      accountId: id,
      providerId: 'credential',
      password: await hash,
    });
    await tx.insert(sessions).values({
      id: randomUUID(),
      userId: id,
      token,
      expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000),
    });
  });
  const signature = createHmac('sha256', authContext.secret).update(token).digest('base64');
  const cookie = `${authContext.authCookies.sessionToken.name}=${encodeURIComponent(`${token}.${signature}`)}`;
  const me = await app.inject({ url: '/api/me', headers: { cookie } });
  if (me.statusCode !== 200) throw new Error(`the new user ${email} is not signed in: ${me.body}`);
  return { user: me.json().user, password, headers: { cookie, origin: ORIGIN } };
}

/**
 * Registers a new user through the real endpoints (unique e-mail): the registration, then the link of
 * its confirmation mail, which signs in (ADR 0015). Returns the session headers.
 */
export async function registerAndConfirm(
  app: Pick<FastifyInstance, 'inject' | 'config'>,
  overrides: NewUser & {
    /** Where the app's mails arrive (default: the files of DATA_DIR/mail). */
    mails?: () => CaughtMail[];
  } = {},
): Promise<SignedUp> {
  const email = overrides.email ?? `user-${randomUUID()}@example.test`;
  const password = overrides.password ?? 'Sicheres-Passwort-1';
  const fullName = overrides.fullName ?? 'Erika Mustermann';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    remoteAddress: clientAddress(),
    payload: {
      name: fullName,
      email,
      password,
      passwordConfirm: password,
      privacyConsent: true,
      termsConsent: true,
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up of ${email} failed: ${res.statusCode} ${res.body}`);
  const mails = overrides.mails ?? (() => mailsInFolder(app.config.DATA_DIR));
  const link = linkIn(await waitForMail(mails, email.toLowerCase(), /bestätigen/));
  const confirmed = await app.inject({ url: link.pathname + link.search, remoteAddress: clientAddress() });
  const cookie = cookiesOf(confirmed);
  if (confirmed.statusCode !== 302 || !cookie.includes('session_token')) {
    throw new Error(`confirming ${email} failed: ${confirmed.statusCode} ${confirmed.body}`);
  }
  const me = await app.inject({ url: '/api/me', headers: { cookie } });
  return { user: me.json().user, password, headers: { cookie, origin: ORIGIN } };
}

/** Signs in through the real endpoint; returns the session headers (throws on failure). */
export async function signIn(
  app: Injector,
  credentials: { email: string; password: string; rememberMe?: boolean },
): Promise<{ cookie: string; origin: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    remoteAddress: clientAddress(),
    payload: credentials,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookiesOf(res), origin: ORIGIN };
}

export interface CaughtMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

/** Reads a raw RFC 822 mail as nodemailer writes it: To, Subject and the decoded text and HTML parts. */
export function parseMail(raw: string): CaughtMail {
  const header = (name: string, block: string) => {
    const match = block.match(new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, 'im'));
    return match?.[1]?.replace(/\r?\n[ \t]/g, ' ').trim() ?? '';
  };
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const part = (type: string) => {
    const start = raw.search(new RegExp(`^Content-Type: ${type}`, 'im'));
    if (start < 0) return '';
    const rest = raw.slice(start);
    const [partHead = '', ...bodyParts] = rest.split(/\r?\n\r?\n/);
    const body = bodyParts.join('\n\n').split(/\r?\n--/)[0] ?? '';
    return /quoted-printable/i.test(partHead) ? decodeQuotedPrintable(body) : body;
  };
  return {
    to: header('To', head),
    replyTo: header('Reply-To', head),
    subject: decodeWords(header('Subject', head)),
    text: part('text/plain'),
    html: part('text/html'),
  };
}

function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Mails the file transport wrote to `${dataDir}/mail/`, oldest first. */
export function mailsInFolder(dataDir: string): CaughtMail[] {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(readFileSync(join(dir, f), 'utf8')));
}

/** Waits until `source()` holds a mail to `to` (mails are sent after the answer). */
export async function waitForMail(
  source: () => CaughtMail[],
  to: string,
  subject?: RegExp,
  timeoutMs = 10_000,
): Promise<CaughtMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = source().find((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link to our app in a mail's text. */
export function linkIn(mail: CaughtMail): URL {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return new URL(match[0]);
}

/** A minimal PDF, enough for the upload's type check. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** Uploads TINY_PDF as a receipt named `name` (as the upload page sends it); answers its id. */
export async function uploadReceipt(app: Injector, who: { headers: Record<string, string> }, name: string) {
  const boundary = `----umlage${randomUUID()}`;
  const payload = Buffer.concat([
    ...Object.entries({ name, docDate: '2025-11-03' }).map(([field, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    TINY_PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}
