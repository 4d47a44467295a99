import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { settlementPage, settlementsQuery } from './api';
import { periodText, replacedIds, SettlementStatusBadge } from './SettlementBadges';

/** The statement list's section of whole-building settlements (optionally of one property). */
export function SettlementsCard({ propertyId }: { propertyId: string }) {
  const settlements = useQuery(settlementsQuery);
  const rows = (settlements.data ?? []).filter((s) => !propertyId || s.propertyId === propertyId);
  const replaced = replacedIds(settlements.data ?? []);
  return (
    <Card
      title="Hausabrechnungen"
      description="Alle Mieter eines Hauses in einem Durchgang: Kosten einmal erfassen, jedes Schreiben erhalten."
    >
      {settlements.isPending && (
        <Spinner label="Hausabrechnungen werden geladen …" className="text-teal-700" />
      )}
      {settlements.isError && (
        <p role="alert" className="text-sm text-red-800">
          Die Hausabrechnungen konnten nicht geladen werden.
        </p>
      )}
      {settlements.data && rows.length === 0 && (
        <p className="text-sm text-slate-700">Noch keine Hausabrechnungen.</p>
      )}
      {rows.length > 0 && (
        <ul aria-label="Hausabrechnungen" className="divide-y divide-slate-200">
          {rows.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
              <div className="min-w-0">
                <Link
                  to={settlementPage(s.id)}
                  className="font-medium break-words text-slate-900 hover:underline"
                >
                  {s.propertyName}
                </Link>
                <div className="text-sm text-slate-600">
                  {periodText(s)} · {formatCents(s.totalCostsCents)}
                </div>
              </div>
              <SettlementStatusBadge settlement={s} replaced={replaced.has(s.id)} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
