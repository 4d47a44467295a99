import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply } from 'fastify';
import { tooMany } from '../errors';
import type { Throttle, ThrottleRule } from './throttle';

/** "in 3 Minuten" / "in 40 Sekunden" for throttling messages. */
export function retryText(seconds: number): string {
  if (seconds >= 90) return `in ${Math.ceil(seconds / 60)} Minuten`;
  return seconds === 1 ? 'in einer Sekunde' : `in ${seconds} Sekunden`;
}

export const tooManyRequests = (seconds: number) =>
  `Zu viele Anfragen. Bitte versuchen Sie es ${retryText(seconds)} erneut.`;

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
  throw tooMany('too_many_requests', tooManyRequests(seconds), seconds);
}

/** Writes that store bytes or rows per user: uploads and statement copies. */
export const WRITE_RATE_LIMITS = {
  upload: { window: 10 * 60, max: 60 },
  statementCopy: { window: 10 * 60, max: 30 },
} as const satisfies Record<string, ThrottleRule>;

/** A client address as a counter key: its group (addressGroup), hashed, so the counters never keep who sent what. */
export function clientAddressKey(ip: string): string {
  return createHash('sha256').update(addressGroup(ip)).digest('hex').slice(0, 32);
}

/**
 * The address a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64 network,
 * which one subscriber usually holds whole (counting each of its 2^64 addresses would limit nothing).
 */
export function addressGroup(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
