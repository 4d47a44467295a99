import { Plus } from 'lucide-react';
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { COST_PRESETS } from '../../../../shared/catalog';
import type { CostDocumentsJson } from '../../../../shared/schemas/delivery';
import type { CostGroupJson } from '../../../../shared/schemas/settlement-json';
import { ProRataHint } from '../../../components/ProRataHint';
import { Button } from '../../../components/ui/Button';
import type { Settlement } from '../api';
import type { Figures } from '../results/figures';
import { CostCard, type PeriodTenancy, PRESETS_LIST_ID } from './CostCard';
import { CostChecklist } from './CostChecklist';
import { costNameKey, pasteCosts } from './costPaste';
import { FromReceiptsButton } from './FromReceiptsDialog';
import { emptyCost, type SettlementFormValues } from './formValues';

/** The house's costs, each once: the list, the checklist of usual kinds and the receipts to take over. */
export function CostsSection({
  settlement,
  costs,
  period,
  tenancies,
  costGroups,
  warnings,
  receipts,
  unsaved,
  onBooked,
}: {
  settlement: Settlement;
  /** The costs as typed so far. */
  costs: SettlementFormValues['costs'];
  period: { periodStart: string; periodEnd: string };
  tenancies: PeriodTenancy[];
  costGroups: CostGroupJson[];
  /** The checks' warnings on costs (paths `costs.N.…`). */
  warnings: Figures['warnings'];
  receipts: CostDocumentsJson;
  unsaved: boolean;
  onBooked: (saved: Settlement) => Promise<void>;
}) {
  const form = useFormContext<SettlementFormValues>();
  const { fields, append, remove, replace } = useFieldArray({ control: form.control, name: 'costs' });
  const previous = settlement.previousPeriod ?? null;
  const sectionRef = useRef<HTMLElement>(null);
  // focused at once, not on react-hook-form's timer: keys typed right after Enter or a click land in
  // the field they were meant for, however busy the browser is
  const focus = (name: string) =>
    sectionRef.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
  const appendFocused = (cost: SettlementFormValues['costs'][number], field: 'name' | 'amount') => {
    flushSync(() => append(cost, { shouldFocus: false }));
    focus(`costs.${fields.length}.${field}`);
  };
  return (
    <section ref={sectionRef} aria-labelledby="costs-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="costs-heading" className="text-lg font-semibold text-slate-900">
            Kosten des Hauses
          </h2>
          <p className="text-sm text-slate-600">
            Jede Kostenart einmal für das ganze Haus; die Verteilung auf die Mieter rechnet Umlage. Aus einer
            Tabelle kopierte Zeilen (Bezeichnung, Betrag, wahlweise Schlüssel) in ein Feld eingefügt füllen
            gleichnamige Positionen und legen die übrigen an.
          </p>
        </div>
      </div>
      <ProRataHint
        start={period.periodStart}
        end={period.periodEnd}
        costs={costs}
        onApply={(amounts) => {
          for (const [i, amount] of amounts.entries()) {
            form.setValue(`costs.${i}.amount`, amount, { shouldDirty: true });
          }
        }}
      />
      <datalist id={PRESETS_LIST_ID}>
        {COST_PRESETS.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      {fields.length > 0 ? (
        <ol
          aria-label="Kostenpositionen"
          className="flex flex-col gap-4"
          onPaste={(event) => {
            const at = /^costs\.(\d+)\.(name|amount)$/.exec((event.target as HTMLInputElement).name ?? '');
            const pasted =
              at &&
              pasteCosts(
                form.getValues('costs'),
                { index: Number(at[1]), field: at[2] as 'name' | 'amount' },
                event.clipboardData.getData('text'),
              );
            if (!pasted) return;
            event.preventDefault();
            replace(pasted);
          }}
        >
          {fields.map((field, index) => (
            <CostCard
              key={field.id}
              index={index}
              tenancies={tenancies}
              groups={costGroups}
              warnings={warnings.filter((w) => w.path.startsWith(`costs.${index}.`))}
              previousCents={previousAmount(previous, costs[index]?.name ?? '')}
              fresh={index >= settlement.costs.length}
              onRemove={() => remove(index)}
              onEnterNext={() =>
                index === fields.length - 1
                  ? appendFocused(emptyCost(), 'name')
                  : focus(`costs.${index + 1}.amount`)
              }
            />
          ))}
        </ol>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          Noch keine Kostenpositionen. Wählen Sie unten die Kostenarten Ihres Hauses, oder fügen Sie Ihre
          Kostentabelle in eine neue Position ein.
        </p>
      )}
      {/* below the list, where the next one goes: no scrolling back up for each cost */}
      <CostChecklist
        used={costs.map((c) => c.name)}
        onAdd={(name, key) => appendFocused({ ...emptyCost(name), key }, 'amount')}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => appendFocused(emptyCost(), 'name')}>
          <Plus aria-hidden="true" className="size-4" />
          Kostenposition hinzufügen
        </Button>
        <FromReceiptsButton
          settlement={settlement}
          receipts={receipts}
          unsaved={unsaved}
          onBooked={onBooked}
        />
      </div>
    </section>
  );
}

/** Last period's amount of the costs with this name (summed, as the ±25 % check compares them). */
function previousAmount(previous: Settlement['previousPeriod'], name: string): number | undefined {
  const same = (previous?.costs ?? []).filter((c) => costNameKey(c.name) === costNameKey(name));
  return same.length === 0 ? undefined : same.reduce((sum, c) => sum + c.amountCents, 0);
}
