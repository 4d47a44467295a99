// A correction re-issues a letter without a credit only to the same people about the same flat:
// the tenancy had a final letter for the same period in an earlier version, and its tenant (name and
// address), its unit, the property and the sender printed are as they were frozen then. A correction
// that renames the property or the tenants is a new letter and costs a credit.

import { and, eq } from 'drizzle-orm';
import { canonicalJson } from '../../shared/canonical-json';
import { hasStatement, type SettlementResult } from '../../shared/settlement/types';
import { settlementLetterView } from '../../shared/settlement-view/letter-view';
import type { Db, Tx } from '../db/client';
import { settlementStatements } from '../db/schema';
import { findSettlement, type SettlementRow } from './queries';
import { readSnapshot, type Snapshot } from './stored';

/** What a letter is addressed to and from: compared between versions. */
function parties(snapshot: Snapshot, tenancyId: string): string | null {
  const tenancy = snapshot.tenancies.find((t) => t.id === tenancyId);
  if (!tenancy) return null;
  const unit = snapshot.units.find((u) => u.id === tenancy.unitId);
  const { name, street, city } = tenancy.tenant;
  return canonicalJson({
    tenant: { name, street, city },
    unit: unit ? { id: unit.id, label: unit.label } : null,
    property: snapshot.property,
    sender: snapshot.entries.letter?.landlord ?? null,
  });
}

/** The tenancies of `snapshot` (a draft's live one) whose letter an earlier version already paid for. */
async function reissuedTenancies(db: Db | Tx, row: SettlementRow, snapshot: Snapshot): Promise<Set<string>> {
  const free = new Set<string>();
  let previousId = row.correctsId;
  while (previousId) {
    const previous = await findSettlement(db, row.workspaceId, previousId);
    if (!previous) break;
    if (
      previous.status === 'final' &&
      previous.periodStart === row.periodStart &&
      previous.periodEnd === row.periodEnd
    ) {
      const frozen = readSnapshot(previous.snapshot);
      const letters = await db
        .select({ tenancyId: settlementStatements.tenancyId })
        .from(settlementStatements)
        .where(
          and(
            eq(settlementStatements.settlementId, previous.id),
            eq(settlementStatements.workspaceId, row.workspaceId),
          ),
        );
      for (const { tenancyId } of letters) {
        const now = parties(snapshot, tenancyId);
        if (now !== null && now === parties(frozen, tenancyId)) free.add(tenancyId);
      }
    }
    previousId = previous.correctsId;
  }
  return free;
}

/**
 * The letters a correction issues without a credit: re-issues to the same people, and the letters
 * that read exactly as the corrected settlement's did (same figures, texts and parties). Those are
 * `kept`: stored as they were sent, not re-issued as corrections.
 */
export async function freeLetters(
  db: Db | Tx,
  row: SettlementRow,
  snapshot: Snapshot,
  result: SettlementResult,
  today: string,
): Promise<{ free: Set<string>; kept: Set<string> }> {
  const free = await reissuedTenancies(db, row, snapshot);
  const kept = new Set<string>();
  const previous = row.correctsId ? await findSettlement(db, row.workspaceId, row.correctsId) : undefined;
  if (
    previous?.status !== 'final' ||
    previous.periodStart !== row.periodStart ||
    previous.periodEnd !== row.periodEnd
  ) {
    return { free, kept };
  }
  const frozen = readSnapshot(previous.snapshot);
  const frozenResult = previous.result as SettlementResult;
  const printed = (source: Snapshot, figures: SettlementResult, tenancyId: string) =>
    figures.tenancies.some((t) => t.tenancyId === tenancyId && hasStatement(t))
      ? canonicalJson(settlementLetterView(source, figures, tenancyId, { today }))
      : null;
  const letters = await db
    .select({ tenancyId: settlementStatements.tenancyId })
    .from(settlementStatements)
    .where(
      and(
        eq(settlementStatements.settlementId, previous.id),
        eq(settlementStatements.workspaceId, row.workspaceId),
      ),
    );
  for (const letter of letters) {
    const before = printed(frozen, frozenResult, letter.tenancyId);
    if (before === null || before !== printed(snapshot, result, letter.tenancyId)) continue;
    kept.add(letter.tenancyId);
    free.add(letter.tenancyId);
  }
  return { free, kept };
}
