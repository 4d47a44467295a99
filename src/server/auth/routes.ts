import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetPasswordRequestSchema } from '../../shared/schemas/account';
import { emailSchema, loginSchema, passwordChangeSchema, registerSchema } from '../../shared/schemas/auth';
import { z } from '../../shared/schemas/zod';
import { AppError } from '../errors';
import { callAuth, sendAuthResponse } from './bridge';
import { tooManyLoginAttempts } from './messages';
import type { Throttle } from './throttle';

/** Sign-in attempts per address; a successful sign-in clears the counter. */
export const LOGIN_PER_ADDRESS = { window: 15 * 60, max: 5 } as const;

const relativeUrl = z.string().refine(isOwnPath, 'Nur Pfade dieser Anwendung sind erlaubt.');

/**
 * A path of this app exactly as a browser would resolve it: '/..//evil.example' resolves to
 * '//evil.example' (another host), and so do backslashes; only already-normalised paths pass.
 */
function isOwnPath(value: string): boolean {
  if (!value.startsWith('/')) return false;
  const base = 'http://app.invalid';
  const url = new URL(value, base);
  return (
    url.origin === base &&
    !url.pathname.startsWith('//') &&
    `${url.pathname}${url.search}${url.hash}` === value
  );
}

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
 * The auth library's endpoints that the product uses, each with its request schema (the forms'
 * schemas from shared/, German messages) for validation and the OpenAPI document. The library handles
 * them behind the bridge and gets only the fields it knows; endpoints not listed here are unreachable.
 */
export const authRoutes: FastifyPluginAsyncZod<{ throttle: Throttle }> = async (app, { throttle }) => {
  app.post(
    '/sign-up/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register; signs in at once and mails a confirmation link',
        description:
          'Consents and the repeated password are checked here. An address that already has an account gets the same 200 answer without a session (token and user null), and its owner a notice mail.',
        body: registerSchema,
        response: {
          200: z.object({ token: z.string().nullable(), user: userOut.nullable() }),
          400: error,
          429: error,
        },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      return sendAuthResponse(await callAuth(request, { name, email, password }), reply);
    },
  );

  app.post(
    '/sign-in/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; rememberMe false makes the session end with the browser (else 30 days)',
        body: loginSchema,
        response: { 200: z.object({ token: z.string(), user: userOut }).loose(), 401: error, 429: error },
      },
    },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body;
      const key = `login:${email}`;
      const attempt = await throttle.consume(key, LOGIN_PER_ADDRESS);
      if (!attempt.allowed) {
        throw new AppError(
          'too_many_attempts',
          429,
          tooManyLoginAttempts(attempt.retryAfter ?? LOGIN_PER_ADDRESS.window),
        );
      }
      const response = await callAuth(request, { email, password, rememberMe: rememberMe ?? true });
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
    async (request, reply) => sendAuthResponse(await callAuth(request, {}), reply),
  );

  app.post(
    '/request-password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a one-time reset link (1 h); answers the same whether the address exists or not',
        body: z.object({ email: emailSchema }),
        response: { 200: z.object({ status: z.boolean() }).loose(), 429: error },
      },
    },
    async (request, reply) => sendAuthResponse(await callAuth(request, { email: request.body.email }), reply),
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset mail; ends every session of the user',
        body: resetPasswordRequestSchema,
        response: { 200: ok, 400: error },
      },
    },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      return sendAuthResponse(await callAuth(request, { token, newPassword }), reply);
    },
  );

  app.post(
    '/send-verification-email',
    {
      schema: {
        tags: ['auth'],
        summary: "Send the signed-in user's confirmation mail again",
        body: z.object({ email: emailSchema }),
        response: { 200: ok, 400: error, 429: error },
      },
    },
    async (request, reply) => sendAuthResponse(await callAuth(request, { email: request.body.email }), reply),
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
    async (request, reply) => sendAuthResponse(await callAuth(request), reply),
  );

  app.post(
    '/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password; needs the current one and the new one twice',
        body: passwordChangeSchema,
        response: {
          200: z.object({ token: z.string().nullable(), user: userOut }).loose(),
          400: error,
          401: error,
        },
      },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      return sendAuthResponse(await callAuth(request, { currentPassword, newPassword }), reply);
    },
  );
};
