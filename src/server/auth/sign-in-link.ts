// The way in for the owner of an account that failed sign-ins from many addresses have locked
// (LOGIN_PER_ACCOUNT): from a new address, even the right password is answered 429 like a wrong
// one, so a guesser learns nothing; but when it was the right password, the owner is mailed a
// one-time sign-in link (15 minutes, at most one per quarter hour), and the mailbox lets them in.

import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accounts, users } from '../db/schema';
import type { Throttle } from '../http/throttle';
import { fetchHeaders } from './require-user';

const LINK_MAILS = { window: 15 * 60, max: 1 } as const;
/** Where the link leads once it signed in. */
const AFTER_LINK = '/dashboard';

export async function offerSignInLink(
  request: FastifyRequest,
  throttle: Throttle,
  background: (task: Promise<unknown>) => void,
  email: string,
  password: string,
): Promise<void> {
  const { auth, authContext, database } = request.server;
  const [account] = await database.db
    .select({ hash: accounts.password, verified: users.emailVerified })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, email));
  // a hash is checked either way, so the answer takes as long for an unknown address
  const hash = account?.hash ?? (await authContext.password.hash('kein-konto'));
  const right = await authContext.password.verify({ hash, password });
  if (!right || !account?.verified) return;
  if (!(await throttle.consume(`sign-in-link:${email}`, LINK_MAILS)).allowed) return;
  background(
    auth.api.signInMagicLink({ body: { email, callbackURL: AFTER_LINK }, headers: fetchHeaders(request) }),
  );
}
