import { queryOptions, useQuery } from '@tanstack/react-query';
import { AlertTriangle, CalendarClock, FilePlus2 } from 'lucide-react';
import { Link } from 'react-router';
import { DUE_SOON_DAYS } from '../../../shared/deadlines';
import type { DeadlineItemJson, DeadlinesJson } from '../../../shared/schemas/deadlines-json';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { api } from '../../lib/api';
import { NEW_SETTLEMENT, settlementPage } from '../settlements/api';

export const deadlinesQuery = queryOptions({
  queryKey: ['deadlines'],
  queryFn: ({ signal }) => api<DeadlinesJson>('/api/deadlines', { signal }),
});

const linkOf = (item: DeadlineItemJson) => {
  if (item.kind === 'settlement' && item.id) return settlementPage(item.id);
  if (item.kind === 'statement' && item.id) return `/dashboard/abrechnungen/bearbeiten/${item.id}`;
  if (item.kind === 'deposit' || item.kind === 'rent')
    return `/dashboard/immobilien/${item.propertyId ?? ''}`;
  return `${NEW_SETTLEMENT}?property=${item.propertyId ?? ''}`;
};

/** What needs doing before its §556(3) deadline: overdue, due within 60 days, or not yet created. */
export function DeadlinesCard() {
  const { data, isPending, isError } = useQuery(deadlinesQuery);
  const pressing = (data?.items ?? []).filter(
    (i) => i.state === 'overdue' || i.state === 'due' || i.kind === 'missing' || i.kind === 'deposit',
  );
  return (
    <Card
      title="Fristen"
      description={`Die Abrechnung muss dem Mieter spätestens 12 Monate nach Ende des Abrechnungszeitraums zugehen (§ 556 Abs. 3 BGB). Gezeigt wird, was abgelaufen, in den nächsten ${DUE_SOON_DAYS} Tagen fällig oder noch nicht erstellt ist.`}
    >
      {isPending && <Spinner label="Fristen werden geladen …" className="text-teal-700" />}
      {isError && <p className="text-sm text-red-700">Die Fristen konnten nicht geladen werden.</p>}
      {data && pressing.length === 0 && (
        <p className="text-sm text-slate-700">Keine Frist läuft in den nächsten {DUE_SOON_DAYS} Tagen ab.</p>
      )}
      {pressing.length > 0 && (
        <ul aria-label="Fristen" className="divide-y divide-slate-200">
          {pressing.map((item) => {
            const overdue = item.state === 'overdue';
            const Icon = overdue ? AlertTriangle : item.kind === 'missing' ? FilePlus2 : CalendarClock;
            return (
              <li
                key={`${item.kind}:${item.id ?? item.propertyId}:${item.periodEnd}`}
                className="flex gap-3 py-2"
              >
                <Icon
                  aria-hidden="true"
                  className={
                    overdue ? 'mt-0.5 size-4 shrink-0 text-red-700' : 'mt-0.5 size-4 shrink-0 text-amber-700'
                  }
                />
                <div className="min-w-0 text-sm">
                  <Link
                    to={linkOf(item)}
                    className={
                      overdue
                        ? 'font-medium break-words text-red-800 hover:underline'
                        : 'font-medium break-words text-slate-900 hover:underline'
                    }
                  >
                    {overdue && <span className="sr-only">Abgelaufen: </span>}
                    {item.label}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
