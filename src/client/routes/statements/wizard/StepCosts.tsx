import { Plus } from 'lucide-react';
import { useEffect } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { COST_PRESETS } from '../../../../shared/catalog';
import { centsToInput, formatCents, parseMoney } from '../../../../shared/money';
import {
  costItemToInput,
  newCostItem,
  type StatementFormInput,
} from '../../../../shared/schemas/statement-form';
import { computeStatement, statementWarnings } from '../../../../shared/statement';
import { ProRataHint } from '../../../components/ProRataHint';
import { Section } from '../../../components/Section';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Field';
import type { Property } from '../../properties/api';
import { CostItemCard } from './CostItemCard';
import { liveFormData, newCostId, todayIso } from './formValues';

/** Step 2: cost positions and prepayments, with the tenant's share computed while typing. */
export function StepCosts({ properties }: { properties: readonly Property[] }) {
  const { control, register, formState, getValues, setValue } = useFormContext<StatementFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'costs', keyName: 'fieldKey' });
  useWatch({ control }); // re-render on every change: the figures below are live
  const data = liveFormData(getValues());
  const view = computeStatement(data, todayIso());
  // what the computation warns of and the checks before the statement goes out (cost names)
  const warnings = statementWarnings(data, todayIso());
  const selected = properties.find((p) => p.id === data.selectedPropertyId);
  const errors = formState.errors;
  const costsError = errors.costs?.root?.message ?? errors.costs?.message;

  // Spec §4: the prepayment total is monthly × months, recomputed on every change.
  const prepaymentTotal = centsToInput(data.prepayments.total);
  useEffect(() => {
    if (getValues('prepayments.total') !== prepaymentTotal) setValue('prepayments.total', prepaymentTotal);
  }, [prepaymentTotal, getValues, setValue]);

  // Spec §4: a preset or an empty position is appended with key Pauschal and an empty amount.
  const add = (name = '') => append(costItemToInput(newCostItem(newCostId(), name)), { shouldFocus: !name });

  return (
    <div className="flex flex-col gap-6">
      <Section title="Kostenpositionen" description="Vorlage anklicken oder eine leere Position hinzufügen.">
        <div className="sm:col-span-2">
          <ul className="flex flex-wrap gap-2" aria-label="Vorlagen">
            {COST_PRESETS.map((preset) => (
              <li key={preset}>
                <Button variant="secondary" size="sm" onClick={() => add(preset)}>
                  <Plus aria-hidden="true" className="size-4" />
                  {preset}
                </Button>
              </li>
            ))}
            <li>
              <Button variant="ghost" size="sm" onClick={() => add()} className="text-teal-800">
                <Plus aria-hidden="true" className="size-4" />
                Leere Position hinzufügen
              </Button>
            </li>
          </ul>
        </div>
      </Section>

      <ProRataHint
        start={data.billingPeriod.start}
        end={data.billingPeriod.end}
        costs={getValues('costs')}
        onApply={(amounts) => {
          for (const [i, amount] of amounts.entries()) {
            setValue(`costs.${i}.amount`, amount, { shouldDirty: true });
          }
        }}
      />

      {costsError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {costsError}
        </p>
      )}

      {fields.length > 0 ? (
        <ol className="flex flex-col gap-4" aria-label="Kostenpositionen">
          {fields.map((field, index) => (
            <CostItemCard
              key={field.fieldKey}
              index={index}
              row={view.rows[index]}
              warnings={warnings.filter((w) => w.path.startsWith(`costs.${index}.`))}
              propertyArea={selected?.totalArea ?? null}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          Noch keine Kostenpositionen. Wählen Sie oben eine Vorlage.
        </p>
      )}

      <Section title="Vorauszahlungen">
        <Input
          label="Monatliche Vorauszahlung (€)"
          required
          inputMode="decimal"
          placeholder="0,00"
          error={errors.prepayments?.monthly?.message}
          {...register('prepayments.monthly', {
            onBlur: (event: { target: { value: string } }) => {
              const parsed = parseMoney(event.target.value);
              if (parsed.ok && parsed.cents >= 0) setValue('prepayments.monthly', centsToInput(parsed.cents));
            },
          })}
        />
        <Input
          label="Anzahl Monate"
          required
          inputMode="numeric"
          placeholder="12"
          error={errors.prepayments?.months?.message}
          {...register('prepayments.months')}
        />
        <p className="text-sm text-slate-700 sm:col-span-2">
          Summe der Vorauszahlungen:{' '}
          <output className="font-semibold text-slate-900" data-testid="prepayment-total">
            {formatCents(data.prepayments.total)}
          </output>
        </p>
      </Section>

      <section
        aria-label="Zwischenergebnis"
        className="rounded-lg border border-teal-200 bg-teal-50 p-5 sm:p-6"
      >
        <dl className="grid gap-3 text-sm sm:grid-cols-4">
          <Figure label="Gesamtkosten" value={formatCents(view.totalCostsCents)} testId="sum-total-costs" />
          <Figure
            label="Anteil Mieter"
            value={formatCents(view.tenantTotalCents)}
            testId="sum-tenant-share"
          />
          <Figure
            label="Vorauszahlungen"
            value={formatCents(view.prepaymentCents)}
            testId="sum-prepayments"
          />
          <Figure
            label={view.resultLabel}
            value={formatCents(view.resultAmountCents)}
            testId="sum-result"
            strong
          />
        </dl>
      </section>
    </div>
  );
}

function Figure({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div>
      <dt className="text-slate-700">{label}</dt>
      <dd
        className={strong ? 'text-lg font-bold text-teal-900' : 'text-lg font-semibold text-slate-900'}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}
