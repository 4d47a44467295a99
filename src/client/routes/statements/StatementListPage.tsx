import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { STATEMENT_STATUSES } from '../../../shared/catalog';
import { formatCents, formatDateDe } from '../../../shared/money';
import { ForEditors } from '../../components/ForEditors';
import { ListBody, ListFilters, ListHeader } from '../../components/ListPage';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Select } from '../../components/ui/Field';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../components/ui/Table';
import { toast } from '../../components/ui/toast';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ApiError } from '../../lib/api';
import { propertiesQuery } from '../properties/api';
import { NEW_SETTLEMENT } from '../settlements/api';
import { SettlementsCard } from '../settlements/SettlementsCard';
import {
  copyStatement,
  deleteStatement,
  type StatementSummary,
  statementQuery,
  statementsKey,
  statementsQuery,
} from './api';
import { StatusMenu } from './status';

const NEW = '/dashboard/abrechnungen/neu';
const edit = (id: string) => `/dashboard/abrechnungen/bearbeiten/${id}`;

function periodLabel(s: StatementSummary): string {
  if (!s.periodStart && !s.periodEnd) return 'Kein Zeitraum';
  return `${s.periodStart ? formatDateDe(s.periodStart) : '…'} – ${s.periodEnd ? formatDateDe(s.periodEnd) : '…'}`;
}

/** /dashboard/abrechnungen: search, filters, the table and its actions (spec §2 "Statement list"). */
export function StatementListPage() {
  useDocumentTitle('Abrechnungen');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const statements = useQuery(statementsQuery);
  const properties = useQuery(propertiesQuery);
  const [search, setSearch] = useState('');
  const [propertyId, setPropertyId] = useState('');
  const [status, setStatus] = useState('');

  const copy = useMutation({
    mutationFn: copyStatement,
    onSuccess: async (saved) => {
      queryClient.setQueryData(statementQuery(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: statementsKey, exact: true });
      toast({ title: 'Erfolgreich kopiert', description: 'Abrechnung wurde als Entwurf kopiert.' });
      await navigate(edit(saved.id));
    },
    onError: (error) => {
      const missing = error instanceof ApiError && error.status === 404;
      toast({
        title: missing ? 'Originalabrechnung nicht gefunden.' : 'Fehler beim Kopieren',
        description: missing ? undefined : error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
    },
  });

  const remove = useConfirmedDelete({
    remove: (s: StatementSummary) => deleteStatement(s.id),
    question: (s) => `Die Abrechnung „${s.title}“ wird endgültig gelöscht.`,
    afterwards: () => queryClient.invalidateQueries({ queryKey: statementsKey, exact: true }),
    done: () => ({ title: 'Erfolgreich gelöscht' }),
    failed: 'Fehler beim Löschen',
  });

  const term = search.trim().toLocaleLowerCase('de-DE');
  const rows = (statements.data ?? []).filter(
    (s) =>
      (!term || s.title.toLocaleLowerCase('de-DE').includes(term)) &&
      (!propertyId || s.propertyId === propertyId) &&
      (!status || s.status === status),
  );

  const actionsOf = (s: (typeof rows)[number]) => (
    <div className="flex justify-end gap-1">
      <Link
        to={edit(s.id)}
        className={buttonClasses({ variant: 'ghost', size: 'icon' })}
        aria-label={`„${s.title}“ bearbeiten`}
        title="Bearbeiten"
      >
        <Pencil aria-hidden="true" className="size-4" />
      </Link>
      <ForEditors>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`„${s.title}“ kopieren`}
          title="Kopieren"
          disabled={copy.isPending}
          onClick={() => copy.mutate(s.id)}
        >
          <Copy aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="text-red-700 hover:bg-red-50"
          aria-label={`„${s.title}“ löschen`}
          title="Löschen"
          disabled={remove.isPending}
          onClick={() => void remove.ask(s)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </ForEditors>
    </div>
  );

  return (
    <div className="flex w-full flex-col gap-6">
      <ListHeader
        title="Abrechnungen"
        action={
          <div className="flex flex-wrap gap-2">
            <Link to={NEW_SETTLEMENT} className={buttonClasses({ variant: 'secondary' })}>
              <Plus aria-hidden="true" className="size-4" />
              Neue Hausabrechnung
            </Link>
            <Link to={NEW} className={buttonClasses()}>
              <Plus aria-hidden="true" className="size-4" />
              Neue Abrechnung
            </Link>
          </div>
        }
      />

      <SettlementsCard propertyId={propertyId} />

      <h2 className="-mb-2 text-lg font-semibold text-slate-900">Einzelabrechnungen</h2>

      <ListFilters search={search} onSearch={setSearch} placeholder="Nach Titel suchen">
        <Select label="Immobilie" value={propertyId} onChange={(event) => setPropertyId(event.target.value)}>
          <option value="">Alle Immobilien</option>
          {(properties.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
        <Select label="Status" value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">Alle Status</option>
          {STATEMENT_STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.value}
            </option>
          ))}
        </Select>
      </ListFilters>

      <ListBody
        status={statements.status}
        loadingLabel="Abrechnungen werden geladen …"
        error={<>Die Abrechnungen konnten nicht geladen werden. Bitte laden Sie die Seite neu.</>}
        empty={rows.length === 0}
        emptyText="Keine Abrechnungen gefunden."
        emptyAction={
          <Link to={NEW} className={buttonClasses({ variant: 'secondary' })}>
            <Plus aria-hidden="true" className="size-4" />
            Abrechnung erstellen
          </Link>
        }
      >
        {/* cards on phones and tablets, where the table's columns would cut off the total and actions */}
        <ul aria-label="Einzelabrechnungen" className="flex flex-col gap-3 lg:hidden">
          {rows.map((s) => (
            <li key={s.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <Link to={edit(s.id)} className="font-medium text-slate-900 hover:underline">
                    {s.title}
                  </Link>
                  <p className="text-xs text-slate-600">{periodLabel(s)}</p>
                  <p className="text-sm text-slate-600">{s.propertyName ?? 'Ohne Immobilie'}</p>
                </div>
                <p className="whitespace-nowrap font-medium tabular-nums text-slate-900">
                  {formatCents(s.total)}
                </p>
              </div>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <StatusMenu id={s.id} status={s.status} title={s.title} />
                <div className="-mr-2">{actionsOf(s)}</div>
              </div>
            </li>
          ))}
        </ul>
        <div className="hidden lg:block">
          <Table caption="Abrechnungen">
            <TableHead>
              <tr>
                <TableHeaderCell>Titel</TableHeaderCell>
                <TableHeaderCell>Immobilie</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell className="text-right">Gesamtkosten</TableHeaderCell>
                <TableHeaderCell className="text-right">
                  <span className="sr-only">Aktionen</span>
                </TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>
                    <Link to={edit(s.id)} className="font-medium text-slate-900 hover:underline">
                      {s.title}
                    </Link>
                    <div className="text-xs text-slate-600">{periodLabel(s)}</div>
                  </TableCell>
                  <TableCell>{s.propertyName ?? '–'}</TableCell>
                  <TableCell>
                    <StatusMenu id={s.id} status={s.status} title={s.title} />
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatCents(s.total)}
                  </TableCell>
                  <TableCell>{actionsOf(s)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </ListBody>
    </div>
  );
}
