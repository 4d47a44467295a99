import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileCheck2, FileText, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PAYWALL_SINGLE_PLAN } from '../../../shared/catalog';
import { formatDateDe } from '../../../shared/money';
import { toFormInput } from '../../../shared/schemas/statement-form';
import type { ArchivedPdfJson } from '../../../shared/schemas/statement-json';
import { type StatementFormData, statementFileName, statementWarnings } from '../../../shared/statement';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { toast } from '../../components/ui/toast';
import { useCheckedWarnings, WarningChecklist } from '../../components/WarningChecklist';
import { ApiError, api } from '../../lib/api';
import { downloadPdf, UNKNOWN_ERROR } from '../../lib/pdfDownload';
import { meQueryKey, useMe } from '../../lib/session';
import { statementsKey } from './api';
import { todayIso } from './wizard/formValues';

// Spec §8 "PDF and credits".
const PDF_ERROR_TITLE = 'Fehler beim Erstellen der PDF';
const PAYWALL = `/paywall?plan=${encodeURIComponent(PAYWALL_SINGLE_PLAN.plan)}&price=${encodeURIComponent(PAYWALL_SINGLE_PLAN.price)}`;

const statementPath = (id: string) => `/api/statements/${encodeURIComponent(id)}`;

const archivedPdfsQuery = (statementId: string) =>
  queryOptions({
    queryKey: [...statementsKey, 'detail', statementId, 'pdfs'],
    queryFn: ({ signal }) => api<ArchivedPdfJson[]>(`${statementPath(statementId)}/pdfs`, { signal }),
  });

/** POST /api/statements/pdf; resolves with the credits left after a final PDF and whether it was a free correction. */
async function downloadStatementPdf(
  formData: StatementFormData,
  isPreview: boolean,
  statementId: string | undefined,
  confirmedWarnings: string[],
): Promise<{ left: number | null; correction: boolean }> {
  // The server reads amounts as the form holds them (euros), not as the canonical cents.
  const body = { formData: toFormInput(formData), isPreview, statementId, confirmedWarnings };
  const response = await downloadPdf('/api/statements/pdf', body, statementFileName(formData, isPreview));
  const left = response.headers.get('x-credits-remaining');
  return {
    left: left === null ? null : Number(left),
    correction: response.headers.get('x-correction') === 'free',
  };
}

export interface PdfPanelProps {
  /** The wizard's values (canonical form data, amounts in cents). */
  formData: StatementFormData;
  /** A saved statement: its final PDF is archived with it and sets its status to Erstellt. */
  statementId?: string;
  /** After a final PDF of a saved statement: the server saved the printed form data with it. */
  onFinalPdf?: () => void;
}

/** Wizard step 3: the free preview, and the final PDF for one credit (spec §4 "Credits"). */
export function PdfPanel({ formData, statementId, onFinalPdf }: PdfPanelProps) {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState<'preview' | 'final' | null>(null);
  const credits = me?.credits;
  const archived = useQuery({ ...archivedPdfsQuery(statementId ?? ''), enabled: statementId !== undefined });
  // the same tenant and period as an earlier final PDF of this statement: a free correction
  const correction = (archived.data ?? []).some(
    (p) =>
      p.tenantName === formData.tenant.name &&
      p.periodStart === formData.billingPeriod.start &&
      p.periodEnd === formData.billingPeriod.end,
  );
  const canFinal = correction || (credits !== undefined && credits >= 1);
  // the checks of what the final PDF would print; each must be ticked before it (the server asks too)
  const warnings = statementWarnings(formData, todayIso());
  const { checked, tick, confirmed, unchecked } = useCheckedWarnings(warnings);

  async function create(isPreview: boolean) {
    setPending(isPreview ? 'preview' : 'final');
    try {
      const { left, correction: free } = await downloadStatementPdf(
        formData,
        isPreview,
        statementId,
        isPreview ? [] : confirmed,
      );
      if (isPreview) {
        toast({ title: 'Vorschau wird heruntergeladen' });
        return;
      }
      toast({
        title: free ? 'Korrektur wird heruntergeladen' : 'PDF wird heruntergeladen',
        description: free ? 'Es wurde kein Credit verbraucht.' : '1 Credit wurde verbraucht',
      });
      if (me && left !== null) queryClient.setQueryData(meQueryKey, { ...me, credits: left });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      if (statementId) {
        void queryClient.invalidateQueries({ queryKey: statementsKey });
        onFinalPdf?.();
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        toast({
          title: 'Nicht genügend Credits',
          description: 'Bitte kaufen Sie Credits, um eine finale Abrechnung zu erstellen.',
          variant: 'destructive',
        });
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        await navigate(PAYWALL);
        return;
      }
      toast({
        title: PDF_ERROR_TITLE,
        description: error instanceof ApiError ? error.message : UNKNOWN_ERROR,
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  }

  return (
    <Card
      title="PDF-Export"
      description={
        credits === undefined ? undefined : (
          <span data-testid="pdf-credits">
            Ihre Credits: <strong className="text-slate-900">{credits}</strong>
          </span>
        )
      }
    >
      <div className="flex flex-col gap-4">
        {!canFinal && (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            Die kostenlose Vorschau trägt das Wasserzeichen <strong>VORSCHAU</strong>. Die finale Abrechnung
            ohne Wasserzeichen kostet 1 Credit.
          </p>
        )}
        {canFinal && (
          <WarningChecklist warnings={warnings} checked={checked} onTick={tick} before="der finalen PDF" />
        )}
        <div className="flex flex-wrap gap-3">
          {canFinal && (
            <Button
              loading={pending === 'final'}
              disabled={pending !== null || unchecked > 0}
              onClick={() => void create(false)}
            >
              <FileCheck2 aria-hidden="true" className="size-4" />
              {correction ? 'Korrigierte PDF erstellen (kostenlos)' : 'Finale PDF erstellen (1 Credit)'}
            </Button>
          )}
          <Button
            variant="secondary"
            loading={pending === 'preview'}
            disabled={pending !== null}
            onClick={() => void create(true)}
          >
            <FileText aria-hidden="true" className="size-4" />
            Vorschau herunterladen
          </Button>
          {!canFinal && (
            <Link to={PAYWALL} className={buttonClasses()}>
              <ShoppingCart aria-hidden="true" className="size-4" />
              Credits kaufen
            </Link>
          )}
        </div>
        {statementId && <ArchivedPdfLink statementId={statementId} />}
      </div>
    </Card>
  );
}

/** The newest archived final PDF of a saved statement, downloadable again without a credit. */
export function ArchivedPdfLink({ statementId }: { statementId: string }) {
  const { data } = useQuery(archivedPdfsQuery(statementId));
  const latest = data?.[0];
  if (!latest) return null;
  return (
    <a
      href={`${statementPath(statementId)}/pdf`}
      download={latest.fileName}
      className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-teal-800 hover:underline"
    >
      <Download aria-hidden="true" className="size-4" />
      Finale PDF vom {formatDateDe(latest.createdAt)} erneut herunterladen
    </a>
  );
}
