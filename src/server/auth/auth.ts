import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { magicLink } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MIN } from '../../shared/catalog';
import type { Database } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';
import type { Config } from '../env';
import type { Throttle } from '../http/throttle';
import type { MailKind, MailOutbox } from '../mail/outbox';
import {
  existingAccountMail,
  type MailContent,
  passwordResetMail,
  signInLinkMail,
  verificationMail,
} from '../mail/templates';
import { forgetLoginAttempts } from './login-throttle';
import { resolveAuthSecret } from './secret';

export interface AuthDeps {
  config: Config;
  database: Database;
  outbox: MailOutbox;
  throttle: Throttle;
  log: FastifyBaseLogger;
  /** Receives work that runs after the response (mails), so the app can await it on close. */
  background: (task: Promise<unknown>) => void;
}

const DAY = 24 * 60 * 60;
export const SESSION_DAYS = 30;
const MINUTES_15 = 15 * 60;
export const VERIFIED_CALLBACK = '/dashboard?email=bestaetigt';

/** Per-IP limits of the auth endpoints (counted in the database, see throttle.ts). */
export const AUTH_RATE_LIMITS = {
  '/sign-in/email': { window: MINUTES_15, max: 30 },
  '/sign-up/email': { window: 60 * 60, max: 100 },
  '/change-password': { window: MINUTES_15, max: 20 },
  '/request-password-reset': { window: MINUTES_15, max: 10 },
  '/send-verification-email': { window: MINUTES_15, max: 10 },
} as const;

/** Confirmation mails per address, whatever asks for them (registration, sign-in, the resend button). */
export const VERIFICATION_MAILS = { window: 60 * 60, max: 3 } as const;

/**
 * The auth library instance of one app (tests build many apps, so nothing here is global).
 * Email + password with scrypt hashes, database sessions in HttpOnly SameSite=Lax cookies.
 */
export function createAuth({ config, database, outbox, throttle, log, background }: AuthDeps) {
  const secure = config.publicUrl.startsWith('https:');
  const send = (kind: MailKind, user: { id: string; email: string } | null, to: string, mail: MailContent) =>
    outbox.deliver({ kind, userId: user?.id ?? null, to, ...mail });

  return betterAuth({
    appName: 'Umlage',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(config),
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      // our tables under the library's model names; column keys already match its field names
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      // the library checks the lower bound of all screens; registration and reset ask 8 (routes.ts)
      minPasswordLength: PASSWORD_MIN.change,
      maxPasswordLength: 128,
      // Registration signs no one in and answers alike for new and known addresses; the confirmation
      // link signs in. Until then the account cannot sign in (ADR 0015).
      requireEmailVerification: true,
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await send(
          'existing-account',
          user,
          user.email,
          existingAccountMail(`${config.publicUrl}/forgot-password`),
        );
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await send(
          'reset-password',
          user,
          user.email,
          passwordResetMail(user.emailVerified ? user.name : null, link),
        );
      },
      onPasswordReset: async ({ user }) => {
        // the other links of this user die with the used one, and the owner may sign in at once:
        // the link came through the mailbox, which confirms the address as well
        await database.db.delete(verifications).where(eq(verifications.value, user.id));
        await forgetLoginAttempts(database.db, user.email);
        if (!user.emailVerified) {
          await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
        }
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // a sign-in with the right password of an unconfirmed account mails a fresh link
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, url }) => {
        const mails = await throttle.consume(`verification-mail:${user.email}`, VERIFICATION_MAILS);
        if (!mails.allowed) {
          log.info('confirmation mail not sent: limit of the address reached');
          return;
        }
        await send('verify-email', user, user.email, verificationMail(confirmationLink(url)));
      },
    },
    // the one-time sign-in link for the owner of an account locked by failed sign-ins (sign-in-link.ts)
    plugins: [
      magicLink({
        disableSignUp: true,
        expiresIn: MINUTES_15,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, url }) => {
          const [user] = await database.db
            .select({ id: users.id, email: users.email, name: users.name })
            .from(users)
            .where(eq(users.email, email));
          await send('sign-in-link', user ?? null, email, signInLinkMail(user?.name ?? '', url));
        },
      }),
    ],
    session: {
      expiresIn: SESSION_DAYS * DAY,
      // renewed (cookie and row) once a day while in use
      updateAge: DAY,
    },
    verification: { storeIdentifier: 'hashed' },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: AUTH_RATE_LIMITS,
      customStorage: { consume: (key, rule) => throttle.consume(`ip:${key}`, rule) },
    },
    advanced: {
      cookiePrefix: 'umlage',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
      // the Fastify bridge sets this header from request.ip (which honours TRUST_PROXY)
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      // checked in tests as in production (the library skips them under NODE_ENV=test)
      disableOriginCheck: false,
      backgroundTasks: { handler: background },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const target =
          level === 'error'
            ? log.error.bind(log)
            : level === 'warn'
              ? log.warn.bind(log)
              : log.info.bind(log);
        target({ args }, `auth: ${message}`);
      },
    },
  });
}

/**
 * The library's link through /api/auth/verify-email; it returns to the path the registration named
 * (register-and-pay: the chosen package), else to the dashboard, whose banner reports the outcome.
 */
function confirmationLink(url: string): string {
  const link = new URL(url);
  if ((link.searchParams.get('callbackURL') ?? '/') === '/')
    link.searchParams.set('callbackURL', VERIFIED_CALLBACK);
  return link.href;
}

export type Auth = ReturnType<typeof createAuth>;
