// Tokens of links mailed to people (a tenant's page, an invitation): 256 random bits in the link,
// only their SHA-256 in the database, so a leaked table opens nothing.

import { createHash, randomBytes } from 'node:crypto';

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
