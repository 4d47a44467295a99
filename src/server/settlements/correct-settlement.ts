import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pgErrorCode } from '../db/client';
import { settlementCostDocuments, settlements } from '../db/schema';
import { correctionExists, notFinal, settlementNotFound } from './messages';
import { lockSettlement, type SettlementRow } from './queries';
import { entryColumns, readSnapshot } from './stored';

/**
 * A correction of a final settlement: a new draft with the same period and entries (as frozen),
 * linked to it and one version higher. Units and tenancies are read live again, so a wrong move-out
 * date is fixed on the tenancy and shows in the correction. The receipts attached to the costs come along.
 */
export async function correctSettlement(db: Db, workspaceId: string, id: string): Promise<SettlementRow> {
  try {
    return await db.transaction(async (tx) => {
      const final = await lockSettlement(tx, workspaceId, id);
      if (!final) throw settlementNotFound();
      if (final.status !== 'final') throw notFinal();
      const [existing] = await tx
        .select({ id: settlements.id })
        .from(settlements)
        .where(and(eq(settlements.correctsId, id), eq(settlements.workspaceId, workspaceId)));
      if (existing) throw correctionExists();
      const { entries } = readSnapshot(final.snapshot);
      const [row] = await tx
        .insert(settlements)
        .values({
          workspaceId,
          propertyId: final.propertyId,
          version: final.version + 1,
          correctsId: final.id,
          periodStart: final.periodStart,
          periodEnd: final.periodEnd,
          ...entryColumns(entries),
        })
        .returning();
      if (!row) throw new Error('correction insert returned no row');
      // the cost list is the frozen one, so the receipts keep their positions
      const receipts = await tx
        .select({
          costIndex: settlementCostDocuments.costIndex,
          documentId: settlementCostDocuments.documentId,
        })
        .from(settlementCostDocuments)
        .where(
          and(
            eq(settlementCostDocuments.settlementId, id),
            eq(settlementCostDocuments.workspaceId, workspaceId),
          ),
        );
      if (receipts.length > 0) {
        await tx
          .insert(settlementCostDocuments)
          .values(receipts.map((r) => ({ ...r, settlementId: row.id, workspaceId })));
      }
      return row;
    });
  } catch (error) {
    // two corrections at once: the unique index lets one through
    if (pgErrorCode(error) === '23505') throw correctionExists();
    throw error;
  }
}
