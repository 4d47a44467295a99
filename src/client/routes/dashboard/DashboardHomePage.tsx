import { useQuery } from '@tanstack/react-query';
import { Building2, FilePlus2, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDateDe } from '../../../shared/money';
import { buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { CreditsCard } from '../billing/CreditsCard';
import { PaymentReturn } from '../billing/PaymentReturn';
import { propertiesQuery } from '../properties/api';
import { statementsQuery } from '../statements/api';
import { StatusBadge } from '../statements/status';

const RECENT = 5;

/** The overview: what to do next, the newest statements and the credit balance. */
export function DashboardHomePage() {
  useDocumentTitle('Dashboard');
  const statements = useQuery(statementsQuery);
  const properties = useQuery(propertiesQuery);
  const open =
    statements.data?.filter((s) => s.status === 'Erstellt' || s.status === 'Versendet').length ?? 0;

  return (
    <div className="flex flex-col gap-6">
      <PaymentReturn />
      <nav aria-label="Schnellzugriff" className="grid gap-3 sm:grid-cols-3">
        <Link to="/dashboard/abrechnungen/neu" className={buttonClasses({ variant: 'primary' })}>
          <FilePlus2 aria-hidden="true" className="size-4" /> Neue Abrechnung
        </Link>
        <Link to="/dashboard/immobilien/neu" className={buttonClasses({ variant: 'secondary' })}>
          <Building2 aria-hidden="true" className="size-4" /> Immobilie anlegen
        </Link>
        <Link to="/dashboard/belege/upload" className={buttonClasses({ variant: 'secondary' })}>
          <Upload aria-hidden="true" className="size-4" /> Beleg hochladen
        </Link>
      </nav>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          title="Neueste Abrechnungen"
          description={
            statements.data
              ? `${statements.data.length} Abrechnungen, davon ${open} erstellt oder versendet und noch nicht beglichen · ${properties.data?.length ?? 0} Immobilien`
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
          {statements.data?.length === 0 && (
            <p className="text-sm text-slate-700">
              Noch keine Abrechnungen.{' '}
              <Link to="/dashboard/abrechnungen/neu" className="font-medium text-teal-800 underline">
                Erste Abrechnung erstellen
              </Link>
            </p>
          )}
          {statements.data && statements.data.length > 0 && (
            <ul className="divide-y divide-slate-200">
              {statements.data.slice(0, RECENT).map((s) => (
                <li key={s.id} className="flex items-center justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <Link
                      to={`/dashboard/abrechnungen/bearbeiten/${s.id}`}
                      className="block truncate font-medium text-slate-900 hover:underline"
                    >
                      {s.title}
                    </Link>
                    <span className="text-sm text-slate-600">
                      {s.periodStart && s.periodEnd
                        ? `${formatDateDe(s.periodStart)} – ${formatDateDe(s.periodEnd)}`
                        : 'Zeitraum offen'}{' '}
                      · {formatCents(s.total)}
                    </span>
                  </div>
                  <StatusBadge status={s.status} />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <CreditsCard />
      </div>
    </div>
  );
}
