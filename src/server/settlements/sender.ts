import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Snapshot } from './stored';

/**
 * Whom the letter is from: the sender printed on the letters, else the account's name as frozen
 * with the settlement (the live one only for settlements finalized before it was frozen).
 */
export async function landlordName(db: Db, workspaceId: string, snapshot: Snapshot): Promise<string> {
  const printed = snapshot.entries.letter?.landlord.name || snapshot.accountName;
  if (printed) return printed;
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, workspaceId));
  return user?.name ?? '';
}

/** Where a tenant's reply to a mail sent on the landlord's behalf goes: the account's address. */
export async function landlordEmail(db: Db, workspaceId: string): Promise<string | undefined> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, workspaceId));
  return user?.email;
}
