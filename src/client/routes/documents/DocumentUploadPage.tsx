import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FolderOpen, Sparkles, Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FILE_LIMITS } from '../../../shared/catalog';
import { UPLOAD_MESSAGES } from '../../../shared/schemas/document';
import { Button, buttonClasses } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import { propertiesQuery } from '../properties/api';
import { documentsKey, uploadDocument } from './api';
import { UploadItemCard } from './UploadItemCard';
import { checkChosenFile, checkItem, newUploadItem, type UploadItem } from './upload-items';

const LIST = '/dashboard/belege';
const ACCEPT = [...FILE_LIMITS.extensions, ...FILE_LIMITS.mimeTypes].join(',');

/** /dashboard/belege/upload: choose or drop files, describe each, upload with progress (spec §2 "Upload"). */
export function DocumentUploadPage() {
  useDocumentTitle('Belege hochladen');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const properties = useQuery(propertiesQuery);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  // receipts are read by default; off keeps the plain upload
  const [recognition, setRecognition] = useState(true);
  const [uploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  // Spec §5: the property defaults to the first one.
  const defaultPropertyId = properties.data?.[0]?.id ?? '';

  const update = (key: string, changes: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...changes } : item)));

  const addFiles = async (files: Iterable<File>) => {
    const accepted: UploadItem[] = [];
    // a copy first: the input's live FileList may be emptied while the bytes are read
    for (const file of [...files]) {
      const check = await checkChosenFile(file);
      if (check.ok) accepted.push(newUploadItem(file));
      else toast({ title: check.title, description: check.message, variant: 'destructive' });
    }
    if (accepted.length > 0) setItems((list) => [...list, ...accepted]);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) void addFiles(event.dataTransfer.files);
  };

  const upload = async () => {
    const pending = items.filter((item) => item.status !== 'done');
    if (pending.length === 0) {
      toast({
        title: UPLOAD_MESSAGES.noFilesTitle,
        description: UPLOAD_MESSAGES.noFiles,
        variant: 'destructive',
      });
      return;
    }
    const checked = pending.map((item) => ({ item, check: checkItem(item, defaultPropertyId) }));
    for (const { item, check } of checked) {
      update(item.key, { fieldErrors: check.ok ? undefined : check.fieldErrors, error: undefined });
    }
    if (checked.some(({ check }) => !check.ok)) {
      toast({ title: 'Bitte überprüfen Sie Ihre Eingaben.', variant: 'destructive' });
      return;
    }

    setUploading(true);
    let succeeded = 0;
    const failures: string[] = [];
    // one after the other, so each progress bar shows its file's real progress
    for (const { item, check } of checked) {
      if (!check.ok) continue;
      update(item.key, { status: 'uploading', progress: 0 });
      try {
        await uploadDocument(
          item.file,
          check.metadata,
          (progress) => update(item.key, { progress }),
          recognition,
        );
        update(item.key, { status: 'done', progress: 1 });
        succeeded += 1;
      } catch (error) {
        const message = `Fehler beim Hochladen von ${item.file.name}: ${errorMessage(error)}`;
        update(item.key, { status: 'failed', progress: 0, error: message });
        failures.push(message);
      }
    }
    setUploading(false);
    if (succeeded > 0) await queryClient.invalidateQueries({ queryKey: documentsKey });

    if (failures.length === 0) {
      toast({
        title: 'Upload erfolgreich',
        description: `${succeeded === 1 ? '1 Beleg wurde hochgeladen.' : `${succeeded} Belege wurden hochgeladen.`}${
          recognition ? ' Sie werden jetzt gelesen; bitte prüfen Sie danach die erkannten Werte.' : ''
        }`,
      });
      await navigate(LIST);
    } else {
      setItems((list) => list.filter((item) => item.status !== 'done'));
      const more = failures.length > 1 ? ` (und ${failures.length - 1} weitere)` : '';
      // the files that did go up leave the list, so the message says so
      const done =
        succeeded === 0
          ? ''
          : ` ${succeeded === 1 ? '1 Beleg wurde' : `${succeeded} Belege wurden`} hochgeladen.`;
      toast({
        title: 'Fehler beim Upload',
        description: `${failures[0]}${more}${done}`,
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="flex w-full max-w-5xl flex-col gap-6">
      <div>
        <Link
          to={LIST}
          className="inline-flex items-center gap-1 text-sm text-slate-700 hover:text-slate-900"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Zurück zu den Belegen
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Belege hochladen
        </h1>
      </div>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button and input below are the accessible way in */}
      <div
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          // leaving for a child of the drop zone is not leaving the zone
          const next = event.relatedTarget;
          if (!(next instanceof Node && event.currentTarget.contains(next))) setDragging(false);
        }}
        onDrop={onDrop}
        className={cx(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center transition-colors sm:p-10',
          dragging ? 'border-teal-700 bg-teal-50' : 'border-slate-300 bg-white',
        )}
      >
        <Upload aria-hidden="true" className="size-10 text-teal-700" />
        <p className="text-base font-medium text-slate-900">Dateien hierher ziehen</p>
        <p id={hintId} className="text-sm text-slate-600">
          PDF, JPG, PNG oder E-Rechnung (XML), höchstens {FILE_LIMITS.maxLabel} pro Datei
        </p>
        <label htmlFor={inputId} className="sr-only">
          Dateien auswählen
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={hintId}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            if (event.target.files) void addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <Button variant="secondary" disabled={uploading} onClick={() => inputRef.current?.click()}>
          <FolderOpen aria-hidden="true" className="size-4" />
          Dateien auswählen
        </Button>
      </div>

      {properties.isSuccess && properties.data.length === 0 && (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          Sie haben noch keine Immobilie angelegt. Belege lassen sich auch ohne Immobilie speichern, oder Sie{' '}
          <Link to="/dashboard/immobilien/neu" className="font-medium text-teal-800 underline">
            legen zuerst eine Immobilie an
          </Link>
          .
        </p>
      )}

      {items.length > 0 && (
        <section aria-labelledby={`${inputId}-files`} className="flex flex-col gap-3">
          <h2 id={`${inputId}-files`} className="text-lg font-semibold text-slate-900">
            Ausgewählte Dateien ({items.length})
          </h2>
          <ul className="flex flex-col gap-3">
            {items.map((item) => (
              <UploadItemCard
                key={item.key}
                item={item}
                properties={properties.data ?? []}
                defaultPropertyId={defaultPropertyId}
                onChange={(changes) => update(item.key, changes)}
                onRemove={() => setItems((list) => list.filter((i) => i.key !== item.key))}
              />
            ))}
          </ul>
        </section>
      )}

      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <label className="flex cursor-pointer items-center gap-3">
          <button
            type="button"
            role="switch"
            aria-checked={recognition}
            onClick={() => setRecognition((on) => !on)}
            className={cx(
              'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700',
              recognition ? 'bg-teal-700' : 'bg-slate-300',
            )}
          >
            <span
              aria-hidden="true"
              className={cx(
                'inline-block size-5 rounded-full bg-white shadow transition-transform',
                recognition ? 'translate-x-5.5' : 'translate-x-0.5',
              )}
            />
          </button>
          <span className="flex items-center gap-1.5 text-sm text-slate-800">
            <Sparkles aria-hidden="true" className="size-4 text-teal-700" />
            Automatische Erkennung
            <span className="text-slate-600">(auf unserem Server, ohne fremde Dienste)</span>
          </span>
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Link to={LIST} className={buttonClasses({ variant: 'secondary' })}>
            Abbrechen
          </Link>
          {/* the property default needs the loaded list */}
          <Button loading={uploading} disabled={properties.isPending} onClick={() => void upload()}>
            <Upload aria-hidden="true" className="size-4" />
            {items.length > 1 ? `${items.length} Belege hochladen` : 'Hochladen'}
          </Button>
        </div>
      </div>
    </div>
  );
}
