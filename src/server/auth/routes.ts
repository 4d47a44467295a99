import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PASSWORD_MIN } from '../../shared/catalog';
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  NAME_REQUIRED,
  PASSWORD_REQUIRED,
} from '../../shared/schemas/messages';
import { z } from '../../shared/schemas/zod';
import { AppError } from '../errors';
import { callAuth, sendAuthResponse } from './bridge';
import { tooManyLoginAttempts } from './messages';
import type { Throttle } from './throttle';

/** Failed-or-not sign-in attempts per address; a successful sign-in clears the counter. */
export const LOGIN_PER_ADDRESS = { window: 15 * 60, max: 5 } as const;

const email = z.string().trim().min(1, EMAIL_REQUIRED).pipe(z.email(EMAIL_INVALID));
const newPassword = z
  .string()
  .min(1, PASSWORD_REQUIRED)
  .min(PASSWORD_MIN.registration, `Passwort muss mindestens ${PASSWORD_MIN.registration} Zeichen lang sein.`)
  .max(128, 'Das Passwort ist zu lang (höchstens 128 Zeichen).');
const relativeUrl = z.string().regex(/^\/(?!\/)/, 'Nur Pfade dieser Anwendung sind erlaubt.');

const ok = z.object({ status: z.boolean() });
const userOut = z
  .object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean() })
  .loose();
const error = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/**
 * The auth library's endpoints that the product uses, each with its request schema (German messages)
 * for validation and the OpenAPI document; the library handles them behind the bridge. Endpoints not
 * listed here are not reachable.
 */
export const authRoutes: FastifyPluginAsyncZod<{ throttle: Throttle }> = async (app, { throttle }) => {
  const forward = async (request: FastifyRequest, reply: FastifyReply) =>
    sendAuthResponse(await callAuth(request), reply);

  app.post(
    '/sign-up/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register with name, e-mail and password; signs in at once and mails a confirmation link',
        description:
          'An address that already has an account gets the same 200 answer without a session (token null), and its owner a notice mail.',
        body: z.object({
          name: z.string().trim().min(1, NAME_REQUIRED).max(200),
          email,
          password: newPassword,
          rememberMe: z.boolean().optional(),
        }),
        response: {
          200: z.object({ token: z.string().nullable(), user: userOut.nullable() }),
          400: error,
          429: error,
        },
      },
    },
    forward,
  );

  app.post(
    '/sign-in/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; rememberMe false makes the cookie end with the browser',
        body: z.object({
          email,
          password: z.string().min(1, PASSWORD_REQUIRED).max(128),
          rememberMe: z.boolean().optional(),
        }),
        response: { 200: z.object({ token: z.string(), user: userOut }).loose(), 401: error, 429: error },
      },
    },
    async (request, reply) => {
      const key = `login:${request.body.email.toLowerCase()}`;
      const attempt = await throttle.consume(key, LOGIN_PER_ADDRESS);
      if (!attempt.allowed) {
        throw new AppError(
          'too_many_attempts',
          429,
          tooManyLoginAttempts(attempt.retryAfter ?? LOGIN_PER_ADDRESS.window),
        );
      }
      const response = await callAuth(request);
      if (response.ok) await throttle.clear(key);
      return sendAuthResponse(response, reply);
    },
  );

  app.post(
    '/sign-out',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        body: z.object({}).optional(),
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    forward,
  );

  app.post(
    '/request-password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a one-time reset link (1 h); answers the same whether the address exists or not',
        body: z.object({ email }),
        response: { 200: z.object({ status: z.boolean() }).loose(), 429: error },
      },
    },
    forward,
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset mail; ends every session of the user',
        body: z.object({ token: z.string().min(1), newPassword }),
        response: { 200: ok, 400: error },
      },
    },
    forward,
  );

  app.post(
    '/send-verification-email',
    {
      schema: {
        tags: ['auth'],
        summary: "Send the signed-in user's confirmation mail again",
        body: z.object({ email, callbackURL: relativeUrl.optional() }),
        response: { 200: ok, 400: error, 429: error },
      },
    },
    forward,
  );

  app.get(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'The link of the confirmation mail: confirms the address and redirects to callbackURL',
        querystring: z.object({ token: z.string(), callbackURL: relativeUrl.optional() }),
      },
    },
    forward,
  );

  app.post(
    '/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password; needs the current one',
        body: z.object({
          currentPassword: z.string().min(1, 'Bitte geben Sie Ihr aktuelles Passwort ein').max(128),
          newPassword: z
            .string()
            .min(
              PASSWORD_MIN.change,
              `Das neue Passwort muss mindestens ${PASSWORD_MIN.change} Zeichen lang sein`,
            )
            .max(128, 'Das Passwort ist zu lang (höchstens 128 Zeichen).'),
          revokeOtherSessions: z.boolean().optional(),
        }),
        response: {
          200: z.object({ token: z.string().nullable(), user: userOut }).loose(),
          400: error,
          401: error,
        },
      },
    },
    forward,
  );
};
