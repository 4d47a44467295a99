import { CheckCircle2, FileImage, FileText, X } from 'lucide-react';
import { DOCUMENT_TYPES } from '../../../shared/catalog';
import { formatFileSize } from '../../../shared/money';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { Input, Select } from '../../components/ui/Field';
import type { Property } from '../properties/api';
import type { UploadItem } from './upload-items';

interface UploadItemCardProps {
  item: UploadItem;
  properties: readonly Property[];
  defaultPropertyId: string;
  onChange: (changes: Partial<UploadItem>) => void;
  onRemove: () => void;
}

/** One chosen file: its metadata form, and its progress bar while it uploads. */
export function UploadItemCard({
  item,
  properties,
  defaultPropertyId,
  onChange,
  onRemove,
}: UploadItemCardProps) {
  const busy = item.status === 'uploading' || item.status === 'done';
  const Icon = item.file.type.startsWith('image/') ? FileImage : FileText;
  const errors = item.fieldErrors ?? {};
  const percent = Math.round(item.progress * 100);
  return (
    <li
      aria-label={item.file.name}
      className={cx(
        'rounded-lg border bg-white p-4 shadow-sm sm:p-5',
        item.status === 'failed' ? 'border-red-300' : 'border-slate-200',
      )}
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-teal-700" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900" title={item.file.name}>
            {item.file.name}
          </p>
          <p className="text-sm text-slate-600">{formatFileSize(item.file.size)}</p>
        </div>
        {item.status === 'done' ? (
          <CheckCircle2 aria-label="Hochgeladen" className="size-6 shrink-0 text-green-700" />
        ) : (
          <Button
            variant="ghost"
            size="icon"
            disabled={busy}
            aria-label={`„${item.file.name}“ entfernen`}
            title="Entfernen"
            onClick={onRemove}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>

      {item.status !== 'ready' && item.status !== 'failed' && (
        <div className="mt-3 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={`Upload von „${item.file.name}“`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-teal-700 transition-[width] duration-150"
              style={{ width: `${percent}%` }}
            />
          </div>
          <span className="w-12 text-right text-sm text-slate-700 tabular-nums">{percent} %</span>
        </div>
      )}
      {item.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {item.error}
        </p>
      )}

      <fieldset disabled={busy} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="sr-only">Angaben zu {item.file.name}</legend>
        <Select
          label="Immobilie"
          value={item.propertyId ?? defaultPropertyId}
          error={errors.propertyId}
          onChange={(event) => onChange({ propertyId: event.target.value })}
        >
          <option value="">Keine Immobilie</option>
          {properties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
        <Select
          label="Typ"
          required
          value={item.type}
          error={errors.type}
          onChange={(event) => {
            const type = DOCUMENT_TYPES.find((t) => t === event.target.value);
            if (type) onChange({ type });
          }}
        >
          {DOCUMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
        <Input
          label="Belegdatum"
          type="date"
          required
          value={item.docDate}
          error={errors.docDate}
          onChange={(event) => onChange({ docDate: event.target.value })}
        />
        <Input
          label="Beschreibung"
          className="sm:col-span-2 lg:col-span-2"
          value={item.description}
          error={errors.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
        <Input
          label="Tags"
          placeholder="z. B. Wasser, 2024"
          hint="Mit Kommas trennen"
          value={item.tags}
          error={errors.tags}
          onChange={(event) => onChange({ tags: event.target.value })}
        />
      </fieldset>
    </li>
  );
}
