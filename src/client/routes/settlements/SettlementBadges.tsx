import { formatDateDe } from '../../../shared/money';
import type { SettlementSummaryJson } from '../../../shared/schemas/settlement-json';
import { Badge } from '../../components/ui/Badge';

export function SettlementStatusBadge({ status }: { status: SettlementSummaryJson['status'] }) {
  return status === 'final' ? <Badge tone="green">Final</Badge> : <Badge tone="blue">Entwurf</Badge>;
}

/** Tells a whole-building settlement apart from a single tenant's statement in mixed lists. */
export function HausabrechnungBadge() {
  return <Badge tone="orange">Hausabrechnung</Badge>;
}

export const periodText = (s: { periodStart: string; periodEnd: string }) =>
  `${formatDateDe(s.periodStart)} – ${formatDateDe(s.periodEnd)}`;
