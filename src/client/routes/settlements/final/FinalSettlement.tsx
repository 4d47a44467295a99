import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, FileArchive, FilePenLine, FileSpreadsheet } from 'lucide-react';
import { useNavigate } from 'react-router';
import { formatCents, formatQuantity } from '../../../../shared/money';
import { CONSUMPTION_UNIT_LABELS, KEY_LABELS, METER_KIND_LABELS } from '../../../../shared/vocabulary';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { confirm } from '../../../components/ui/confirm';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useCanEdit } from '../../../lib/session';
import {
  createCorrection,
  overviewPdfUrl,
  type Settlement,
  settlementPage,
  settlementQuery,
  settlementsKey,
  statementPdfUrl,
  zipUrl,
} from '../api';
import { ReceiptPicker } from '../ReceiptPicker';
import { OccupancyTimeline } from '../results/OccupancyTimeline';
import { ResultsSection } from '../results/ResultsSection';
import { DeliveryCard } from './DeliveryCard';
import { NextYearButton } from './NextYearButton';
import { PrepaymentCard } from './PrepaymentCard';

/** A final settlement: read-only figures from its snapshot, its PDFs, and the way to a correction. */
export function FinalSettlement({ settlement }: { settlement: Settlement }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const tenantName = new Map(settlement.statements.map((s) => [s.tenancyId, s.tenantName]));
  const canEdit = useCanEdit();

  const correction = useMutation({
    mutationFn: () => createCorrection(settlement.id),
    onSuccess: async (draft) => {
      queryClient.setQueryData(settlementQuery(draft.id).queryKey, draft);
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
      toast({ title: 'Korrektur angelegt', description: 'Ein neuer Entwurf mit denselben Angaben.' });
      await navigate(settlementPage(draft.id));
    },
    onError: (error) => {
      toast({ title: 'Korrektur nicht angelegt', description: errorMessage(error), variant: 'destructive' });
    },
  });

  const askCorrection = async () => {
    const ok = await confirm({
      title: 'Korrektur erstellen?',
      description:
        'Es entsteht ein neuer Entwurf mit allen Angaben dieser Abrechnung. Die finale Fassung bleibt unverändert erhalten.',
      confirmLabel: 'Korrektur erstellen',
    });
    if (ok) correction.mutate();
  };

  return (
    <div className="flex flex-col gap-6">
      <Card
        title="Schreiben und Unterlagen"
        description="Die finalen PDFs sind archiviert und jederzeit erneut herunterladbar."
      >
        <div className="flex flex-wrap gap-3">
          <a href={zipUrl(settlement.id)} download className={buttonClasses()}>
            <FileArchive aria-hidden="true" className="size-4" />
            Alle als ZIP
          </a>
          <a
            href={overviewPdfUrl(settlement.id)}
            download
            className={buttonClasses({ variant: 'secondary' })}
          >
            <FileSpreadsheet aria-hidden="true" className="size-4" />
            Übersicht für den Vermieter (PDF)
          </a>
          {settlement.correctedById || !canEdit ? null : (
            <Button variant="secondary" loading={correction.isPending} onClick={() => void askCorrection()}>
              <FilePenLine aria-hidden="true" className="size-4" />
              Korrektur erstellen
            </Button>
          )}
          {canEdit && <NextYearButton propertyId={settlement.propertyId} settlementId={settlement.id} />}
        </div>
        {settlement.correctsId && <CorrectedLetters statements={settlement.statements} />}
        {/* each tenant's letter here, first: below, the results run several screens on a phone */}
        <ul
          aria-label="Schreiben je Mieter"
          className="mt-4 divide-y divide-slate-200 border-t border-slate-200"
        >
          {settlement.statements.map((s) => (
            <li key={s.tenancyId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 text-slate-800">
                <span className="font-medium text-slate-900">{s.tenantName}</span> · {s.unitLabel} ·{' '}
                {s.balanceCents >= 0
                  ? `Nachzahlung ${formatCents(s.balanceCents)}`
                  : `Guthaben ${formatCents(-s.balanceCents)}`}
              </span>
              <a
                href={statementPdfUrl(settlement.id, s.tenancyId)}
                download={s.final?.fileName ?? true}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                <Download aria-hidden="true" className="size-4" />
                PDF herunterladen<span className="sr-only"> für {s.tenantName}</span>
              </a>
            </li>
          ))}
        </ul>
      </Card>

      {/* the letters and their delivery first: on a phone the rest is long */}
      {canEdit && <DeliveryCard settlementId={settlement.id} tenantName={tenantName} />}

      <ResultsSection figures={settlement} live={false} />

      {canEdit && <PrepaymentCard settlementId={settlement.id} />}

      {settlement.confirmedWarnings.length > 0 && (
        <Card
          title="Beim Finalisieren geprüfte Hinweise"
          description="Diese Hinweise haben Sie vor dem Finalisieren als geprüft bestätigt."
        >
          <ul aria-label="Geprüfte Hinweise" className="list-disc pl-5 text-sm text-slate-800">
            {settlement.confirmedWarnings.map((w) => (
              <li key={w.code + w.path}>{w.message}</li>
            ))}
          </ul>
        </Card>
      )}

      <OccupancyTimeline units={settlement.units} periodDays={settlement.periodDays} warnings={[]} />

      <Card title="Kosten des Hauses" description={costsSum(settlement)}>
        {/* rows that wrap rather than a table, so a phone shows every amount without scrolling */}
        <ul aria-label="Kostenpositionen" className="divide-y divide-slate-200 text-sm">
          {settlement.costs.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the cost's position is its identity
            <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{c.name}</span>
                <span className="block text-slate-600">
                  {KEY_LABELS[c.key]}
                  {c.consumption &&
                    ('meterKind' in c.consumption
                      ? ` (aus den Zählern: ${METER_KIND_LABELS[c.consumption.meterKind].label})`
                      : ` (gesamt ${formatQuantity(c.consumption.totalUnits)} ${CONSUMPTION_UNIT_LABELS[c.consumption.unit ?? 'units']})`)}
                  {c.tenancyId && ` (${tenantName.get(c.tenancyId) ?? 'Mietverhältnis'})`}
                </span>
              </span>
              <span className="font-semibold whitespace-nowrap tabular-nums text-slate-900">
                {formatCents(c.amountCents)}
              </span>
              <ReceiptPicker settlementId={settlement.id} costIndex={i} costName={c.name} />
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

/** The sum of the listed positions; the heating rows, computed beside them, are named apart. */
function costsSum(settlement: Pick<Settlement, 'costs' | 'totalCostsCents'>): string {
  const listed = settlement.costs.reduce((sum, c) => sum + c.amountCents, 0);
  return listed === settlement.totalCostsCents
    ? `Summe: ${formatCents(listed)}`
    : `Summe der Positionen: ${formatCents(listed)}; mit Heiz- und Warmwasserkosten: ${formatCents(settlement.totalCostsCents)}`;
}

/** A correction's letters: which changed (to be delivered again) and which were kept as sent. */
function CorrectedLetters({ statements }: { statements: Settlement['statements'] }) {
  const names = (unchanged: boolean) =>
    statements.filter((s) => s.final && s.final.unchanged === unchanged).map((s) => s.tenantName);
  const changed = names(false);
  const kept = names(true);
  return (
    <div data-testid="corrected-letters" className="mt-4 flex flex-col gap-1 text-sm text-slate-700">
      <p>
        <span className="font-medium text-slate-900">Geänderte Schreiben (als Korrektur zuzustellen):</span>{' '}
        {changed.length > 0 ? changed.join(', ') : 'keine'}
      </p>
      {kept.length > 0 && (
        <p>
          <span className="font-medium text-slate-900">Unverändert, wie zugestellt:</span> {kept.join(', ')}
        </p>
      )}
    </div>
  );
}
