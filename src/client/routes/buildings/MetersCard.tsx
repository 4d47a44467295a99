import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Gauge, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateDe, formatQuantity } from '../../../shared/money';
import {
  type MeterReadingInputBody,
  meterInputSchema,
  meterReadingInputSchema,
} from '../../../shared/schemas/house';
import type { MeterJson, UnitJson } from '../../../shared/schemas/settlement-json';
import { z } from '../../../shared/schemas/zod';
import { METER_KIND_LABELS, METER_KINDS } from '../../../shared/vocabulary';
import { ForEditors } from '../../components/ForEditors';
import { FormError, serverError } from '../../components/FormError';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { Input, Select } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { applyFieldErrors } from '../../lib/formErrors';
import { deleteMeter, metersKey, metersQuery, recordReading, saveMeter, settlementsKey } from './api';

/** The main meters first, then each unit's in the order the house lists its units. */
function byPlace(meters: MeterJson[], units: UnitJson[]) {
  return [
    { label: 'Hauptzähler des Hauses', meters: meters.filter((m) => m.unitId === null) },
    ...units.map((u) => ({ label: u.label, meters: meters.filter((m) => m.unitId === u.id) })),
  ].filter((place) => place.meters.length > 0);
}

/**
 * Meters and their readings (docs/domain/house.md): a cost by consumption can take each tenancy's use from
 * them, day by day, with the main meter's total.
 */
export function MetersCard({ propertyId, units }: { propertyId: string; units: UnitJson[] }) {
  const queryClient = useQueryClient();
  const meters = useQuery(metersQuery(propertyId));
  const [adding, setAdding] = useState(false);
  const [reading, setReading] = useState<MeterJson | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: metersKey(propertyId) });
    void queryClient.invalidateQueries({ queryKey: settlementsKey });
  };
  const remove = useConfirmedDelete({
    remove: (m: MeterJson) => deleteMeter(m.id),
    question: (m) =>
      `Der Zähler ${m.number || METER_KIND_LABELS[m.kind].label} wird mit seinen Ablesungen gelöscht.`,
    afterwards: refresh,
    done: () => ({ title: 'Zähler gelöscht' }),
    failed: 'Zähler nicht gelöscht',
  });

  return (
    <Card
      title="Zähler"
      description="Zähler der Einheiten und Hauptzähler mit ihren Ablesungen. Eine Kostenart nach Verbrauch kann die Verbräuche daraus nehmen, taggenau je Mietverhältnis."
      actions={
        <ForEditors>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Zähler hinzufügen
          </Button>
        </ForEditors>
      }
    >
      {meters.data && meters.data.length > 0 ? (
        <div className="flex flex-col gap-4">
          {byPlace(meters.data, units).map((place) => (
            <section key={place.label} aria-label={place.label}>
              <h3 className="text-sm font-semibold text-slate-900">{place.label}</h3>
              <ul className="mt-1 divide-y divide-slate-200 rounded-md border border-slate-200">
                {place.meters.map((m) => (
                  <li
                    key={m.id}
                    aria-label={`Zähler ${m.number}`}
                    className="flex flex-wrap items-start justify-between gap-2 px-3 py-2.5"
                  >
                    <div className="min-w-0 text-sm">
                      <p className="flex items-center gap-1.5 font-medium text-slate-900">
                        <Gauge aria-hidden="true" className="size-4 text-slate-500" />
                        {METER_KIND_LABELS[m.kind].label} {m.number}
                      </p>
                      <p className="text-slate-700">
                        {m.readings.length === 0
                          ? 'Noch keine Ablesung'
                          : m.readings
                              .map(
                                (r) =>
                                  `${formatDateDe(r.date)}: ${formatQuantity(r.value)} ${METER_KIND_LABELS[m.kind].unit}${r.estimated ? ' (geschätzt)' : ''}`,
                              )
                              .join(' · ')}
                      </p>
                    </div>
                    <ForEditors>
                      <div className="flex gap-1">
                        <Button variant="ghost" size="sm" onClick={() => setReading(m)}>
                          <Plus aria-hidden="true" className="size-4" />
                          Ablesung<span className="sr-only"> zu {m.number}</span>
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => void remove.ask(m)}
                          disabled={remove.isPending}
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                          <span className="sr-only">Zähler {m.number} löschen</span>
                        </Button>
                      </div>
                    </ForEditors>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-600">Noch keine Zähler erfasst.</p>
      )}
      <Dialog
        open={adding}
        onOpenChange={setAdding}
        title="Zähler hinzufügen"
        description="Wo der Zähler sitzt, was er misst und seine Nummer."
      >
        {adding && (
          <MeterForm
            propertyId={propertyId}
            units={units}
            onDone={async () => {
              await refresh();
              setAdding(false);
            }}
          />
        )}
      </Dialog>
      <Dialog
        open={reading !== null}
        onOpenChange={(open) => !open && setReading(null)}
        title="Ablesung erfassen"
        description="Am Ein- oder Auszugstag abgelesen, zählt der Stand genau; sonst wird er nach Tagen geschätzt."
      >
        {reading && (
          <ReadingForm
            meter={reading}
            others={(meters.data ?? []).filter(
              (m) => m.id !== reading.id && m.unitId === reading.unitId && m.kind === reading.kind,
            )}
            onDone={async () => {
              await refresh();
              setReading(null);
            }}
          />
        )}
      </Dialog>
    </Card>
  );
}

/** The meter and where it sits: a unit's id, or '' for a main meter. */
const meterFormSchema = meterInputSchema.extend({ place: z.string() });
type MeterFormValues = z.input<typeof meterFormSchema>;

function MeterForm(props: { propertyId: string; units: UnitJson[]; onDone: () => Promise<void> }) {
  const form = useForm<MeterFormValues, unknown, z.output<typeof meterFormSchema>>({
    resolver: zodResolver(meterFormSchema),
    defaultValues: { place: props.units[0]?.id ?? '', kind: 'cold-water', number: '' },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { place, ...body } = values;
      await saveMeter(place === '' ? { propertyId: props.propertyId } : { unitId: place }, body);
      toast({ title: 'Zähler hinzugefügt' });
      await props.onDone();
    } catch (error) {
      if (!applyFieldErrors(form, error)) setError('root.server', serverError(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Zähler" className="flex flex-col gap-4">
      <FormError message={errors.root?.server?.message} />
      <Select label="Wo" {...register('place')}>
        {props.units.map((u) => (
          <option key={u.id} value={u.id}>
            {u.label}
          </option>
        ))}
        <option value="">Hauptzähler des Hauses</option>
      </Select>
      <Select label="Art" error={errors.kind?.message} {...register('kind')}>
        {METER_KINDS.map((k) => (
          <option key={k} value={k}>
            {METER_KIND_LABELS[k].label} ({METER_KIND_LABELS[k].unit})
          </option>
        ))}
      </Select>
      <Input label="Zählernummer" hint="optional" error={errors.number?.message} {...register('number')} />
      <DialogFormActions submitting={isSubmitting} className="mt-2" />
    </form>
  );
}

/** The select's '' is no replacement. */
const readingFormSchema = meterReadingInputSchema.extend({
  replacesMeterId: z
    .string()
    .optional()
    .transform((v) => v || undefined),
});
type ReadingFormValues = z.input<typeof readingFormSchema>;

function ReadingForm(props: { meter: MeterJson; others: MeterJson[]; onDone: () => Promise<void> }) {
  const { meter, others } = props;
  const form = useForm<ReadingFormValues, unknown, MeterReadingInputBody>({
    resolver: zodResolver(readingFormSchema),
    defaultValues: { date: '', value: '', estimated: false, replacesMeterId: undefined },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await recordReading(meter.id, values);
      toast({ title: 'Ablesung gespeichert' });
      await props.onDone();
    } catch (error) {
      if (!applyFieldErrors(form, error)) setError('root.server', serverError(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Ablesung" className="flex flex-col gap-4">
      <FormError message={errors.root?.server?.message} />
      <p className="text-sm text-slate-700">
        {METER_KIND_LABELS[meter.kind].label} {meter.number}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Datum" type="date" required error={errors.date?.message} {...register('date')} />
        <Input
          label={`Zählerstand (${METER_KIND_LABELS[meter.kind].unit})`}
          required
          inputMode="decimal"
          error={errors.value?.message}
          {...register('value')}
        />
      </div>
      <Checkbox label="Geschätzt, nicht abgelesen" {...register('estimated')} />
      {others.length > 0 && (
        <Select
          label="Ersetzt einen Zähler (Zählerwechsel)"
          hint="Nur bei der ersten Ablesung eines neuen Zählers."
          error={errors.replacesMeterId?.message}
          {...register('replacesMeterId')}
        >
          <option value="">nein</option>
          {others.map((m) => (
            <option key={m.id} value={m.id}>
              {m.number || METER_KIND_LABELS[m.kind].label}
            </option>
          ))}
        </Select>
      )}
      <DialogFormActions submitting={isSubmitting} className="mt-2" />
    </form>
  );
}
