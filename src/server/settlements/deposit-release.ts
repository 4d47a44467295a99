// The part of a deposit kept back for the move-out year's utility settlement, settled against that
// settlement's balance the moment it is finalized (docs/domain/deposits.md, ADR 0031).

import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { hasStatement, type TenancyResult } from '../../shared/settlement/types';
import type { Tx } from '../db/client';
import { tenancyDeposits } from '../db/schema';

/**
 * Within the finalizing transaction: every deposit settled with a part kept back whose move-out this
 * settlement's period holds gets its release — the part kept back less the tenant's balance (a
 * Nachzahlung is taken from it, a Guthaben added). Made once; a later correction does not redo it.
 */
export async function releaseRetainedDeposits(
  tx: Tx,
  workspaceId: string,
  settlementId: string,
  tenancies: readonly TenancyResult[],
  now: Date,
): Promise<void> {
  const statements = tenancies.filter(hasStatement);
  if (statements.length === 0) return;
  const rows = await tx
    .select({ tenancyId: tenancyDeposits.tenancyId, settlement: tenancyDeposits.settlement })
    .from(tenancyDeposits)
    .where(
      and(
        eq(tenancyDeposits.workspaceId, workspaceId),
        isNotNull(tenancyDeposits.settlement),
        inArray(
          tenancyDeposits.tenancyId,
          statements.map((t) => t.tenancyId),
        ),
      ),
    );
  for (const { tenancyId, settlement } of rows) {
    const result = statements.find((t) => t.tenancyId === tenancyId);
    if (!settlement || !result || settlement.retainedCents <= 0 || settlement.release) continue;
    if (result.end !== settlement.asOf) continue;
    const release = {
      settlementId,
      madeAt: now.toISOString(),
      balanceCents: result.balanceCents,
      releasedCents: settlement.retainedCents - result.balanceCents,
    };
    await tx
      .update(tenancyDeposits)
      .set({ settlement: { ...settlement, release }, updatedAt: now })
      .where(and(eq(tenancyDeposits.tenancyId, tenancyId), eq(tenancyDeposits.workspaceId, workspaceId)));
  }
}
