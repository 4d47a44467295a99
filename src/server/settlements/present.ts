import type { SettlementJson } from '../../shared/schemas/settlement-json';
import { hasStatement } from '../../shared/settlement/types';
import { settlementFigures } from '../../shared/settlement-view/figures';
import type { SettlementRow } from './queries';
import type { SettlementView } from './view';

/** What the rows around a settlement add: its letters once final, its correction, the credits a finalize takes. */
export interface SettlementExtras {
  letters: Map<string, { fileName: string; charged: boolean; unchanged: boolean }>;
  correctedById: string | null;
  /** Tenant statements that are not a free re-issue of an earlier version. */
  free: Set<string>;
}

export function presentSettlement(
  row: SettlementRow,
  { snapshot, result, checks, confirmed, previous, bank }: SettlementView,
  extras: SettlementExtras,
): SettlementJson {
  const { entries } = snapshot;
  const figures = settlementFigures(result, entries, snapshot.units, snapshot.tenancies);
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName: snapshot.property.name,
    status: row.status,
    version: row.version,
    correctsId: row.correctsId,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    costs: entries.costs,
    ...(entries.prepaymentsPaidCents ? { prepaymentsPaidCents: entries.prepaymentsPaidCents } : {}),
    ...(entries.letter ? { letter: entries.letter } : {}),
    ...(entries.heating ? { heating: entries.heating } : {}),
    ...figures,
    warnings: [...figures.warnings, ...checks],
    confirmedWarnings: confirmed,
    previousPeriod: previous,
    statements: figures.statements.map((s) => ({
      ...s,
      prepaymentsFromBankCents: bank.get(s.tenancyId) ?? null,
      final: extras.letters.get(s.tenancyId) ?? null,
    })),
    correctedById: extras.correctedById,
    creditsNeeded:
      row.status === 'final'
        ? 0
        : result.tenancies.filter((t) => hasStatement(t) && !extras.free.has(t.tenancyId)).length,
    snapshotHash: row.snapshotHash,
    finalizedAt: row.finalizedAt?.toISOString() ?? null,
    finalizedBy: row.finalizedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
