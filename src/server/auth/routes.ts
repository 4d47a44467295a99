import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetPasswordRequestSchema } from '../../shared/schemas/account';
import { emailSchema, loginSchema, passwordChangeSchema, registerSchema } from '../../shared/schemas/auth';
import { z } from '../../shared/schemas/zod';
import { errorResponses, tooMany } from '../errors';
import { addressGroup, tooManyRequests } from '../http/rate-limit';
import type { Throttle } from '../http/throttle';
import { VERIFICATION_MAILS } from './auth';
import { callAuth, sendAuthResponse, withoutCookies } from './bridge';
import { createLoginThrottle } from './login-throttle';
import { accountLocked, PASSWORD_RESET_REQUESTED, tooManyLoginAttempts } from './messages';
import { currentUser } from './require-user';
import { offerSignInLink } from './sign-in-link';

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
/**
 * The auth library's endpoints that the product uses, each with its request schema (the forms'
 * schemas from shared/, German messages) for validation and the OpenAPI document. The library handles
 * them behind the bridge and gets only the fields it knows; endpoints not listed here are unreachable.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  throttle: Throttle;
  background: (task: Promise<unknown>) => void;
}> = async (app, { throttle, background }) => {
  const logins = createLoginThrottle(app.database.db, throttle);

  app.post(
    '/sign-up/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register; mails a confirmation link whose use signs in',
        description:
          'Consents and the repeated password are checked here. The answer is the same for a new address and for one that already has an account (whose owner gets a notice mail instead): 200 with token and user null, no session. callbackURL is where the confirmation link leads (default: the dashboard).',
        body: registerSchema.safeExtend({ callbackURL: relativeUrl.optional() }),
        response: { 200: z.object({ token: z.null(), user: z.null() }), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { name, email, password, callbackURL } = request.body;
      const response = await callAuth(request, { name, email, password, callbackURL });
      if (!response.ok) return sendAuthResponse(response, reply);
      // nothing of the library's answer: a new account's user must not tell it from a known address
      return { token: null, user: null };
    },
  );

  app.post(
    '/sign-in/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; rememberMe false makes the session end with the browser (else 30 days)',
        body: loginSchema,
        response: {
          200: z.object({ token: z.string(), user: userOut }).loose(),
          ...errorResponses(401, 429),
        },
      },
    },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body;
      const attempt = await logins.attempt(email, addressGroup(request.ip));
      if (!attempt.allowed) {
        const seconds = attempt.retryAfter ?? 1;
        if (!attempt.accountLocked)
          throw tooMany('too_many_attempts', tooManyLoginAttempts(seconds), seconds);
        await offerSignInLink(request, throttle, background, email, password);
        throw tooMany('account_locked', accountLocked(seconds), seconds);
      }
      const response = await callAuth(request, { email, password, rememberMe: rememberMe ?? true });
      if (response.ok) await logins.succeeded(email, addressGroup(request.ip));
      return sendAuthResponse(await asWrongPasswordIfUnconfirmed(response), reply);
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
        response: { 200: z.object({ status: z.boolean() }).loose(), ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const response = await callAuth(request, { email: request.body.email });
      if (!response.ok) return sendAuthResponse(response, reply);
      return { status: true, message: PASSWORD_RESET_REQUESTED };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset mail; ends every session of the user',
        body: resetPasswordRequestSchema,
        response: { 200: ok, ...errorResponses(400) },
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
        summary:
          'Send the confirmation mail of an address again (at most 3 an hour, whether it has an account or not)',
        body: z.object({ email: emailSchema }),
        response: { 200: ok, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // counted for every address alike, so that the limit tells nothing about which have an account
      const allowed = await throttle.consume(`verification-request:${email}`, VERIFICATION_MAILS);
      if (!allowed.allowed) {
        const seconds = allowed.retryAfter ?? 1;
        throw tooMany('too_many_requests', tooManyRequests(seconds), seconds);
      }
      return sendAuthResponse(await callAuth(request, { email }), reply);
    },
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
    async (request, reply) => {
      // a signed-in browser keeps its session: someone else's link must not sign it into their account
      const signedIn = (await currentUser(request)) !== null;
      const response = await callAuth(request);
      return sendAuthResponse(signedIn ? withoutCookies(response) : response, reply);
    },
  );

  app.get(
    '/magic-link/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'The one-time sign-in link mailed to the owner of a locked account: signs in and redirects',
        querystring: z.object({
          token: z.string(),
          callbackURL: relativeUrl.optional(),
          errorCallbackURL: relativeUrl.optional(),
        }),
      },
    },
    async (request, reply) => {
      // as for the confirmation link: a browser signed in already stays with its own account
      const signedIn = (await currentUser(request)) !== null;
      const response = await callAuth(request);
      return sendAuthResponse(signedIn ? withoutCookies(response) : response, reply);
    },
  );

  app.post(
    '/change-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Change the password; needs the current one and the new one twice. Ends every other session; this one goes on under a new cookie',
        body: passwordChangeSchema,
        response: {
          200: z.object({ token: z.string().nullable(), user: userOut }).loose(),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const body = { currentPassword, newPassword, revokeOtherSessions: true };
      return sendAuthResponse(await callAuth(request, body), reply);
    },
  );
};

/**
 * The right password of an unconfirmed account answers exactly like a wrong one (same status, body and
 * headers): otherwise registering an address and signing in with the chosen password would tell whether
 * the address had an account before (ADR 0015). The library mails a fresh confirmation link meanwhile.
 */
async function asWrongPasswordIfUnconfirmed(response: Response): Promise<Response> {
  if (response.status !== 403) return response;
  const text = await response.text();
  if (!text.includes('"EMAIL_NOT_VERIFIED"')) return new Response(text, response);
  return new Response(JSON.stringify({ code: 'INVALID_EMAIL_OR_PASSWORD' }), {
    status: 401,
    headers: response.headers,
  });
}
