// The landlord's sender and bank account, kept once and put into each new Hausabrechnung.

import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { type LetterBody, letterSchema } from '../../shared/schemas/settlement';
import type { Db, Tx } from '../db/client';
import { bankImports, senderProfiles, users } from '../db/schema';

/** The workspace's kept sender, or null before one was saved. */
export async function findSenderProfile(db: Db | Tx, workspaceId: string): Promise<LetterBody | null> {
  const [row] = await db
    .select({ letter: senderProfiles.letter })
    .from(senderProfiles)
    .where(eq(senderProfiles.workspaceId, workspaceId));
  // stored as validated; parsed again so an older shape can never reach a letter unchecked
  return row ? letterSchema.parse(row.letter) : null;
}

export async function saveSenderProfile(db: Db, workspaceId: string, letter: LetterBody): Promise<void> {
  await db
    .insert(senderProfiles)
    .values({ workspaceId, letter })
    .onConflictDoUpdate({ target: senderProfiles.workspaceId, set: { letter, updatedAt: sql`now()` } });
}

/**
 * What a new Hausabrechnung's letters start with: the kept sender, else what the account already
 * knows — the landlord's name, and the account of the newest bank file as the one to pay to (the rents
 * arrive there). Null where nothing is known; the landlord completes the address once.
 */
export async function startingLetter(db: Db | Tx, workspaceId: string): Promise<LetterBody | null> {
  const kept = await findSenderProfile(db, workspaceId);
  if (kept) return kept;
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, workspaceId));
  const [account] = await db
    .select({ iban: bankImports.iban })
    .from(bankImports)
    .where(and(eq(bankImports.workspaceId, workspaceId), ne(bankImports.iban, '')))
    .orderBy(desc(bankImports.createdAt))
    .limit(1);
  const name = user?.name.trim() ?? '';
  if (!name && !account) return null;
  const parsed = letterSchema.safeParse({
    landlord: { name, street: '', city: '' },
    bank: account ? { holder: name, iban: account.iban, bic: '', bank: '' } : null,
  });
  return parsed.success ? parsed.data : null;
}
