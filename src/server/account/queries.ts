import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export async function updateFullName(db: Db, userId: string, fullName: string) {
  await db.update(users).set({ name: fullName, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
