import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileImage, FileText, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DOCUMENT_TYPES } from '../../../shared/catalog';
import { formatDateDe, formatFileSize } from '../../../shared/money';
import { ForEditors } from '../../components/ForEditors';
import { ListBody, ListFilters, ListHeader } from '../../components/ListPage';
import { buttonClasses } from '../../components/ui/Button';
import { Select } from '../../components/ui/Field';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../components/ui/Table';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import { propertiesQuery } from '../properties/api';
import { type DocumentItem, deleteDocument, documentsKey, documentsQuery } from './api';
import { ConfirmSureBar } from './ConfirmSureBar';
import { DocumentActions } from './DocumentActions';
import { EditDocumentDialog } from './EditDocumentDialog';
import { ReceiptReviewDialog } from './ReceiptReviewDialog';
import { RecognitionStatus, recognitionFacts } from './RecognitionStatus';
import { byWhatNeedsYou, recognitionState } from './recognition-state';
import { StorageUsageBar } from './StorageUsageBar';

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
  const [reviewing, setReviewing] = useState<DocumentItem | null>(null);

  const remove = useConfirmedDelete({
    remove: (d: DocumentItem) => deleteDocument(d.id),
    question: (d) => `Der Beleg „${d.name}“ und seine Datei werden endgültig gelöscht.`,
    afterwards: async (d) => {
      queryClient.setQueryData<DocumentItem[]>(documentsKey, (list) => list?.filter((x) => x.id !== d.id));
      await queryClient.invalidateQueries({ queryKey: documentsKey });
    },
    done: () => ({ title: 'Erfolgreich gelöscht', description: 'Der Beleg wurde entfernt.' }),
    failed: 'Beleg konnte nicht gelöscht werden.',
  });

  const actionsOf = (d: DocumentItem) => (
    <DocumentActions
      document={d}
      canEdit={properties.isSuccess}
      deleting={remove.isPending}
      onEdit={() => setEditing(d)}
      onDelete={() => void remove.ask(d)}
    />
  );

  const propertyNames = new Map((properties.data ?? []).map((p) => [p.id, p.name]));
  const term = search.trim().toLocaleLowerCase('de-DE');
  const rows = byWhatNeedsYou(documents.data ?? []).filter(
    (d) =>
      (!term ||
        d.name.toLocaleLowerCase('de-DE').includes(term) ||
        d.description.toLocaleLowerCase('de-DE').includes(term)) &&
      (!propertyId || d.propertyId === propertyId) &&
      (!type || d.type === type),
  );

  // after a confirmation the review goes on with the next receipt that asks the landlord
  const nextToReview =
    rows.find((d) => d.id !== reviewing?.id && ['check', 'unreadable'].includes(recognitionState(d) ?? '')) ??
    null;

  return (
    <div className="flex w-full flex-col gap-6">
      <ListHeader
        title="Belege"
        action={
          <Link to={UPLOAD} className={buttonClasses()}>
            <Upload aria-hidden="true" className="size-4" />
            Belege hochladen
          </Link>
        }
      />

      {/* the space left for uploads: of interest to those who upload */}
      <ForEditors>
        <StorageUsageBar />
      </ForEditors>

      <ConfirmSureBar documents={documents.data ?? []} />

      <ListFilters search={search} onSearch={setSearch} placeholder="Name oder Beschreibung">
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
      </ListFilters>

      <ListBody
        status={documents.status}
        loadingLabel="Belege werden geladen …"
        error={<>Fehler beim Laden der Belege: {errorMessage(documents.error)}</>}
        empty={rows.length === 0}
        emptyText="Keine Belege gefunden."
        emptyAction={
          <Link to={UPLOAD} className={buttonClasses({ variant: 'secondary' })}>
            <Upload aria-hidden="true" className="size-4" />
            Beleg hochladen
          </Link>
        }
      >
        {/* cards on phones and tablets, where the table's columns would cut off size and actions */}
        <ul aria-label="Belege" className="flex flex-col gap-3 lg:hidden">
          {rows.map((d) => (
            <li
              key={d.id}
              aria-label={d.name}
              className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <FileIcon fileType={d.fileType} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900" title={d.name}>
                  {d.name}
                </p>
                {d.description && <p className="truncate text-sm text-slate-600">{d.description}</p>}
                <p className="mt-1 text-sm text-slate-700">
                  {d.type} · {d.docDate ? formatDateDe(d.docDate) : 'ohne Datum'} ·{' '}
                  <span className="tabular-nums">{formatFileSize(d.size)}</span>
                </p>
                <p className="text-sm text-slate-600">
                  {(d.propertyId && propertyNames.get(d.propertyId)) || 'Ohne Immobilie'}
                </p>
                {recognitionFacts(d) && <p className="mt-1 text-sm text-slate-700">{recognitionFacts(d)}</p>}
                <RecognitionStatus document={d} onReview={() => setReviewing(d)} className="mt-2" />
                <div className="-mr-2 mt-2">{actionsOf(d)}</div>
              </div>
            </li>
          ))}
        </ul>
        <div className="hidden lg:block">
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
                <TableHeaderCell>Erkennung</TableHeaderCell>
                <TableHeaderCell className="hidden 2xl:table-cell">Hochgeladen</TableHeaderCell>
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
                  {/* max-w-0 with the table's full width lets long names truncate instead of widening it */}
                  <TableCell className="w-full max-w-0">
                    <div className="truncate font-medium text-slate-900" title={d.name}>
                      {d.name}
                    </div>
                    {d.description && (
                      <div className="truncate text-xs text-slate-600" title={d.description}>
                        {d.description}
                      </div>
                    )}
                    {recognitionFacts(d) && (
                      <div className="text-xs text-slate-700">{recognitionFacts(d)}</div>
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
                  <TableCell className="whitespace-nowrap">
                    <RecognitionStatus document={d} onReview={() => setReviewing(d)} />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap tabular-nums 2xl:table-cell">
                    {formatDateDe(d.uploadDate)}
                  </TableCell>
                  <TableCell>{actionsOf(d)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </ListBody>

      <ReceiptReviewDialog
        document={reviewing}
        next={nextToReview}
        onNext={setReviewing}
        onClose={() => setReviewing(null)}
      />
      <EditDocumentDialog
        document={editing}
        properties={properties.data ?? []}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
