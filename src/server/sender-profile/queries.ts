// The landlord's sender and bank account, kept once and put into each new Hausabrechnung.

import { eq, sql } from 'drizzle-orm';
import { type LetterBody, letterSchema } from '../../shared/schemas/settlement';
import type { Db, Tx } from '../db/client';
import { senderProfiles } from '../db/schema';

/** The user's kept sender, or null before one was saved. */
export async function findSenderProfile(db: Db | Tx, userId: string): Promise<LetterBody | null> {
  const [row] = await db
    .select({ letter: senderProfiles.letter })
    .from(senderProfiles)
    .where(eq(senderProfiles.userId, userId));
  // stored as validated; parsed again so an older shape can never reach a letter unchecked
  return row ? letterSchema.parse(row.letter) : null;
}

export async function saveSenderProfile(db: Db, userId: string, letter: LetterBody): Promise<void> {
  await db
    .insert(senderProfiles)
    .values({ userId, letter })
    .onConflictDoUpdate({ target: senderProfiles.userId, set: { letter, updatedAt: sql`now()` } });
}
