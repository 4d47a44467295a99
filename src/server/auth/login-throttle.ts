import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rateLimits, sessions, users } from '../db/schema';
import type { Throttle, ThrottleResult } from '../http/throttle';

/**
 * Sign-in attempts per (e-mail address, client IP): `max` in a row are free, then each further one
 * waits twice as long as the last (15 s, 30 s, … up to `maxDelay`). The count is kept until `memory`
 * seconds pass without an attempt; a successful sign-in or a password reset clears it.
 */
export const LOGIN_PER_CLIENT = { max: 5, firstDelay: 15, maxDelay: 15 * 60, memory: 24 * 60 * 60 } as const;

/**
 * Attempts per e-mail address from all clients, a stop for guessing from many addresses at once.
 * Above it only clients the account has a session from get through, so it cannot lock the owner out
 * of their own devices; a password reset clears it too.
 */
export const LOGIN_PER_ACCOUNT = { window: 60 * 60, max: 100 } as const;

/** Seconds to wait after `attempts` attempts in a row (0 while they are free). */
export function loginDelay(attempts: number): number {
  const { max, firstDelay, maxDelay } = LOGIN_PER_CLIENT;
  if (attempts < max) return 0;
  return Math.min(maxDelay, firstDelay * 2 ** (attempts - max));
}

const clientKey = (email: string, ip: string) => `login:${email}:${ip}`;
const accountKey = (email: string) => `login-account:${email}`;

export function createLoginThrottle(db: Db, throttle: Throttle) {
  /**
   * Counts an attempt of `ip` at `email`, or refuses it. One upsert that only counts when the wait
   * is over, so parallel requests cannot slip past it. The row's reset_at is the last attempt plus
   * `memory`, which gives both when the count lapses and when the current wait ends.
   */
  async function consumeClient(email: string, ip: string): Promise<ThrottleResult> {
    const { max, firstDelay, maxDelay, memory } = LOGIN_PER_CLIENT;
    const lapsed = sql`${rateLimits.resetAt} <= now()`;
    const lastAttempt = sql`${rateLimits.resetAt} - make_interval(secs => ${memory})`;
    const delay = sql`least(${maxDelay}, ${firstDelay} * power(2, ${rateLimits.count} - ${max}))`;
    const [counted] = await db
      .insert(rateLimits)
      .values({ key: clientKey(email, ip), count: 1, resetAt: sql`now() + make_interval(secs => ${memory})` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${lapsed} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`excluded.reset_at`,
        },
        setWhere: or(
          lapsed,
          sql`${rateLimits.count} < ${max}`,
          sql`${lastAttempt} + make_interval(secs => ${delay}) <= now()`,
        ),
      })
      .returning({ count: rateLimits.count });
    if (counted) return { allowed: true, retryAfter: null };
    const [row] = await db
      .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(eq(rateLimits.key, clientKey(email, ip)));
    const waitUntil = (row?.resetAt.getTime() ?? 0) - memory * 1000 + loginDelay(row?.count ?? max) * 1000;
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((waitUntil - Date.now()) / 1000)) };
  }

  /** Whether the account has a live session that was started from `ip`. */
  async function knownClient(email: string, ip: string): Promise<boolean> {
    const [row] = await db
      .select({ one: sql`1` })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(users.email, email), eq(sessions.ipAddress, ip), gt(sessions.expiresAt, sql`now()`)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Counts a sign-in attempt; refused while this client must wait or the account is under attack
   * (`accountLocked`: then the owner is offered a mailed sign-in link, see sign-in-link.ts).
   */
  async function attempt(email: string, ip: string): Promise<ThrottleResult & { accountLocked?: boolean }> {
    const client = await consumeClient(email, ip);
    if (!client.allowed) return client;
    const account = await throttle.consume(accountKey(email), LOGIN_PER_ACCOUNT);
    if (account.allowed || (await knownClient(email, ip))) return { allowed: true, retryAfter: null };
    return { ...account, accountLocked: true };
  }

  /** After a successful sign-in: this client starts afresh (the account's count runs on). */
  async function succeeded(email: string, ip: string) {
    await throttle.clear(clientKey(email, ip));
  }

  return { attempt, succeeded };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** Forgets every sign-in count of an address (password reset, account deletion). */
export async function forgetLoginAttempts(db: Db | Tx, email: string) {
  await db
    .delete(rateLimits)
    .where(
      or(eq(rateLimits.key, accountKey(email)), sql`starts_with(${rateLimits.key}, ${clientKey(email, '')})`),
    );
}
