import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PROPERTY_TYPES, propertyTypeLabel } from '../../../shared/catalog';
import { ForEditors } from '../../components/ForEditors';
import { ListBody, ListFilters, ListHeader } from '../../components/ListPage';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Select } from '../../components/ui/Field';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../components/ui/Table';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { counted } from '../../lib/counted';
import { statementsKey } from '../statements/api';
import { deleteProperty, type Property, propertiesKey, propertiesQuery } from './api';

const NEW = '/dashboard/immobilien/neu';

/** /dashboard/immobilien: search, type filter, the table and its actions (spec §2 "Property list"). */
export function PropertyListPage() {
  useDocumentTitle('Immobilien');
  const queryClient = useQueryClient();
  const properties = useQuery(propertiesQuery);
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');

  const remove = useConfirmedDelete({
    remove: (p: Property) => deleteProperty(p.id),
    question: (p) => `Die Immobilie „${p.name}“ wird gelöscht. Abrechnungen und Belege bleiben erhalten.`,
    afterwards: async () => {
      await queryClient.invalidateQueries({ queryKey: propertiesKey });
      // statements show the property's name
      void queryClient.invalidateQueries({ queryKey: statementsKey });
    },
    done: () => ({ title: 'Erfolgreich gelöscht', description: 'Die Immobilie wurde entfernt.' }),
    failed: 'Fehler beim Löschen',
  });

  const term = search.trim().toLocaleLowerCase('de-DE');
  const rows = (properties.data ?? []).filter(
    (p) =>
      (!term || `${p.name}\n${p.address}`.toLocaleLowerCase('de-DE').includes(term)) &&
      (!type || p.type === type),
  );

  const actionsOf = (p: (typeof rows)[number]) => (
    <div className="flex justify-end gap-1">
      <ForEditors>
        <Link
          to={`/dashboard/immobilien/bearbeiten/${p.id}`}
          className={buttonClasses({ variant: 'ghost', size: 'icon' })}
          aria-label={`„${p.name}“ bearbeiten`}
          title="Bearbeiten"
        >
          <Pencil aria-hidden="true" className="size-4" />
        </Link>
        <Button
          variant="ghost"
          size="icon"
          className="text-red-700 hover:bg-red-50"
          aria-label={`„${p.name}“ löschen`}
          title="Löschen"
          disabled={remove.isPending}
          onClick={() => void remove.ask(p)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </ForEditors>
    </div>
  );

  return (
    <div className="flex w-full flex-col gap-6">
      <ListHeader
        title="Immobilien"
        action={
          <Link to={NEW} className={buttonClasses()}>
            <Plus aria-hidden="true" className="size-4" />
            Neue Immobilie
          </Link>
        }
      />

      <ListFilters search={search} onSearch={setSearch} placeholder="Nach Name oder Adresse suchen">
        <Select label="Typ" value={type} onChange={(event) => setType(event.target.value)}>
          <option value="">Alle Typen</option>
          {PROPERTY_TYPES.map((t) => (
            <option key={t.key} value={t.key}>
              {t.label}
            </option>
          ))}
        </Select>
      </ListFilters>

      <ListBody
        status={properties.status}
        loadingLabel="Immobilien werden geladen …"
        error={<>Die Immobilien konnten nicht geladen werden. Bitte laden Sie die Seite neu.</>}
        empty={rows.length === 0}
        emptyText="Keine Immobilien gefunden."
        emptyAction={
          <Link to={NEW} className={buttonClasses({ variant: 'secondary' })}>
            <Plus aria-hidden="true" className="size-4" />
            Immobilie anlegen
          </Link>
        }
      >
        {/* cards on phones and tablets, where the table's columns would cut off the address and actions */}
        <ul aria-label="Immobilien" className="flex flex-col gap-3 lg:hidden">
          {rows.map((p) => (
            <li key={p.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <Link
                to={`/dashboard/immobilien/${encodeURIComponent(p.id)}`}
                className="font-medium text-slate-900 underline decoration-slate-300 underline-offset-2 hover:decoration-teal-700"
              >
                {p.name}
              </Link>
              <p className="mt-1 text-sm text-slate-700">{p.address}</p>
              <p className="text-sm text-slate-600">
                {propertyTypeLabel(p.type)} · {counted(p.unitCount, 'Einheit', 'Einheiten')}
              </p>
              <div className="-mr-2 mt-2">{actionsOf(p)}</div>
            </li>
          ))}
        </ul>
        <div className="hidden lg:block">
          <Table caption="Immobilien">
            <TableHead>
              <tr>
                <TableHeaderCell>Name</TableHeaderCell>
                <TableHeaderCell>Typ</TableHeaderCell>
                <TableHeaderCell>Adresse</TableHeaderCell>
                <TableHeaderCell className="text-right">Einheiten</TableHeaderCell>
                <TableHeaderCell className="text-right">
                  <span className="sr-only">Aktionen</span>
                </TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {rows.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>
                    <Link
                      to={`/dashboard/immobilien/${encodeURIComponent(p.id)}`}
                      className="font-medium text-slate-900 underline decoration-slate-300 underline-offset-2 hover:decoration-teal-700"
                    >
                      {p.name}
                    </Link>
                  </TableCell>
                  <TableCell>{propertyTypeLabel(p.type)}</TableCell>
                  <TableCell>{p.address}</TableCell>
                  <TableCell className="text-right tabular-nums">{p.unitCount}</TableCell>
                  <TableCell>{actionsOf(p)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </ListBody>
    </div>
  );
}
