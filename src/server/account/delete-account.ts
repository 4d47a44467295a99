import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { forgetLoginAttempts } from '../auth/login-throttle';
import type { Db } from '../db/client';
import { contactMessages, users, verifications, workspaces } from '../db/schema';
import type { Storage } from '../storage/storage';
import { workspacesLeftWithoutOwner } from '../workspaces/queries';

export interface DeleteAccountDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Deletes a person and everything that is theirs in one transaction: the workspaces where they are
 * the last owner go with all their data (ADR 0028: what others still own stays theirs), the user row
 * takes sessions, sign-in methods and memberships with it (foreign keys on delete cascade); credit
 * ledger and payments stay without the person, as bookkeeping law requires (see 0001, 0005).
 * The stored receipt files of the deleted workspaces (under `{workspaceId}/`) are removed afterwards;
 * if that fails, the rows are gone anyway and the document sweep reports the leftover files. Contact messages sent under the
 * address go too, but only when the user has confirmed it: whoever merely registered it does not own them.
 */
export async function deleteAccount(
  { db, storage, log }: DeleteAccountDeps,
  user: { id: string; email: string; emailVerified: boolean },
) {
  const gone = await db.transaction(async (tx) => {
    const lastOwned = await workspacesLeftWithoutOwner(tx, user.id);
    if (lastOwned.length > 0) await tx.delete(workspaces).where(inArray(workspaces.id, lastOwned));
    await tx.delete(verifications).where(eq(verifications.value, user.id));
    if (user.emailVerified) await tx.delete(contactMessages).where(eq(contactMessages.email, user.email));
    await forgetLoginAttempts(tx, user.email);
    await tx.delete(users).where(eq(users.id, user.id));
    return lastOwned;
  });
  for (const workspaceId of gone) {
    try {
      await storage.deletePrefix(`${workspaceId}/`);
    } catch (error) {
      log.error({ err: error, workspaceId }, 'workspace deleted, but its stored files could not be removed');
    }
  }
}
