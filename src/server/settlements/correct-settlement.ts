import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pgErrorCode } from '../db/client';
import { settlements } from '../db/schema';
import { correctionExists, notFinal, settlementNotFound } from './messages';
import { lockSettlement, type SettlementRow } from './queries';
import { readSnapshot, storeEntries } from './stored';

/**
 * A correction of a final settlement: a new draft with the same period and entries (as frozen),
 * linked to it and one version higher. Units and tenancies are read live again, so a wrong move-out
 * date is fixed on the tenancy and shows in the correction.
 */
export async function correctSettlement(db: Db, userId: string, id: string): Promise<SettlementRow> {
  try {
    return await db.transaction(async (tx) => {
      const final = await lockSettlement(tx, userId, id);
      if (!final) throw settlementNotFound();
      if (final.status !== 'final') throw notFinal();
      const [existing] = await tx
        .select({ id: settlements.id })
        .from(settlements)
        .where(and(eq(settlements.correctsId, id), eq(settlements.userId, userId)));
      if (existing) throw correctionExists();
      const { entries } = readSnapshot(final.snapshot);
      const [row] = await tx
        .insert(settlements)
        .values({
          userId,
          propertyId: final.propertyId,
          version: final.version + 1,
          correctsId: final.id,
          periodStart: final.periodStart,
          periodEnd: final.periodEnd,
          input: storeEntries(entries),
        })
        .returning();
      if (!row) throw new Error('correction insert returned no row');
      return row;
    });
  } catch (error) {
    // two corrections at once: the unique index lets one through
    if (pgErrorCode(error) === '23505') throw correctionExists();
    throw error;
  }
}
