import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { formatDateDe, formatFileSize } from '../../../shared/money';
import type { RefusedBankFileJson } from '../../../shared/schemas/bank';
import { ForEditors } from '../../components/ForEditors';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { deleteRefusedFile, refusedFilesQuery, refusedFileUrl } from './api';

/** The bank files that could not be read, each with its reason: kept, never silently dropped. */
export function RefusedFiles() {
  const queryClient = useQueryClient();
  const files = useQuery(refusedFilesQuery).data ?? [];
  const remove = useConfirmedDelete({
    remove: (f: RefusedBankFileJson) => deleteRefusedFile(f.id),
    question: (f) => `Die Datei „${f.name}“ wird gelöscht.`,
    afterwards: () => queryClient.invalidateQueries({ queryKey: refusedFilesQuery.queryKey }),
    failed: 'Nicht gelöscht',
  });
  if (files.length === 0) return null;
  return (
    <Card title="Nicht gelesene Dateien">
      <p className="text-sm text-slate-700">
        Diese Dateien konnten nicht gelesen werden; es wurde keine ihrer Buchungen übernommen. Die letzten
        fünf bleiben hier mit dem Grund.
      </p>
      <ul aria-label="Nicht gelesene Dateien" className="mt-2 divide-y divide-slate-200">
        {files.map((f) => (
          <li key={f.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{f.name}</p>
              <p className="text-slate-600">
                {formatDateDe(f.createdAt.slice(0, 10))} · {formatFileSize(f.size)}
              </p>
              <p className="text-red-800">{f.reason}</p>
            </div>
            <div className="flex gap-1">
              <a
                href={refusedFileUrl(f.id)}
                download
                className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                aria-label={`${f.name} herunterladen`}
              >
                <Download aria-hidden="true" className="size-4" />
                Herunterladen
              </a>
              <ForEditors>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50"
                  aria-label={`${f.name} entfernen`}
                  loading={remove.pending(f)}
                  onClick={() => void remove.ask(f)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Entfernen
                </Button>
              </ForEditors>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
