import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FileImage, FileText, Pencil, Search, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DOCUMENT_TYPES } from '../../../shared/catalog';
import { formatDateDe, formatFileSize } from '../../../shared/money';
import { Button, buttonClasses } from '../../components/ui/Button';
import { confirm } from '../../components/ui/confirm';
import { Input, Select } from '../../components/ui/Field';
import { PageSpinner } from '../../components/ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../components/ui/Table';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import { propertiesQuery } from '../properties/api';
import { type DocumentItem, deleteDocument, documentsKey, documentsQuery, fileUrl } from './api';
import { EditDocumentDialog } from './EditDocumentDialog';

const UPLOAD = '/dashboard/belege/upload';

function FileIcon({ fileType }: { fileType: string }) {
  const Icon = fileType.startsWith('image/') ? FileImage : FileText;
  return <Icon aria-hidden="true" className="size-5 text-teal-700" />;
}

/** /dashboard/belege: search, filters, the table, open, edit and delete (spec §2 "Document list"). */
export function DocumentListPage() {
  useDocumentTitle('Belege');
  const queryClient = useQueryClient();
  const documents = useQuery(documentsQuery);
  const properties = useQuery(propertiesQuery);
  const [search, setSearch] = useState('');
  const [propertyId, setPropertyId] = useState('');
  const [type, setType] = useState('');
  const [editing, setEditing] = useState<DocumentItem | null>(null);

  const remove = useMutation({
    mutationFn: deleteDocument,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<DocumentItem[]>(documentsKey, (list) => list?.filter((d) => d.id !== id));
      await queryClient.invalidateQueries({ queryKey: documentsKey });
      toast({ title: 'Erfolgreich gelöscht', description: 'Der Beleg wurde entfernt.' });
    },
    onError: (error) => {
      toast({
        title: 'Beleg konnte nicht gelöscht werden.',
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });

  const askDelete = async (d: DocumentItem) => {
    const ok = await confirm({
      description: `Der Beleg „${d.name}“ und seine Datei werden endgültig gelöscht.`,
      confirmLabel: 'Löschen',
      destructive: true,
    });
    if (ok) remove.mutate(d.id);
  };

  const propertyNames = new Map((properties.data ?? []).map((p) => [p.id, p.name]));
  const term = search.trim().toLocaleLowerCase('de-DE');
  const rows = (documents.data ?? []).filter(
    (d) =>
      (!term ||
        d.name.toLocaleLowerCase('de-DE').includes(term) ||
        d.description.toLocaleLowerCase('de-DE').includes(term)) &&
      (!propertyId || d.propertyId === propertyId) &&
      (!type || d.type === type),
  );

  return (
    <div className="flex w-full flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Belege</h1>
        <Link to={UPLOAD} className={buttonClasses()}>
          <Upload aria-hidden="true" className="size-4" />
          Belege hochladen
        </Link>
      </div>

      <search className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3">
        <div className="relative">
          <Input
            label="Suche"
            type="search"
            placeholder="Name oder Beschreibung"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute right-3 bottom-3 size-4 text-slate-500"
          />
        </div>
        <Select label="Immobilie" value={propertyId} onChange={(event) => setPropertyId(event.target.value)}>
          <option value="">Alle Immobilien</option>
          {(properties.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
        <Select label="Typ" value={type} onChange={(event) => setType(event.target.value)}>
          <option value="">Alle Typen</option>
          {DOCUMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
      </search>

      {documents.isPending ? (
        <PageSpinner label="Belege werden geladen …" />
      ) : documents.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          Fehler beim Laden der Belege: {errorMessage(documents.error)}
        </p>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-slate-700">Keine Belege gefunden.</p>
          <Link to={UPLOAD} className={buttonClasses({ variant: 'secondary' })}>
            <Upload aria-hidden="true" className="size-4" />
            Beleg hochladen
          </Link>
        </div>
      ) : (
        <Table caption="Belege">
          <TableHead>
            <tr>
              <TableHeaderCell>
                <span className="sr-only">Dateityp</span>
              </TableHeaderCell>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell className="text-right">Größe</TableHeaderCell>
              <TableHeaderCell>Immobilie</TableHeaderCell>
              <TableHeaderCell>Typ</TableHeaderCell>
              <TableHeaderCell>Belegdatum</TableHeaderCell>
              <TableHeaderCell>Hochgeladen</TableHeaderCell>
              <TableHeaderCell className="text-right">
                <span className="sr-only">Aktionen</span>
              </TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id}>
                <TableCell className="w-10 pr-0">
                  <FileIcon fileType={d.fileType} />
                </TableCell>
                <TableCell className="max-w-xs">
                  <div className="truncate font-medium text-slate-900" title={d.name}>
                    {d.name}
                  </div>
                  {d.description && (
                    <div className="truncate text-xs text-slate-600" title={d.description}>
                      {d.description}
                    </div>
                  )}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatFileSize(d.size)}
                </TableCell>
                <TableCell>{(d.propertyId && propertyNames.get(d.propertyId)) || '–'}</TableCell>
                <TableCell>{d.type}</TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {d.docDate ? formatDateDe(d.docDate) : '–'}
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{formatDateDe(d.uploadDate)}</TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <a
                      href={fileUrl(d.id)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClasses({ variant: 'ghost', size: 'icon' })}
                      aria-label={`„${d.name}“ öffnen`}
                      title="Öffnen"
                    >
                      <ExternalLink aria-hidden="true" className="size-4" />
                    </a>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`„${d.name}“ bearbeiten`}
                      title="Bearbeiten"
                      disabled={!properties.isSuccess}
                      onClick={() => setEditing(d)}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-red-700 hover:bg-red-50"
                      aria-label={`„${d.name}“ löschen`}
                      title="Löschen"
                      disabled={remove.isPending}
                      onClick={() => void askDelete(d)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <EditDocumentDialog
        document={editing}
        properties={properties.data ?? []}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
