import { useQuery } from '@tanstack/react-query';
import { Building2, FilePlus2, Home, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDateDe } from '../../../shared/money';
import { ForEditors } from '../../components/ForEditors';
import { buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { counted } from '../../lib/counted';
import { useLimited, useMe } from '../../lib/session';
import { CreditsCard } from '../billing/CreditsCard';
import { propertiesQuery } from '../properties/api';
import { NEW_SETTLEMENT, settlementPage, settlementsQuery } from '../settlements/api';
import {
  HausabrechnungBadge,
  periodText,
  replacedIds,
  SettlementStatusBadge,
} from '../settlements/SettlementBadges';
import { statementsQuery } from '../statements/api';
import { StatusBadge } from '../statements/status';
import { DeadlinesCard } from './DeadlinesCard';
import { LateRentCard } from './LateRentCard';

const RECENT = 5;

/** The overview: the deadlines, what to do next, the newest statements and settlements, and the credit balance. */
export function DashboardHomePage() {
  useDocumentTitle('Dashboard');
  const limited = useLimited();
  const { data: me } = useMe();
  const statements = useQuery(statementsQuery);
  const settlements = useQuery(settlementsQuery);
  const properties = useQuery(propertiesQuery);
  const open =
    statements.data?.filter((s) => s.status === 'Erstellt' || s.status === 'Versendet').length ?? 0;
  // single statements and whole-building settlements in one list, the latest changed first
  const recent = [
    ...(statements.data ?? []).map((s) => ({ kind: 'statement' as const, at: s.updatedAt, s })),
    ...(settlements.data ?? []).map((s) => ({ kind: 'settlement' as const, at: s.updatedAt, s })),
  ]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, RECENT);
  const settlementCount = settlements.data?.length ?? 0;
  const replaced = replacedIds(settlements.data ?? []);

  return (
    <div className="flex flex-col gap-6">
      {/* the header names the page (welcome line, then "Dashboard"); this is its heading for assistive tech */}
      <h1 className="sr-only">Dashboard</h1>
      <ForEditors>
        <nav aria-label="Schnellzugriff" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Link to="/dashboard/abrechnungen/neu" className={buttonClasses({ variant: 'primary' })}>
            <FilePlus2 aria-hidden="true" className="size-4" /> Neue Abrechnung
          </Link>
          <Link to={NEW_SETTLEMENT} className={buttonClasses({ variant: 'secondary' })}>
            <Home aria-hidden="true" className="size-4" /> Neue Hausabrechnung
          </Link>
          <Link to="/dashboard/immobilien/neu" className={buttonClasses({ variant: 'secondary' })}>
            <Building2 aria-hidden="true" className="size-4" /> Immobilie anlegen
          </Link>
          <Link to="/dashboard/belege/upload" className={buttonClasses({ variant: 'secondary' })}>
            <Upload aria-hidden="true" className="size-4" /> Beleg hochladen
          </Link>
        </nav>
      </ForEditors>
      <DeadlinesCard />
      {me?.workspace && <LateRentCard workspaceId={me.workspace.id} />}
      {/* minmax(0, 1fr): a long title truncates instead of widening its column past the screen */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <Card
          title="Neueste Abrechnungen"
          description={
            statements.data
              ? `${counted(statements.data.length, 'Abrechnung', 'Abrechnungen')}, davon ${open} erstellt oder versendet und noch nicht beglichen · ${counted(settlementCount, 'Hausabrechnung', 'Hausabrechnungen')} · ${counted(properties.data?.length ?? 0, 'Immobilie', 'Immobilien')}`
              : undefined
          }
          actions={
            <Link to="/dashboard/abrechnungen" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              Alle anzeigen
            </Link>
          }
        >
          {statements.isPending && (
            <Spinner label="Abrechnungen werden geladen …" className="text-teal-700" />
          )}
          {statements.data?.length === 0 && settlements.data?.length === 0 && (
            <p className="text-sm text-slate-700">
              Noch keine Abrechnungen.{' '}
              <Link to="/dashboard/abrechnungen/neu" className="font-medium text-teal-800 underline">
                Erste Abrechnung erstellen
              </Link>
            </p>
          )}
          {recent.length > 0 && (
            <ul className="divide-y divide-slate-200">
              {recent.map((item) =>
                item.kind === 'statement' ? (
                  <li key={item.s.id} className="flex items-center justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <Link
                        to={`/dashboard/abrechnungen/bearbeiten/${item.s.id}`}
                        className="block truncate font-medium text-slate-900 hover:underline"
                      >
                        {item.s.title}
                      </Link>
                      <span className="text-sm text-slate-600">
                        {item.s.periodStart && item.s.periodEnd
                          ? `${formatDateDe(item.s.periodStart)} – ${formatDateDe(item.s.periodEnd)}`
                          : 'Zeitraum offen'}{' '}
                        · {formatCents(item.s.total)}
                      </span>
                    </div>
                    <StatusBadge status={item.s.status} />
                  </li>
                ) : (
                  <li key={item.s.id} className="flex items-center justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <Link
                        to={settlementPage(item.s.id)}
                        className="block truncate font-medium text-slate-900 hover:underline"
                      >
                        {item.s.propertyName}
                      </Link>
                      <span className="text-sm text-slate-600">
                        {periodText(item.s)} · {formatCents(item.s.totalCostsCents)}
                      </span>
                    </div>
                    <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center">
                      <HausabrechnungBadge />
                      <SettlementStatusBadge settlement={item.s} replaced={replaced.has(item.s.id)} />
                    </div>
                  </li>
                ),
              )}
            </ul>
          )}
        </Card>
        {/* the balance is the whole workspace's */}
        {!limited && <CreditsCard />}
      </div>
    </div>
  );
}
