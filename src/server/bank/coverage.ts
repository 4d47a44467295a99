import { eq, max, min } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bankTransactions } from '../db/schema';

/** The first and last booking day of the workspace's bank files: what they can speak of; null without any. */
export async function bankCoverage(
  db: Db,
  workspaceId: string,
): Promise<{ from: string; to: string } | null> {
  const [covered] = await db
    .select({ from: min(bankTransactions.bookingDate), to: max(bankTransactions.bookingDate) })
    .from(bankTransactions)
    .where(eq(bankTransactions.workspaceId, workspaceId));
  return covered?.from && covered.to ? { from: covered.from, to: covered.to } : null;
}
