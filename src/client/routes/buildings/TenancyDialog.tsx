import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { type UseFormRegister, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { TenancyInputBody } from '../../../shared/schemas/house';
import type { TenancyJson, UnitJson } from '../../../shared/schemas/settlement-json';
import { FormError, serverError } from '../../components/FormError';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { applyFieldErrors } from '../../lib/formErrors';
import { useMe } from '../../lib/session';
import { saveTenancy, settlementsKey, tenanciesKey } from './api';
import {
  emptyChange,
  type TenancyFormValues,
  tenancyFormSchema,
  tenancyFormValues,
  toFormFieldErrors,
} from './tenancyForm';

/**
 * What the tenancy dialog edits: a new tenancy of the unit (`start` prefilled for a follow-up
 * tenant), or an existing one.
 */
export type TenancyTarget = { propertyId: string; unit: UnitJson; tenancy?: TenancyJson; start?: string };

const KINDS = [
  { value: 'tenant', label: 'Mieter' },
  { value: 'own-use', label: 'Eigennutzung' },
] as const;

/** Adds or edits a tenancy (Mietverhältnis) or the landlord's own use of a unit. */
export function TenancyDialog({ target, onClose }: { target: TenancyTarget | null; onClose: () => void }) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target?.tenancy ? 'Mietverhältnis bearbeiten' : 'Mietverhältnis hinzufügen'}
      description={target ? `Einheit „${target.unit.label}“` : undefined}
      className="sm:max-w-2xl"
    >
      {target && <TenancyForm key={target.tenancy?.id ?? 'new'} target={target} onDone={onClose} />}
    </Dialog>
  );
}

function TenancyForm({ target, onDone }: { target: TenancyTarget; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<TenancyFormValues, unknown, TenancyInputBody>({
    resolver: zodResolver(tenancyFormSchema),
    defaultValues: tenancyFormValues(target.tenancy, target.start),
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const changes = useFieldArray({ control, name: 'changes' });
  const ownUse = useWatch({ control, name: 'kind' }) === 'own-use';
  const flatRate = useWatch({ control, name: 'flatRate' }) && !ownUse;
  const sinceBefore = useWatch({ control, name: 'sinceBefore' });
  // own use is mostly the landlord himself: his name, until he types another
  const accountName = useMe().data?.user.fullName.trim() ?? '';
  useEffect(() => {
    if (ownUse && form.getValues('tenant.name').trim() === '' && accountName) {
      form.setValue('tenant.name', accountName);
    }
  }, [ownUse, accountName, form]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await saveTenancy({ unitId: target.unit.id, tenancyId: target.tenancy?.id }, values);
      await queryClient.invalidateQueries({ queryKey: tenanciesKey(target.propertyId) });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
      toast({
        title: target.tenancy ? 'Mietverhältnis gespeichert' : 'Mietverhältnis hinzugefügt',
        description: `„${values.tenant.name}“ in „${target.unit.label}“`,
      });
      onDone();
    } catch (error) {
      if (!applyFieldErrors(form, toFormFieldErrors(error))) setError('root.server', serverError(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Mietverhältnis" className="flex flex-col gap-5">
      <FormError message={errors.root?.server?.message} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Art</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-2">
          {KINDS.map((k) => (
            <label
              key={k.value}
              className="flex h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm text-slate-800 has-checked:border-teal-700 has-checked:bg-teal-50 has-focus-visible:outline-2 has-focus-visible:outline-teal-700"
            >
              <input type="radio" value={k.value} className="size-4 accent-teal-700" {...register('kind')} />
              {k.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Name"
          required
          className="sm:col-span-2"
          hint={
            ownUse
              ? 'Wer die Einheit selbst nutzt, z. B. Ihr Name.'
              : 'Mehrere Mieter zusammen, z. B. „Anna und Ben Muster“.'
          }
          error={errors.tenant?.name?.message}
          {...register('tenant.name')}
        />
        <div className="flex flex-col gap-2">
          {!sinceBefore && (
            <Input
              label={ownUse ? 'Beginn' : 'Einzug'}
              type="date"
              required
              error={errors.start?.message}
              {...register('start')}
            />
          )}
          {/* a tenant of many years: the day is not needed, only that it was before */}
          <Checkbox
            label={
              ownUse
                ? 'Schon länger selbst genutzt (Datum unbekannt)'
                : 'Wohnt schon länger hier (Datum unbekannt)'
            }
            {...register('sinceBefore')}
          />
        </div>
        <Input
          label={ownUse ? 'Ende' : 'Auszug'}
          type="date"
          hint="leer = läuft noch"
          error={errors.end?.message}
          {...register('end')}
        />
        <Input
          label="Personen"
          required
          inputMode="numeric"
          error={errors.persons?.message}
          {...register('persons')}
        />
        {!ownUse && (
          <Checkbox
            className="sm:col-span-2"
            label="Betriebskostenpauschale: keine Abrechnung für dieses Mietverhältnis; sein Anteil an den Kosten bleibt beim Vermieter (§ 556 Abs. 2 BGB)"
            {...register('flatRate')}
          />
        )}
        {!ownUse && !flatRate && (
          <Input
            label="Monatliche Vorauszahlung (€)"
            required
            inputMode="decimal"
            placeholder="0,00"
            error={errors.monthlyPrepayment?.message}
            {...register('monthlyPrepayment')}
          />
        )}
        {!ownUse && (
          <Input
            label="Monatliche Kaltmiete (€)"
            hint="Optional: damit Zahlungen vom Kontoauszug der Miete zugeordnet werden."
            inputMode="decimal"
            placeholder="0,00"
            error={errors.monthlyRent?.message}
            {...register('monthlyRent')}
          />
        )}
        {/* optional: after what every tenancy needs, out of the way of the tab path */}
        {!ownUse && (
          <>
            <fieldset className="sm:col-span-2">
              <legend className="text-sm font-medium text-slate-800">Zustellanschrift</legend>
              <p className="mt-0.5 text-sm text-slate-600">
                Leer lassen, wenn die Post an die Einheit geht (Anschrift der Immobilie). Nach dem Auszug: die
                neue Anschrift, sonst ginge die Abrechnung an den Nachmieter.
              </p>
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                <Input
                  label="Straße und Hausnummer"
                  autoComplete="off"
                  error={errors.tenant?.street?.message}
                  {...register('tenant.street')}
                />
                <Input
                  label="PLZ und Ort"
                  autoComplete="off"
                  error={errors.tenant?.city?.message}
                  {...register('tenant.city')}
                />
              </div>
            </fieldset>
            <Input
              label="E-Mail"
              type="email"
              hint="optional"
              autoComplete="off"
              className="sm:col-span-2"
              error={errors.tenant?.email?.message}
              {...register('tenant.email')}
            />
          </>
        )}
      </div>

      <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-800">Änderungen ab Datum</legend>
        <p className="text-sm text-slate-600">
          {ownUse
            ? 'Wenn sich die Personenzahl während der Nutzung ändert.'
            : 'Wenn sich die Personenzahl oder die Vorauszahlung während des Mietverhältnisses ändert.'}
        </p>
        {changes.fields.length > 0 && (
          <ol className="flex flex-col gap-3">
            {changes.fields.map((field, index) => (
              <ChangeRow
                key={field.id}
                index={index}
                ownUse={ownUse || flatRate}
                register={register}
                errors={errors.changes?.[index]}
                onRemove={() => changes.remove(index)}
              />
            ))}
          </ol>
        )}
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => changes.append(emptyChange())}
        >
          <Plus aria-hidden="true" className="size-4" />
          Änderung hinzufügen
        </Button>
      </fieldset>

      <DialogFormActions submitting={isSubmitting} />
    </form>
  );
}

type ChangeErrors = {
  from?: { message?: string };
  persons?: { message?: string };
  monthlyPrepayment?: { message?: string };
  monthlyRent?: { message?: string };
};

function ChangeRow(props: {
  index: number;
  ownUse: boolean;
  register: UseFormRegister<TenancyFormValues>;
  errors: ChangeErrors | undefined;
  onRemove: () => void;
}) {
  const { index, ownUse, register, errors } = props;
  const name = `Änderung ${index + 1}`;
  const nameId = useId();
  return (
    <li>
      <fieldset aria-labelledby={nameId} className="flex flex-col gap-2 rounded-md bg-slate-50 p-3">
        <div className="flex items-center justify-between gap-2">
          <span id={nameId} className="text-sm font-medium text-slate-800">
            {name}
          </span>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            aria-label={`${name} entfernen`}
            onClick={props.onRemove}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Entfernen
          </Button>
        </div>
        <div className="grid items-start gap-3 sm:grid-cols-4">
          <Input
            label="Ab"
            type="date"
            required
            error={errors?.from?.message}
            {...register(`changes.${index}.from`)}
          />
          <Input
            label="Personen"
            inputMode="numeric"
            error={errors?.persons?.message}
            {...register(`changes.${index}.persons`)}
          />
          {!ownUse && (
            <Input
              label="Vorauszahlung (€)"
              inputMode="decimal"
              error={errors?.monthlyPrepayment?.message}
              {...register(`changes.${index}.monthlyPrepayment`)}
            />
          )}
          {!ownUse && (
            <Input
              label="Kaltmiete (€)"
              inputMode="decimal"
              error={errors?.monthlyRent?.message}
              {...register(`changes.${index}.monthlyRent`)}
            />
          )}
        </div>
      </fieldset>
    </li>
  );
}
