import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2, Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatIban } from '../../../shared/iban';
import { formatCents, formatDateDe } from '../../../shared/money';
import type {
  BankImportJson,
  BankTransactionJson,
  CsvColumnsJson,
  CsvMapping,
} from '../../../shared/schemas/bank';
import { ForEditors } from '../../components/ForEditors';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Select } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ApiError, errorMessage } from '../../lib/api';
import { useCanEdit, useMe } from '../../lib/session';
import { tenanciesQuery, unitsQuery } from '../buildings/api';
import { documentsQuery, fileUrl } from '../documents/api';
import { propertiesQuery } from '../properties/api';
import { settlementsKey } from '../settlements/api';
import {
  assign,
  bankKey,
  csvColumns,
  deleteImport,
  importBankFile,
  importsQuery,
  refusedFilesQuery,
  type TransactionStatus,
  transactionsQuery,
} from './api';
import { GROUP_TITLES, groupBookings } from './bookingGroups';
import { CsvColumnsForm } from './CsvColumnsForm';
import { choiceOf, matchLabel, matchOf, type TenancyChoice } from './matchChoice';
import { RecurringPayers } from './RecurringPayers';
import { RefusedFiles } from './RefusedFiles';

const FORMATS: Record<BankImportJson['format'], string> = {
  camt053: 'CAMT.053',
  mt940: 'MT940',
  'csv-camt': 'CSV-CAMT',
  'csv-mt940': 'CSV-MT940',
  csv: 'CSV',
};

const TABS: Array<{ status: TransactionStatus; label: string }> = [
  { status: 'unmatched', label: 'Nicht zugeordnet' },
  { status: 'matched', label: 'Zugeordnet' },
  { status: 'all', label: 'Alle' },
];

/** Every tenancy of the landlord's houses, named with its flat, for the "what is it" select. */
function useTenancyChoices(): TenancyChoice[] {
  const properties = useQuery(propertiesQuery).data ?? [];
  const tenancies = useQueries({ queries: properties.map((p) => tenanciesQuery(p.id)) });
  const units = useQueries({ queries: properties.map((p) => unitsQuery(p.id)) });
  const labels = new Map(units.flatMap((u) => u.data ?? []).map((u) => [u.id, u.label]));
  return tenancies
    .flatMap((t) => t.data ?? [])
    .filter((t) => t.kind === 'tenant')
    .map((t) => ({ id: t.id, label: `${t.tenant.name} (${labels.get(t.unitId) ?? ''})` }));
}

/**
 * /dashboard/zahlungen: the bank's statement file dropped in instead of typing each
 * tenant's payments; what Umlage could not match clearly is asked here, once per payer if wished.
 */
export function PaymentsPage() {
  useDocumentTitle('Zahlungen');
  const [status, setStatus] = useState<TransactionStatus>('unmatched');
  const transactions = useInfiniteQuery(transactionsQuery(status));
  const loaded = transactions.data?.pages.flatMap((p) => p.transactions);
  const bookings = loaded;
  const imports = useQuery(importsQuery);
  const tenancies = useTenancyChoices();

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Zahlungen</h1>
        <p className="mt-1 max-w-3xl text-slate-700">
          Laden Sie den Kontoauszug als Datei aus Ihrem Online-Banking hoch (CAMT, MT940 oder CSV). Umlage
          ordnet die Mietzahlungen den Mietverhältnissen zu; jede Abrechnung zieht dann die tatsächlich
          gezahlten Vorauszahlungen ab. Ihre Bankdaten bleiben auf unserem Server; niemand erhält Zugang zu
          Ihrem Konto.
        </p>
      </header>
      <ForEditors>
        <ImportCard />
        <RecurringPayers />
      </ForEditors>
      <section aria-labelledby="bookings-heading" className="flex flex-col gap-3">
        <h2 id="bookings-heading" className="text-lg font-semibold text-slate-900">
          Buchungen
        </h2>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Buchungen zeigen</legend>
          {TABS.map((t) => (
            <Button
              key={t.status}
              size="sm"
              variant={status === t.status ? 'primary' : 'secondary'}
              aria-pressed={status === t.status}
              onClick={() => setStatus(t.status)}
            >
              {t.label}
            </Button>
          ))}
        </fieldset>
        {status === 'unmatched' && bookings && bookings.length > 0 && (
          <UnmatchedSummary bookings={bookings} complete={!transactions.hasNextPage} />
        )}
        {bookings?.length === 0 && (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            {status === 'unmatched' ? 'Alle Buchungen sind zugeordnet.' : 'Noch keine Buchungen.'}
          </p>
        )}
        {status === 'unmatched' ? (
          <GroupedBookings bookings={bookings ?? []} tenancies={tenancies} />
        ) : (
          <ul aria-label="Buchungen" className="flex flex-col gap-2">
            {(bookings ?? []).map((t) => (
              <TransactionItem key={t.id} transaction={t} tenancies={tenancies} />
            ))}
          </ul>
        )}
        {transactions.hasNextPage && (
          <Button
            variant="secondary"
            className="self-start"
            loading={transactions.isFetchingNextPage}
            onClick={() => void transactions.fetchNextPage()}
          >
            Weitere Buchungen laden
          </Button>
        )}
      </section>
      {imports.data && imports.data.length > 0 && <ImportList imports={imports.data} />}
      <RefusedFiles />
    </div>
  );
}

/**
 * What is left to assign, said first: whether any money came in that is not matched (a tenant's
 * payment among it would be missing from the letters), and how many bookings are money out.
 */
function UnmatchedSummary({ bookings, complete }: { bookings: BankTransactionJson[]; complete: boolean }) {
  const incoming = bookings.filter((t) => t.amountCents > 0).length;
  const outgoing = bookings.length - incoming;
  const atLeast = complete ? '' : 'mindestens ';
  const out = `${atLeast}${outgoing} ${outgoing === 1 ? 'Ausgabe' : 'Ausgaben'}`;
  return (
    <p className="rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-800">
      {incoming === 0 && complete ? (
        <>
          <strong className="font-semibold text-green-800">Alle Zahlungseingänge sind zugeordnet</strong> –
          jede Mietzahlung ist erfasst. Offen {outgoing === 1 ? 'ist' : 'sind'} nur {out} (Kosten, Gebühren,
          eigene Überweisungen): Ordnen Sie sie einem Beleg zu oder lassen Sie sie liegen.
        </>
      ) : (
        <>
          <strong className="font-semibold text-amber-800">
            {atLeast}
            {incoming} {incoming === 1 ? 'Zahlungseingang' : 'Zahlungseingänge'} nicht zugeordnet
          </strong>{' '}
          – darunter können Mietzahlungen sein; sie stehen zuerst. Dazu {out}.
        </>
      )}
    </p>
  );
}

/**
 * What is not assigned yet, by what it most likely is: money in first (a tenant's payment would be
 * there), the bank's fees and the landlord's own transfers set aside in one step each.
 */
function GroupedBookings({
  bookings,
  tenancies,
}: {
  bookings: BankTransactionJson[];
  tenancies: TenancyChoice[];
}) {
  const queryClient = useQueryClient();
  const me = useMe();
  const imports = useQuery(importsQuery).data ?? [];
  const own = { ibans: new Set(imports.map((i) => i.iban)), name: me.data?.user.fullName ?? '' };
  const ignore = useMutation({
    mutationFn: async (list: BankTransactionJson[]) => {
      for (const t of list) await assign(t.id, { kind: 'ignored' }, false);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankKey }),
    onError: (error) =>
      toast({ title: 'Nicht alle gespeichert', description: errorMessage(error), variant: 'destructive' }),
  });
  return groupBookings(bookings, own).map(({ group, bookings: list }) => (
    <section key={group} aria-labelledby={`group-${group}`} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`group-${group}`} className="font-semibold text-slate-900">
          {GROUP_TITLES[group]} ({list.length})
        </h3>
        {(group === 'fees' || group === 'own') && (
          <ForEditors>
            <Button
              size="sm"
              variant="secondary"
              loading={ignore.isPending && ignore.variables === list}
              onClick={() => ignore.mutate(list)}
            >
              {list.length} {list.length === 1 ? 'Buchung' : 'Buchungen'} ignorieren
            </Button>
          </ForEditors>
        )}
      </div>
      <ul aria-label={GROUP_TITLES[group]} className="flex flex-col gap-2">
        {list.map((t) => (
          <TransactionItem key={t.id} transaction={t} tenancies={tenancies} />
        ))}
      </ul>
    </section>
  ));
}

function ImportCard() {
  const queryClient = useQueryClient();
  const properties = useQuery(propertiesQuery).data ?? [];
  const [file, setFile] = useState<File | null>(null);
  const [propertyId, setPropertyId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BankImportJson | null>(null);
  const [columns, setColumns] = useState<CsvColumnsJson | null>(null);
  const upload = useMutation({
    mutationFn: (mapping?: CsvMapping) => importBankFile(file as File, propertyId, mapping),
    onSuccess: (answer) => {
      setResult(answer);
      setError(null);
      setColumns(null);
      void queryClient.invalidateQueries({ queryKey: bankKey });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
    },
    onError: async (e) => {
      // another bank's CSV: its columns are asked once
      if (e instanceof ApiError && e.code === 'csv_columns_unknown' && file) {
        try {
          setColumns(await csvColumns(file));
          setError(null);
          return;
        } catch (columnsError) {
          setError(errorMessage(columnsError));
          return;
        }
      }
      setError(errorMessage(e));
      // a refused file is kept with its reason: the list below shows it
      void queryClient.invalidateQueries({ queryKey: refusedFilesQuery.queryKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Bitte wählen Sie eine Datei aus.');
      return;
    }
    upload.mutate(undefined);
  };
  return (
    <Card title="Kontoauszug importieren">
      <form
        onSubmit={submit}
        noValidate
        aria-label="Kontoauszug importieren"
        className="grid gap-4 sm:grid-cols-2"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="bank-file" className="text-sm font-medium text-slate-800">
            Datei (CAMT-XML oder ZIP, MT940, CSV)
          </label>
          <input
            id="bank-file"
            type="file"
            accept=".xml,.zip,.sta,.mt940,.txt,.csv"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'bank-file-error' : undefined}
            className="text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
              setColumns(null);
            }}
          />
          {error && (
            <p id="bank-file-error" role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <Select
          label="Immobilie"
          hint="Optional: nur ihre Mietverhältnisse zuordnen."
          value={propertyId}
          onChange={(event) => setPropertyId(event.target.value)}
        >
          <option value="">Alle Immobilien</option>
          {properties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
        {columns ? (
          <CsvColumnsForm
            columns={columns}
            busy={upload.isPending}
            onImport={(mapping) => upload.mutate(mapping)}
          />
        ) : (
          <Button type="submit" loading={upload.isPending} className="justify-self-start sm:col-span-2">
            <Upload aria-hidden="true" className="size-4" />
            Importieren
          </Button>
        )}
        {result && (
          <p role="status" className="rounded-md bg-teal-50 p-3 text-sm text-teal-900 sm:col-span-2">
            {FORMATS[result.format]} · Konto {formatIban(result.iban) || 'unbekannt'}
            {result.from && result.to ? ` · ${formatDateDe(result.from)} – ${formatDateDe(result.to)}` : ''}:{' '}
            {result.transactions} Buchungen, davon {result.new} neu
            {result.duplicates > 0 ? ` (${result.duplicates} waren schon da)` : ''}; {result.matched}{' '}
            zugeordnet.
          </p>
        )}
      </form>
    </Card>
  );
}

function TransactionItem({
  transaction: t,
  tenancies,
}: {
  transaction: BankTransactionJson;
  tenancies: TenancyChoice[];
}) {
  const queryClient = useQueryClient();
  const canEdit = useCanEdit();
  const [remember, setRemember] = useState(false);
  const save = useMutation({
    mutationFn: (choice: string) => assign(t.id, matchOf(choice, t.match), remember),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bankKey });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
    },
    onError: (error) =>
      toast({ title: 'Nicht gespeichert', description: errorMessage(error), variant: 'destructive' }),
  });
  const payer = t.counterpartyName || 'ohne Namen';
  return (
    <li
      aria-label={`${formatDateDe(t.bookingDate)} ${payer} ${formatCents(t.amountCents)}`}
      className="rounded-lg border border-slate-200 bg-white p-3"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-slate-900">
          {formatDateDe(t.bookingDate)} · {payer}
          {t.reversal && (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
              Rückbuchung
            </span>
          )}
        </p>
        <p
          className={
            t.amountCents < 0 ? 'tabular-nums text-slate-900' : 'tabular-nums font-semibold text-teal-800'
          }
        >
          {formatCents(t.amountCents)}
        </p>
      </div>
      <p className="mt-0.5 break-words text-sm text-slate-700">{t.reference || '–'}</p>
      {t.reverses && (
        <p className="mt-0.5 text-sm text-slate-700">
          Gibt eine frühere Zahlung zurück; sie gilt als nicht gezahlt.
        </p>
      )}
      <div className="mt-2 grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
        <Select
          label="Zuordnung"
          hint={
            t.matchedBy === 'auto'
              ? 'automatisch zugeordnet'
              : t.matchedBy === 'rule'
                ? 'nach Ihrer Regel'
                : undefined
          }
          value={choiceOf(t.match)}
          disabled={save.isPending || !canEdit}
          onChange={(event) => save.mutate(event.target.value)}
        >
          <option value="">nicht zugeordnet</option>
          {tenancies.map((c) => (
            <option key={c.id} value={`t:${c.id}`}>
              {matchLabel({ kind: 'tenant-payment', tenancyId: c.id }, tenancies)}
            </option>
          ))}
          {t.amountCents > 0 &&
            tenancies.map((c) => (
              <option key={c.id} value={`d:${c.id}`}>
                {matchLabel({ kind: 'deposit', tenancyId: c.id }, tenancies)}
              </option>
            ))}
          <option value="cost">Kosten des Hauses</option>
          <option value="ignored">Ignorieren</option>
        </Select>
        <ForEditors>
          <Checkbox
            label="Immer so für diesen Zahler"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
        </ForEditors>
      </div>
      {t.match?.kind === 'cost' && t.match.documentId && <PaidReceipt id={t.match.documentId} />}
    </li>
  );
}

/** The receipt a debit paid, linked by its amount and payee. */
function PaidReceipt({ id }: { id: string }) {
  const documents = useQuery(documentsQuery);
  const name = documents.data?.find((d) => d.id === id)?.name ?? 'Beleg';
  return (
    <p className="mt-2 text-sm text-slate-700">
      Bezahlt:{' '}
      <a
        href={fileUrl(id)}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-teal-800 underline"
      >
        {name}
      </a>
    </p>
  );
}

function ImportList({ imports }: { imports: BankImportJson[] }) {
  const queryClient = useQueryClient();
  const remove = useConfirmedDelete({
    remove: (i: BankImportJson) => deleteImport(i.id),
    question: () => 'Der Import wird mit seinen Buchungen und deren Zuordnungen gelöscht.',
    afterwards: () => {
      void queryClient.invalidateQueries({ queryKey: bankKey });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
      return undefined;
    },
    done: () => ({
      title: 'Import gelöscht',
      description: 'Seine Buchungen und ihre Zuordnungen wurden entfernt.',
    }),
    failed: 'Nicht gelöscht',
  });
  return (
    <Card title="Importe">
      <ul aria-label="Importe" className="divide-y divide-slate-200">
        {imports.map((i) => (
          <li
            key={i.id}
            className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm text-slate-800"
          >
            <span>
              {FORMATS[i.format]} · {formatIban(i.iban) || 'Konto unbekannt'}
              {i.from && i.to ? ` · ${formatDateDe(i.from)} – ${formatDateDe(i.to)}` : ''} · {i.new} neue
              Buchungen
            </span>
            <ForEditors>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                aria-label={`Import ${formatDateDe(i.from ?? '')} – ${formatDateDe(i.to ?? '')} löschen`}
                onClick={() => void remove.ask(i)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Löschen
              </Button>
            </ForEditors>
          </li>
        ))}
      </ul>
    </Card>
  );
}
