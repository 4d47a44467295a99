import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { contactMessages, rateLimits, users, verifications } from '../db/schema';
import type { Storage } from '../storage/storage';

export interface DeleteAccountDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Deletes a user and everything that is theirs in one transaction: the user row takes sessions,
 * sign-in methods, properties, statements and receipt rows with it (foreign keys on delete cascade);
 * credit ledger and payments stay without the user, as bookkeeping law requires (see 0001, 0005).
 * The stored receipt files under `{userId}/` are removed afterwards; if that fails, the rows are
 * gone anyway and the document sweep reports the leftover files.
 */
export async function deleteAccount(
  { db, storage, log }: DeleteAccountDeps,
  user: { id: string; email: string },
) {
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.value, user.id));
    await tx.delete(contactMessages).where(eq(contactMessages.email, user.email));
    await tx.delete(rateLimits).where(eq(rateLimits.key, `login:${user.email}`));
    await tx.delete(users).where(eq(users.id, user.id));
  });
  try {
    await storage.deletePrefix(`${user.id}/`);
  } catch (error) {
    log.error({ err: error, userId: user.id }, 'account deleted, but its stored files could not be removed');
  }
}
