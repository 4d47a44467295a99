import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface ThrottleRule {
  /** Window length in seconds. */
  window: number;
  /** Hits allowed per window. */
  max: number;
}

export interface ThrottleResult {
  allowed: boolean;
  /** Seconds until the window ends, when not allowed. */
  retryAfter: number | null;
}

/**
 * Fixed-window counters in the `rate_limits` table. One upsert per hit, so concurrent requests and
 * several server instances on one PostgreSQL count together. Also the auth library's rate-limit storage.
 */
export function createThrottle(db: Db) {
  /** Counts `hits` (default one) against the key's window. */
  async function consume(key: string, rule: ThrottleRule, hits = 1): Promise<ThrottleResult> {
    const expired = sql`${rateLimits.resetAt} <= now()`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: hits, resetAt: sql`now() + make_interval(secs => ${rule.window})` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then ${hits} else ${rateLimits.count} + ${hits} end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    if (!row) throw new Error('rate limit upsert returned no row');
    if (row.count === hits) await prune();
    if (row.count <= rule.max) return { allowed: true, retryAfter: null };
    return {
      allowed: false,
      retryAfter: Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000)),
    };
  }

  async function clear(key: string) {
    await db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  // A new window is a fine moment to drop counters that ended long ago.
  async function prune() {
    await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 day'`));
  }

  return { consume, clear };
}

export type Throttle = ReturnType<typeof createThrottle>;
