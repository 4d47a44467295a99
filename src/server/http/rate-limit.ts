import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { tooManyRequests } from '../auth/messages';
import type { Throttle, ThrottleRule } from '../auth/throttle';
import { AppError } from '../errors';

/**
 * Counts one hit of `key` and refuses it beyond the rule: 429 with a German message and
 * Retry-After, so clients and scripts know when to come back.
 */
export async function enforceRateLimit(
  throttle: Throttle,
  reply: FastifyReply,
  key: string,
  rule: ThrottleRule,
  hits = 1,
): Promise<void> {
  const attempt = await throttle.consume(key, rule, hits);
  if (attempt.allowed) return;
  const seconds = attempt.retryAfter ?? rule.window;
  reply.header('retry-after', String(seconds));
  throw new AppError('too_many_requests', 429, tooManyRequests(seconds));
}

/** Writes that store bytes or rows per user: uploads and statement copies. */
export const WRITE_RATE_LIMITS = {
  upload: { window: 10 * 60, max: 60 },
  statementCopy: { window: 10 * 60, max: 30 },
} as const satisfies Record<string, ThrottleRule>;

/** A client address as a counter key: hashed, so the counters never keep who sent what. */
export function clientAddressKey(ip: string): string {
  return createHash('sha256').update(ip).digest('hex').slice(0, 32);
}
