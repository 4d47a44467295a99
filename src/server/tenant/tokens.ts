// Tenant-page tokens: 256 random bits in the mail's link, only their SHA-256 in the database, so a
// leaked table opens no page.

import { createHash, randomBytes } from 'node:crypto';

/** How long a tenant page stays open: the 12 months of objection after receipt, and one to spare. */
export const LINK_MONTHS = 13;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A well-formed token: 43 base64url characters. Anything else is not looked up at all. */
export function isToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function linkExpiry(from: Date): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + LINK_MONTHS);
  return end;
}
