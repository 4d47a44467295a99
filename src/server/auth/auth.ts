import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MIN } from '../../shared/catalog';
import type { Database } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';
import type { Config } from '../env';
import type { Mailer } from '../mail/mailer';
import { existingAccountMail, passwordResetMail, verificationMail } from '../mail/templates';
import { resolveAuthSecret } from './secret';
import type { Throttle } from './throttle';

export interface AuthDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
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

/**
 * The auth library instance of one app (tests build many apps, so nothing here is global).
 * Email + password with scrypt hashes, database sessions in HttpOnly SameSite=Lax cookies.
 */
export function createAuth({ config, database, mailer, throttle, log, background }: AuthDeps) {
  const secure = config.publicUrl.startsWith('https:');
  const sendInBackground = (
    to: string,
    mail: { subject: string; text: string; html: string },
    link: string,
  ) => mailer.send({ to, ...mail, link });

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
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await sendInBackground(user.email, passwordResetMail(user.name, link), link);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, token }) => {
        // back to the dashboard, whose banner reports the outcome (`&error=...` when the link failed)
        const link = `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(VERIFIED_CALLBACK)}`;
        await sendInBackground(user.email, verificationMail(user.name, link), link);
      },
    },
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
    hooks: {
      // Registering an existing address answers like a registration that needs confirmation:
      // no session, no error. The owner gets a mail instead.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const body: unknown = ctx.body;
        const email =
          typeof body === 'object' && body && 'email' in body ? String(body.email).toLowerCase() : '';
        const password = typeof body === 'object' && body && 'password' in body ? String(body.password) : '';
        const existing = await ctx.context.internalAdapter.findUserByEmail(email);
        if (!existing) return;
        await ctx.context.password.hash(password); // same work as a real registration
        const link = `${config.publicUrl}/forgot-password`;
        background(
          sendInBackground(existing.user.email, existingAccountMail(existing.user.name, link), link),
        );
        return ctx.json({ token: null, user: null });
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
