import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export interface Me {
  user: { id: string; email: string; fullName: string; emailVerified: boolean };
  credits: number;
}

/** The profile of GET /api/me, or null when the user no longer exists. */
export async function findMe(db: Db, userId: string): Promise<Me | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.name,
      emailVerified: users.emailVerified,
      credits: users.credits,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const { credits, ...user } = row;
  return { user, credits };
}

export async function updateFullName(db: Db, userId: string, fullName: string) {
  await db.update(users).set({ name: fullName, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
