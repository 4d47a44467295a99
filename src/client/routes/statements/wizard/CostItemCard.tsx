import { Trash2 } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ALLOCATION_KEYS, type AllocationKey, allocationKeyInfo } from '../../../../shared/catalog';
import { centsToInput, formatQuantity, parseMoney } from '../../../../shared/money';
import type { StatementRow } from '../../../../shared/print-model';
import type { StatementFormInput } from '../../../../shared/schemas/statement-form';
import type { StatementCheck } from '../../../../shared/statement';
import { Button } from '../../../components/ui/Button';
import { Input, Select } from '../../../components/ui/Field';

const UNIT_LABELS = {
  area: {
    total: 'Gesamtfläche (m²)',
    tenant: 'Fläche des Mieters (m²)',
    fields: ['totalArea', 'tenantArea'],
  },
  consumption: {
    total: 'Gesamtverbrauch (m³)',
    tenant: 'Verbrauch des Mieters (m³)',
    fields: ['totalConsumption', 'tenantConsumption'],
  },
  people: {
    total: 'Personen gesamt',
    tenant: 'Personen im Haushalt des Mieters',
    fields: ['totalPeople', 'tenantPeople'],
  },
} as const;

interface CostItemCardProps {
  index: number;
  /** The live computed row of this position. */
  row: StatementRow | undefined;
  warnings: StatementCheck[];
  /** Total area of the selected saved property, to prefill when the area key is chosen. */
  propertyArea: number | null;
  onRemove: () => void;
}

/** One cost position: name, amount (German notation), key, the key's units and the live tenant share. */
export function CostItemCard({ index, row, warnings, propertyArea, onRemove }: CostItemCardProps) {
  const { register, formState, getValues, setValue, control } = useFormContext<StatementFormInput>();
  const errors = formState.errors.costs?.[index];
  const key = useWatch({ control, name: `costs.${index}.allocationKey` });
  const kind = allocationKeyInfo(key).kind;
  const name = useWatch({ control, name: `costs.${index}.name` });
  const label = name.trim() || `Position ${index + 1}`;

  const amountField = register(`costs.${index}.amount`, {
    // "1234,5" becomes "1.234,50" when the field is left, so the user sees how it is read.
    onBlur: (event: { target: { value: string } }) => {
      const parsed = parseMoney(event.target.value);
      if (parsed.ok && parsed.cents >= 0) setValue(`costs.${index}.amount`, centsToInput(parsed.cents));
    },
  });

  const keyField = register(`costs.${index}.allocationKey`, {
    onChange: (event: { target: { value: string } }) => {
      const info = ALLOCATION_KEYS.find((k) => k.value === event.target.value);
      if (info?.kind !== 'area') return;
      // Convenience: the property's total area and the tenant's flat area, where still empty.
      const cost = getValues(`costs.${index}`);
      const flat = getValues('propertyAddress.area');
      if (cost.totalArea === '' && propertyArea !== null) {
        setValue(`costs.${index}.totalArea`, formatQuantity(propertyArea), { shouldDirty: true });
      }
      if (cost.tenantArea === '' && flat !== '')
        setValue(`costs.${index}.tenantArea`, flat, { shouldDirty: true });
    },
  });

  const units = kind === null ? null : UNIT_LABELS[kind];
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-label={label}>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.4fr)_auto] sm:items-start">
        <Input
          label="Bezeichnung"
          required
          error={errors?.name?.message}
          {...register(`costs.${index}.name`)}
        />
        <Input
          label="Betrag (€)"
          required
          inputMode="decimal"
          placeholder="0,00"
          autoComplete="off"
          error={errors?.amount?.message}
          {...amountField}
        />
        <Select label="Umlageschlüssel" error={errors?.allocationKey?.message} {...keyField}>
          {ALLOCATION_KEYS.map((k) => (
            <option key={k.value} value={k.value satisfies AllocationKey}>
              {k.label}
            </option>
          ))}
        </Select>
        <Button
          variant="ghost"
          size="icon"
          className="text-red-700 hover:bg-red-50 sm:mt-6"
          onClick={onRemove}
          aria-label={`${label} entfernen`}
          title="Position entfernen"
        >
          <Trash2 aria-hidden="true" className="size-5" />
        </Button>
      </div>

      {units && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Input
            label={units.total}
            required
            inputMode="decimal"
            error={errors?.[units.fields[0]]?.message}
            {...register(`costs.${index}.${units.fields[0]}`)}
          />
          <Input
            label={units.tenant}
            required
            inputMode="decimal"
            error={errors?.[units.fields[1]]?.message}
            {...register(`costs.${index}.${units.fields[1]}`)}
          />
        </div>
      )}

      {row && (
        <p className="mt-3 text-sm text-slate-700" data-testid="cost-share">
          Anteil Mieter: <strong className="font-semibold text-slate-900">{row.shareText}</strong>
          {kind !== null && <span> ({row.percent})</span>}
        </p>
      )}
      {warnings.map((w) => (
        <p key={w.code + w.path} className="mt-2 text-sm text-amber-800">
          {w.message}
        </p>
      ))}
    </li>
  );
}
