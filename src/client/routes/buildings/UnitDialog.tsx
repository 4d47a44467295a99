import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { formatQuantity } from '../../../shared/money';
import { type UnitInputBody, unitInputSchema } from '../../../shared/schemas/house';
import type { UnitJson } from '../../../shared/schemas/settlement-json';
import type { z } from '../../../shared/schemas/zod';
import { UNIT_KIND_LABELS, UNIT_KINDS } from '../../../shared/vocabulary';
import { FormError, serverError } from '../../components/FormError';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { Input, Select, Textarea } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { applyFieldErrors } from '../../lib/formErrors';
import { saveUnit, settlementsKey, unitsKey } from './api';

type UnitFormValues = z.input<typeof unitInputSchema>;

/** What the unit dialog edits: a new unit of the property, or an existing one. */
export type UnitTarget = { propertyId: string; unit?: UnitJson };

function toValues(u?: UnitJson): UnitFormValues {
  return {
    label: u?.label ?? '',
    area: u ? formatQuantity(u.area) : '',
    mea: u?.mea == null ? '' : formatQuantity(u.mea),
    floor: u?.floor ?? '',
    note: u?.note ?? '',
    kind: u?.kind ?? 'dwelling',
  };
}

/** Adds or edits a unit (Einheit): label, living area, optional MEA, floor and note. */
export function UnitDialog({ target, onClose }: { target: UnitTarget | null; onClose: () => void }) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target?.unit ? 'Einheit bearbeiten' : 'Einheit hinzufügen'}
      description="Die Wohnfläche und der Miteigentumsanteil (MEA) sind die Grundlage der Umlageschlüssel."
    >
      {target && <UnitForm key={target.unit?.id ?? 'new'} target={target} onDone={onClose} />}
    </Dialog>
  );
}

function UnitForm({ target, onDone }: { target: UnitTarget; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<UnitFormValues, unknown, UnitInputBody>({
    resolver: zodResolver(unitInputSchema),
    defaultValues: toValues(target.unit),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await saveUnit({ propertyId: target.propertyId, unitId: target.unit?.id }, values);
      await queryClient.invalidateQueries({ queryKey: unitsKey(target.propertyId) });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
      toast({
        title: target.unit ? 'Einheit gespeichert' : 'Einheit hinzugefügt',
        description: `„${saved.label}“ wurde gespeichert.`,
      });
      onDone();
    } catch (error) {
      if (!applyFieldErrors(form, error)) setError('root.server', serverError(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Einheit" className="flex flex-col gap-4">
      <FormError message={errors.root?.server?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Art der Einheit"
          hint="Ein Stellplatz zählt beim Schlüssel Personen nicht mit."
          error={errors.kind?.message}
          {...register('kind')}
        >
          {UNIT_KINDS.map((k) => (
            <option key={k} value={k}>
              {UNIT_KIND_LABELS[k]}
            </option>
          ))}
        </Select>
        <Input
          label="Bezeichnung"
          required
          hint="z. B. „EG links“"
          error={errors.label?.message}
          {...register('label')}
        />
        <Input label="Etage" hint="optional" error={errors.floor?.message} {...register('floor')} />
        <Input
          label="Wohnfläche (m²)"
          required
          inputMode="decimal"
          error={errors.area?.message}
          {...register('area')}
        />
        <Input
          label="Miteigentumsanteil (MEA)"
          inputMode="decimal"
          hint="optional, laut Teilungserklärung"
          error={errors.mea?.message}
          {...register('mea')}
        />
      </div>
      <Textarea label="Notiz" rows={2} error={errors.note?.message} {...register('note')} />
      <DialogFormActions submitting={isSubmitting} className="mt-2" />
    </form>
  );
}
