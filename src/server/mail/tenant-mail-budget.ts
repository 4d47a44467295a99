// Mails to tenants per landlord, so the app is no way to flood an inbox (settlement letters and
// reminders alike): per hour and per day, and far fewer to an address other than the one a letter
// was made with.

import type { FastifyReply } from 'fastify';
import { enforceRateLimit } from '../http/rate-limit';
import type { Throttle } from '../http/throttle';

const MAIL_RATE_LIMIT = { window: 60 * 60, max: 60 };
const MAIL_DAY_LIMIT = { window: 24 * 60 * 60, max: 200 };
/** Mails to an address other than the one frozen with the letter, per landlord and day. */
const CHANGED_ADDRESS_LIMIT = { window: 24 * 60 * 60, max: 5 };

/** Counts one mail to a tenant against the workspace's limits; 429 with Retry-After beyond them. */
export function tenantMailBudget(throttle: Throttle, reply: FastifyReply, workspaceId: string) {
  return async (toChangedAddress: boolean) => {
    await enforceRateLimit(throttle, reply, `tenant-mail:${workspaceId}`, MAIL_RATE_LIMIT);
    await enforceRateLimit(throttle, reply, `tenant-mail-day:${workspaceId}`, MAIL_DAY_LIMIT);
    if (toChangedAddress) {
      await enforceRateLimit(throttle, reply, `tenant-mail-changed:${workspaceId}`, CHANGED_ADDRESS_LIMIT);
    }
  };
}
