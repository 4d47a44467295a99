import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { forgetLoginAttempts } from '../auth/login-throttle';
import type { Db } from '../db/client';
import { contactMessages, users, verifications } from '../db/schema';
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
 * gone anyway and the document sweep reports the leftover files. Contact messages sent under the
 * address go too, but only when the user has confirmed it: whoever merely registered it does not own them.
 */
export async function deleteAccount(
  { db, storage, log }: DeleteAccountDeps,
  user: { id: string; email: string; emailVerified: boolean },
) {
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.value, user.id));
    if (user.emailVerified) await tx.delete(contactMessages).where(eq(contactMessages.email, user.email));
    await forgetLoginAttempts(tx, user.email);
    await tx.delete(users).where(eq(users.id, user.id));
  });
  try {
    await storage.deletePrefix(`${user.id}/`);
  } catch (error) {
    log.error({ err: error, userId: user.id }, 'account deleted, but its stored files could not be removed');
  }
}
