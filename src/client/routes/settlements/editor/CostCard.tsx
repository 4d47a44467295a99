import { Trash2 } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { usualKey } from '../../../../shared/catalog';
import { centsToInput, formatQuantity, parseMoney, parseQuantity } from '../../../../shared/money';
import {
  CONSUMPTION_UNIT_LABELS,
  CONSUMPTION_UNITS,
  KEY_LABELS,
  METER_KIND_LABELS,
  METER_KINDS,
  SETTLEMENT_KEYS,
} from '../../../../shared/vocabulary';
import { Button } from '../../../components/ui/Button';
import { Input, Select } from '../../../components/ui/Field';
import { DraftReceiptPicker } from '../ReceiptPicker';
import type { Figures } from '../results/figures';
import type { SettlementFormValues } from './formValues';
import { Labour35aSection } from './Labour35aSection';
import { previousYearHint } from './previousYear';
import { WarningLines } from './WarningLines';

type Warning = Figures['warnings'][number];

/** A tenancy of the period as the cost inputs name it. */
export interface PeriodTenancy {
  id: string;
  /** "Anna Müller (EG links)" */
  label: string;
}

export const PRESETS_LIST_ID = 'settlement-cost-presets';

/** The engine's message for exactly this field: errors in red at the field, warnings as its hint. */
function messagesAt(warnings: Warning[], path: string) {
  const here = warnings.filter((w) => w.path === path);
  const warning = here.find((w) => w.severity === 'warning')?.message;
  return {
    error: here.find((w) => w.severity === 'error')?.message,
    hint: warning && <span className="text-amber-800">{warning}</span>,
  };
}

/** One cost of the building: name, amount, key and, by key, the readings or the tenancy. */
export function CostCard({
  index,
  tenancies,
  groups,
  warnings,
  previousCents,
  fresh = false,
  onRemove,
  onEnterNext,
}: {
  index: number;
  tenancies: PeriodTenancy[];
  /** The property's cost groups: a cost may be shared by one of them only. */
  groups: ReadonlyArray<{ id: string; name: string }>;
  /** Last period's amount of the cost with this name, shown beside the field. */
  previousCents?: number;
  /** Added in this visit: choosing a preset's name sets its usual key until a key is picked. */
  fresh?: boolean;
  /** The live warnings of this cost (paths under costs.{index}.). */
  warnings: Warning[];
  onRemove: () => void;
  /**
   * Enter in the amount goes to the next cost's amount, and after the last adds a cost, instead of
   * saving (year 2 is twelve amounts typed one after another).
   */
  onEnterNext: () => void;
}) {
  const { register, formState, setValue, control, getFieldState } = useFormContext<SettlementFormValues>();
  const errors = formState.errors.costs?.[index];
  const key = useWatch({ control, name: `costs.${index}.key` });
  const name = useWatch({ control, name: `costs.${index}.name` });
  const meterKind = useWatch({ control, name: `costs.${index}.consumption.meterKind` });
  const amount = useWatch({ control, name: `costs.${index}.amount` });
  const label = name.trim() || `Position ${index + 1}`;
  const at = (field: string) => messagesAt(warnings, `costs.${index}.${field}`).error;
  const shown = new Set(['key', 'tenancyId', 'consumption.totalUnits', 'amountCents', 'unitIds']);
  const elsewhere = warnings.filter((w) => {
    const field = w.path.slice(`costs.${index}.`.length);
    return !shown.has(field) && !field.startsWith('consumption.byTenancy.');
  });

  // "1234,5" becomes "1.234,50" when left, so the landlord sees how it is read
  const amountField = register(`costs.${index}.amount`, {
    onBlur: (event: { target: { value: string } }) => {
      const parsed = parseMoney(event.target.value);
      if (parsed.ok) setValue(`costs.${index}.amount`, centsToInput(parsed.cents));
    },
  });
  const quantityBlur = (
    path: `costs.${number}.consumption.totalUnits` | `costs.${number}.consumption.byTenancy.${string}`,
  ) => ({
    onBlur: (event: { target: { value: string } }) => {
      const parsed = parseQuantity(event.target.value);
      if (parsed.ok && parsed.milli >= 0) setValue(path, formatQuantity(parsed.value));
    },
  });

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-label={label}>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.4fr)_auto] sm:items-start">
        <Input
          label="Kostenart"
          required
          list={PRESETS_LIST_ID}
          autoComplete="off"
          error={errors?.name?.message}
          {...register(`costs.${index}.name`, {
            onChange: (event: { target: { value: string } }) => {
              const usual = usualKey(event.target.value);
              if (fresh && usual && !getFieldState(`costs.${index}.key`).isDirty) {
                setValue(`costs.${index}.key`, usual);
              }
            },
          })}
        />
        <Input
          label="Betrag (€)"
          required
          inputMode="decimal"
          placeholder="0,00"
          autoComplete="off"
          hint={
            previousCents === undefined
              ? 'Gutschrift oder Erstattung: negativ, z. B. −120,00'
              : previousYearHint(previousCents, amount ?? '')
          }
          error={errors?.amount?.message ?? at('amountCents')}
          {...amountField}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            onEnterNext();
          }}
        />
        <Select
          label="Umlageschlüssel"
          error={errors?.key?.message ?? at('key')}
          {...register(`costs.${index}.key`)}
        >
          {SETTLEMENT_KEYS.map((k) => (
            <option key={k} value={k}>
              {KEY_LABELS[k]}
            </option>
          ))}
        </Select>
        <Button
          variant="ghost"
          size="icon"
          className="justify-self-end text-red-700 hover:bg-red-50 sm:mt-6"
          onClick={onRemove}
          aria-label={`${label} entfernen`}
          title="Position entfernen"
        >
          <Trash2 aria-hidden="true" className="size-5" />
        </Button>
      </div>

      {key !== 'direct' && groups.length > 0 && (
        <Select
          className="mt-4 sm:max-w-md"
          label="Verteilt auf"
          error={errors?.costGroupId?.message ?? at('unitIds')}
          {...register(`costs.${index}.costGroupId`)}
        >
          <option value="">Alle Einheiten</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              Gruppe „{g.name}“
            </option>
          ))}
        </Select>
      )}

      {key === 'consumption' && (
        <fieldset className="mt-4 min-w-0">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Verbrauch laut Zählern</legend>
          <Select
            className="mb-4 sm:max-w-md"
            label="Verbrauchswerte"
            hint={
              meterKind
                ? 'Aus den Zählerständen der Einheiten und dem Hauptzähler, taggenau je Mietverhältnis.'
                : undefined
            }
            {...register(`costs.${index}.consumption.meterKind`)}
          >
            <option value="">selbst eingeben</option>
            {METER_KINDS.map((k) => (
              <option key={k} value={k}>
                aus den Zählern: {METER_KIND_LABELS[k].label}
              </option>
            ))}
          </Select>
          <div className={meterKind ? 'hidden' : 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'}>
            <Input
              label="Gesamtverbrauch des Hauses"
              required
              inputMode="decimal"
              autoComplete="off"
              error={errors?.consumption?.totalUnits?.message ?? at('consumption.totalUnits')}
              {...register(
                `costs.${index}.consumption.totalUnits`,
                quantityBlur(`costs.${index}.consumption.totalUnits`),
              )}
            />
            <Select label="Einheit des Verbrauchs" {...register(`costs.${index}.consumption.unit`)}>
              {CONSUMPTION_UNITS.map((u) => (
                <option key={u} value={u}>
                  {CONSUMPTION_UNIT_LABELS[u]}
                </option>
              ))}
            </Select>
            {tenancies.map((t) => {
              const path = `costs.${index}.consumption.byTenancy.${t.id}` as const;
              const engine = messagesAt(warnings, path);
              return (
                <Input
                  key={t.id}
                  label={`Verbrauch ${t.label}`}
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors?.consumption?.byTenancy?.[t.id]?.message ?? engine.error}
                  hint={engine.hint}
                  {...register(path, quantityBlur(path))}
                />
              );
            })}
          </div>
        </fieldset>
      )}

      {key === 'direct' && (
        <Select
          className="mt-4 sm:max-w-md"
          label="Mietverhältnis, das die Kosten allein trägt"
          required
          error={errors?.tenancyId?.message ?? at('tenancyId')}
          {...register(`costs.${index}.tenancyId`)}
        >
          <option value="">Bitte wählen</option>
          {tenancies.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </Select>
      )}

      <Labour35aSection index={index} />

      <div className="mt-3">
        <DraftReceiptPicker index={index} costName={label} />
      </div>

      <WarningLines warnings={elsewhere} className="mt-2" />
    </li>
  );
}
