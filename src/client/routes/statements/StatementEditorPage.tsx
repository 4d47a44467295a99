import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatIban } from '../../../shared/iban';
import type { LetterBody } from '../../../shared/schemas/settlement';
import {
  emptyStatementForm,
  type StatementFormInput,
  toFormInput,
} from '../../../shared/schemas/statement-form';
import type { StatementFormData } from '../../../shared/statement/types';
import { PageSpinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { ApiError } from '../../lib/api';
import { senderQuery } from '../../lib/sender';
import { propertiesQuery } from '../properties/api';
import { saveDraft, statementQuery, statementsKey } from './api';
import { PdfPanel } from './PdfPanel';
import { StatusMenu } from './status';
import { StatementWizard } from './wizard/StatementWizard';

const LIST = '/dashboard/abrechnungen';

/** The step to open, handed over when a new draft's page is replaced by its edit page. */
function stepFromState(state: unknown): number {
  if (typeof state === 'object' && state !== null && 'step' in state && typeof state.step === 'number') {
    return state.step;
  }
  return 0;
}

/** /dashboard/abrechnungen/neu and /dashboard/abrechnungen/bearbeiten/:id (the dashboard wizard). */
export function StatementEditorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const dirty = useUnsavedChangesGuard();
  useDocumentTitle(id ? 'Abrechnung bearbeiten' : 'Neue Abrechnung');

  const properties = useQuery(propertiesQuery);
  const statement = useQuery({ ...statementQuery(id ?? ''), enabled: id !== undefined });

  useEffect(() => {
    if (!statement.error) return;
    if (statement.error instanceof ApiError && statement.error.status === 404) {
      toast({ title: 'Abrechnung nicht gefunden.', variant: 'destructive' });
      void navigate(LIST, { replace: true });
    } else {
      toast({ title: 'Fehler beim Laden der Abrechnung.', variant: 'destructive' });
    }
  }, [statement.error, navigate]);

  // a new statement starts with the sender and bank account kept in the settings
  const sender = useQuery({ ...senderQuery, enabled: id === undefined });
  const senderReady = id !== undefined || !sender.isPending;

  const loaded = statement.data;
  // The form starts from the loaded statement once; later refetches do not overwrite typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the statement's id on purpose
  const initialValues = useMemo(
    () => toFormInput(loaded?.formData ?? withSender(emptyStatementForm(), sender.data?.letter ?? null)),
    [loaded?.id, senderReady],
  );

  const onDirtyChange = useCallback(
    (value: boolean) => {
      dirty.current = value;
    },
    [dirty],
  );

  const onSaveDraft = async (values: StatementFormInput, step: number) => {
    const saved = await saveDraft(id, values);
    queryClient.setQueryData(statementQuery(saved.id).queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: statementsKey, exact: true });
    toast({ title: 'Entwurf gespeichert!' });
    if (!id) {
      // Spec §4: a new draft continues on its edit route, replacing the history entry.
      dirty.current = false;
      await navigate(`${LIST}/bearbeiten/${saved.id}`, { replace: true, state: { step } });
    }
  };

  if (id && !loaded) {
    return statement.isError ? null : <PageSpinner label="Abrechnung wird geladen …" />;
  }
  if (!senderReady) return <PageSpinner label="Abrechnung wird vorbereitet …" />;

  return (
    <div className="flex w-full flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link
          to={LIST}
          className="inline-flex items-center gap-1 self-start text-sm font-medium text-teal-800 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Zurück zur Übersicht
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {loaded ? 'Abrechnung bearbeiten' : 'Neue Abrechnung'}
            </h1>
            {loaded && <p className="mt-1 text-slate-700">{loaded.title}</p>}
          </div>
          {loaded && (
            <div className="flex items-center gap-2 text-sm text-slate-700">
              Status:
              <StatusMenu id={loaded.id} status={loaded.status} title={loaded.title} />
            </div>
          )}
        </div>
      </div>

      <StatementWizard
        key={loaded?.id ?? 'new'}
        mode="dashboard"
        initialValues={initialValues}
        initialStep={stepFromState(location.state)}
        properties={properties.data ?? []}
        onSaveDraft={onSaveDraft}
        onCancel={() => void navigate(LIST)}
        onDirtyChange={onDirtyChange}
        renderPdfPanel={(formData, { markSaved }) => (
          <PdfPanel formData={formData} statementId={loaded?.id} onFinalPdf={markSaved} />
        )}
      />
    </div>
  );
}

/** A new statement's landlord and bank account from the kept sender (empty fields stay empty). */
function withSender(form: StatementFormData, letter: LetterBody | null): StatementFormData {
  if (!letter) return form;
  const bank = letter.bank;
  return {
    ...form,
    landlord: { ...letter.landlord },
    ...(bank
      ? { bankDetails: { bank: bank.bank, iban: formatIban(bank.iban), bic: bank.bic, holder: bank.holder } }
      : {}),
  };
}
