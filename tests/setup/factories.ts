import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SessionUser } from '../../src/server/auth/require-user';

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

/** Registers a new user through the real endpoint (unique e-mail) and returns their session headers. */
export async function signUp(
  app: Injector,
  overrides: { email?: string; password?: string; fullName?: string } = {},
): Promise<SignedUp> {
  const email = overrides.email ?? `user-${randomUUID()}@example.test`;
  const password = overrides.password ?? 'Sicheres-Passwort-1';
  const fullName = overrides.fullName ?? 'Erika Mustermann';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    remoteAddress: clientAddress(),
    payload: { name: fullName, email, password },
  });
  const body = res.json();
  if (res.statusCode !== 200 || !body.token) {
    throw new Error(`sign-up of ${email} failed: ${res.statusCode} ${res.body}`);
  }
  return {
    user: {
      id: body.user.id,
      email: body.user.email,
      fullName: body.user.name,
      emailVerified: body.user.emailVerified,
    },
    password,
    headers: { cookie: cookiesOf(res), origin: ORIGIN },
  };
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
