import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDateDe } from '../../../shared/money';
import { Spinner } from '../../components/ui/Spinner';
import { settlementSummariesQuery } from '../buildings/api';
import { replacedIds, SettlementStatusBadge } from '../settlements/SettlementBadges';

export const newSettlementPath = (propertyId: string) =>
  `/dashboard/hausabrechnungen/neu?property=${encodeURIComponent(propertyId)}`;
const settlementPath = (id: string) => `/dashboard/hausabrechnungen/${encodeURIComponent(id)}`;

/** The property's Hausabrechnungen, newest first, each linking to its editor. */
export function PropertySettlements({ propertyId }: { propertyId: string }) {
  const settlements = useQuery(settlementSummariesQuery);
  if (settlements.status === 'pending') return <Spinner label="Hausabrechnungen werden geladen …" />;
  if (settlements.status === 'error') {
    return (
      <p role="alert" className="text-sm text-red-800">
        Die Hausabrechnungen konnten nicht geladen werden.
      </p>
    );
  }
  const rows = settlements.data.filter((s) => s.propertyId === propertyId);
  const replaced = replacedIds(settlements.data);
  if (rows.length === 0) {
    return <p className="text-sm text-slate-600">Für diese Immobilie gibt es noch keine Hausabrechnung.</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200">
      {rows.map((s) => (
        <li key={s.id}>
          <Link
            to={settlementPath(s.id)}
            className="flex items-center justify-between gap-3 px-3 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">
                {formatDateDe(s.periodStart)} – {formatDateDe(s.periodEnd)}
              </span>
              <span className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <SettlementStatusBadge settlement={s} replaced={replaced.has(s.id)} />
                <span className="whitespace-nowrap tabular-nums">
                  Kosten {formatCents(s.totalCostsCents)}
                </span>
              </span>
            </span>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
