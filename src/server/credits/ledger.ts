import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { pgErrorCode } from '../db/client';
import { creditLedger, workspaces } from '../db/schema';
import { AppError } from '../errors';

export type CreditReason = 'purchase' | 'pdf' | 'adjustment';

export const insufficientCredits = () =>
  new AppError(
    'insufficient_credits',
    402,
    'Nicht genügend Credits. Bitte kaufen Sie Credits, um eine finale Abrechnung zu erstellen.',
  );

/**
 * Changes a workspace's balance and writes the ledger row for it, naming the person who bought or
 * spent (null: the payment provider's event of a person since gone). Call it inside the transaction that
 * does the paid-for work, so both commit or neither does. The balance update takes the row lock,
 * and the database's `credits >= 0` check refuses an overdraft, so concurrent spends can never use
 * more credits than exist. Returns the new balance.
 */
export async function changeCredits(
  tx: Db | Tx,
  entry: {
    workspaceId: string;
    userId: string | null;
    delta: number;
    reason: CreditReason;
    reference?: string;
  },
): Promise<number> {
  if (!Number.isInteger(entry.delta) || entry.delta === 0)
    throw new Error('credit delta must be a non-zero integer');
  let rows: { credits: number }[];
  try {
    rows = await tx
      .update(workspaces)
      .set({ credits: sql`${workspaces.credits} + ${entry.delta}`, updatedAt: sql`now()` })
      .where(eq(workspaces.id, entry.workspaceId))
      .returning({ credits: workspaces.credits });
  } catch (error) {
    if (pgErrorCode(error) === '23514') throw insufficientCredits();
    throw error;
  }
  const row = rows[0];
  if (!row) throw new AppError('not_found', 404, 'Arbeitsbereich nicht gefunden.');
  await tx.insert(creditLedger).values({
    workspaceId: entry.workspaceId,
    userId: entry.userId,
    delta: entry.delta,
    reason: entry.reason,
    reference: entry.reference ?? null,
  });
  return row.credits;
}

/** The newest ledger rows of one workspace, for the dashboard's history. */
export function creditHistory(db: Db, workspaceId: string, limit = 50) {
  return db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      reference: creditLedger.reference,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.workspaceId, workspaceId))
    .orderBy(desc(creditLedger.createdAt))
    .limit(limit);
}

export async function creditBalance(db: Db | Tx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ credits: workspaces.credits })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.credits ?? 0;
}
