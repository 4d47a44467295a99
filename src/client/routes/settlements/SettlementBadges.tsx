import { formatDateDe } from '../../../shared/money';
import type { SettlementSummaryJson } from '../../../shared/schemas/settlement-json';
import { Badge } from '../../components/ui/Badge';

/** Final, draft, or replaced by a final correction; a correction also says which one it is. */
export function SettlementStatusBadge({
  settlement,
  replaced = false,
}: {
  settlement: Pick<SettlementSummaryJson, 'status' | 'version'>;
  replaced?: boolean;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {replaced ? (
        <Badge tone="gray">Ersetzt</Badge>
      ) : settlement.status === 'final' ? (
        <Badge tone="green">Final</Badge>
      ) : (
        <Badge tone="blue">Entwurf</Badge>
      )}
      {settlement.version > 1 && <Badge tone="orange">Korrektur {settlement.version - 1}</Badge>}
    </span>
  );
}

/** The settlements of a list that a final correction replaced (their letters no longer count). */
export function replacedIds(list: ReadonlyArray<Pick<SettlementSummaryJson, 'status' | 'correctsId'>>) {
  return new Set(list.flatMap((s) => (s.status === 'final' && s.correctsId ? [s.correctsId] : [])));
}

/** Tells a whole-building settlement apart from a single tenant's statement in mixed lists. */
export function HausabrechnungBadge() {
  return <Badge tone="orange">Hausabrechnung</Badge>;
}

export const periodText = (s: { periodStart: string; periodEnd: string }) =>
  `${formatDateDe(s.periodStart)} – ${formatDateDe(s.periodEnd)}`;
