import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateDe } from '../../../shared/money';
import { ChangeLog } from '../../components/ChangeLog';
import { PageSpinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ApiError } from '../../lib/api';
import { costGroupsQuery, metersQuery } from '../buildings/api';
import { type Settlement, settlementPage, settlementQuery, tenanciesQuery, unitsQuery } from './api';
import { costDocumentsQuery } from './deliveryApi';
import { FinalizePanel } from './editor/FinalizePanel';
import { SettlementEditor } from './editor/SettlementEditor';
import { FinalSettlement } from './final/FinalSettlement';
import { HausabrechnungBadge, periodText, SettlementStatusBadge } from './SettlementBadges';

const LIST = '/dashboard/abrechnungen';

/** /dashboard/hausabrechnungen/:id: a draft's editor, or a final settlement with its PDFs. */
export function SettlementPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  useDocumentTitle('Hausabrechnung');
  const settlement = useQuery(settlementQuery(id));

  useEffect(() => {
    if (!settlement.error) return;
    if (settlement.error instanceof ApiError && settlement.error.status === 404) {
      toast({ title: 'Hausabrechnung nicht gefunden.', variant: 'destructive' });
      void navigate(LIST, { replace: true });
    } else {
      toast({ title: 'Fehler beim Laden der Hausabrechnung.', variant: 'destructive' });
    }
  }, [settlement.error, navigate]);

  const data = settlement.data;
  if (!data) return settlement.isError ? null : <PageSpinner label="Hausabrechnung wird geladen …" />;

  return (
    <div className="flex w-full flex-col gap-6">
      <Header settlement={data} />
      {data.status === 'final' ? (
        <FinalSettlement settlement={data} />
      ) : (
        // keyed by the draft, so a correction's page starts from its own values
        <Draft key={data.id} settlement={data} />
      )}
      <ChangeLog subjectId={data.id} />
    </div>
  );
}

function Header({ settlement }: { settlement: Settlement }) {
  return (
    <div className="flex flex-col gap-3">
      <Link
        to={LIST}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-teal-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Zurück zu den Abrechnungen
      </Link>
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <HausabrechnungBadge />
          <SettlementStatusBadge settlement={settlement} />
        </div>
        <h1 className="mt-2 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
          {settlement.propertyName}
        </h1>
        <p className="mt-1 text-slate-700">Abrechnungszeitraum {periodText(settlement)}</p>
        {settlement.finalizedAt && (
          <p className="mt-1 text-sm text-slate-600">
            Finalisiert am {formatDateDe(settlement.finalizedAt)}
            {settlement.finalizedBy ? ` von ${settlement.finalizedBy}` : ''}
          </p>
        )}
        {settlement.correctsId && (
          <p className="mt-1 text-sm text-slate-700">
            Korrektur der{' '}
            <Link to={settlementPage(settlement.correctsId)} className="font-medium text-teal-800 underline">
              vorherigen Fassung
            </Link>
          </p>
        )}
        {settlement.correctedById && (
          <p className="mt-1 text-sm text-slate-700">
            Diese Fassung wurde korrigiert:{' '}
            <Link
              to={settlementPage(settlement.correctedById)}
              className="font-medium text-teal-800 underline"
            >
              zur Korrektur
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

/** A draft needs the property's live units and tenancies: the browser computes its figures from them. */
function Draft({ settlement }: { settlement: Settlement }) {
  const units = useQuery(unitsQuery(settlement.propertyId));
  const tenancies = useQuery(tenanciesQuery(settlement.propertyId));
  const receipts = useQuery(costDocumentsQuery(settlement.id));
  const costGroups = useQuery(costGroupsQuery(settlement.propertyId));
  const meters = useQuery(metersQuery(settlement.propertyId));
  if (units.isError || tenancies.isError || receipts.isError || costGroups.isError || meters.isError) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
        Einheiten und Mietverhältnisse konnten nicht geladen werden. Bitte laden Sie die Seite neu.
      </p>
    );
  }
  if (!units.data || !tenancies.data || !receipts.data || !costGroups.data || !meters.data) {
    return <PageSpinner label="Einheiten werden geladen …" />;
  }
  return (
    <SettlementEditor
      settlement={settlement}
      units={units.data}
      tenancies={tenancies.data}
      costGroups={costGroups.data}
      meters={meters.data}
      receipts={receipts.data}
      footer={(dirty) => <FinalizePanel settlement={settlement} dirty={dirty} />}
    />
  );
}
