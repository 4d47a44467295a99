import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { DOCUMENT_TYPES } from '../../../shared/catalog';
import { type DocumentMetadata, documentMetadataSchema } from '../../../shared/schemas/document';
import type { z } from '../../../shared/schemas/zod';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { Input, Select, Textarea } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/formErrors';
import type { Property } from '../properties/api';
import { type DocumentItem, documentsKey, updateDocument } from './api';

type EditValues = z.input<typeof documentMetadataSchema>;

interface EditDocumentDialogProps {
  /** The document being edited; null closes the dialog. */
  document: DocumentItem | null;
  /** Loaded properties (the select must offer the document's current one). */
  properties: readonly Property[];
  onClose: () => void;
}

/** Edits a receipt's metadata: name, property, type, date, description and tags. */
export function EditDocumentDialog({ document, properties, onClose }: EditDocumentDialogProps) {
  return (
    <Dialog
      open={document !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Beleg bearbeiten"
      description={document ? `Datei: ${document.name}` : undefined}
    >
      {document && (
        <EditForm key={document.id} document={document} properties={properties} onDone={onClose} />
      )}
    </Dialog>
  );
}

function EditForm({
  document,
  properties,
  onDone,
}: {
  document: DocumentItem;
  properties: readonly Property[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<EditValues, unknown, DocumentMetadata>({
    resolver: zodResolver(documentMetadataSchema),
    defaultValues: {
      name: document.name,
      propertyId: document.propertyId ?? '',
      type: document.type,
      docDate: document.docDate ?? '',
      description: document.description,
      tags: document.tags.join(', '),
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await updateDocument(document.id, values);
      queryClient.setQueryData<DocumentItem[]>(documentsKey, (list) =>
        list?.map((d) => (d.id === saved.id ? saved : d)),
      );
      toast({ title: 'Beleg aktualisiert', description: `„${saved.name}“ wurde gespeichert.` });
      onDone();
    } catch (error) {
      if (applyFieldErrors(form, error)) return;
      toast({ title: 'Fehler beim Speichern', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Beleg bearbeiten" className="flex flex-col gap-4">
      <Input label="Name" required error={errors.name?.message} {...register('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Immobilie" error={errors.propertyId?.message} {...register('propertyId')}>
          <option value="">Keine Immobilie</option>
          {properties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
        <Select label="Typ" required error={errors.type?.message} {...register('type')}>
          {DOCUMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
      </div>
      <Input
        label="Belegdatum"
        type="date"
        required
        error={errors.docDate?.message}
        {...register('docDate')}
      />
      <Textarea
        label="Beschreibung"
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <Input
        label="Tags"
        hint="Mehrere Tags mit Kommas trennen, z. B. Wasser, 2024"
        error={errors.tags?.message}
        {...register('tags')}
      />
      <DialogFormActions submitting={isSubmitting} className="mt-2" />
    </form>
  );
}
