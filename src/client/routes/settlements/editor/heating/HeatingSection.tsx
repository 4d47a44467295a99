import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { CO2_RESTRICTIONS, type Co2Restriction } from '../../../../../shared/vocabulary';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { Input, Select } from '../../../../components/ui/Field';
import { pastedBlock } from '../../../../lib/pastedBlock';
import { documentsQuery } from '../../../documents/api';
import type { PeriodTenancy } from '../CostCard';
import type { SettlementFormValues } from '../formValues';
import { WarningLines } from '../WarningLines';
import { HeatingComputed } from './HeatingComputed';
import { HeatingField, type Warning } from './HeatingField';
import { type ChangeUnit, heatingFormPath } from './heatingForm';

const MODES = [
  { value: 'none', label: 'Keine Heizkosten', hint: 'Heizung und Warmwasser rechnet der Mieter selbst ab.' },
  {
    value: 'service',
    label: 'Abrechnung des Messdienstes übernehmen',
    hint: 'Die Beträge je Wohnung aus der Abrechnung von ista, Techem, Brunata, Minol …',
  },
  {
    value: 'computed',
    label: 'Hier berechnen',
    hint: 'Ohne Messdienst: aus Brennstoff, Betriebskosten und Ablesewerten nach HeizkostenV.',
  },
] as const;

const RESTRICTIONS: Record<Co2Restriction, string> = {
  none: 'Keine',
  building: 'Beschränkung am Gebäude (z. B. Denkmalschutz)',
  supply: 'Beschränkung der Versorgung (z. B. Anschlusszwang Fernwärme)',
  both: 'Beide Beschränkungen',
};

const ANSWERS = (
  <>
    <option value="">bitte angeben</option>
    <option value="yes">ja</option>
    <option value="no">nein</option>
  </>
);

/** Heating, hot water and CO2 of the settlement: none, the metering company's result, or computed here. */
export function HeatingSection({
  tenancies,
  changeUnits,
  warnings,
}: {
  tenancies: PeriodTenancy[];
  /** Flats with a tenant change in the period (§9b whole-flat readings). */
  changeUnits: ChangeUnit[];
  /** The live warnings under `heating.`. */
  warnings: Warning[];
}) {
  const { register, control, formState } = useFormContext<SettlementFormValues>();
  const mode = useWatch({ control, name: 'heating.mode' }) ?? 'none';
  const periodEnd = useWatch({ control, name: 'periodEnd' }) ?? '';
  const modeError = formState.errors.heating?.mode?.message;
  const flats = new Set(changeUnits.map((u) => u.id));
  // a whole-flat reading has its field only for a flat with a tenant change
  const shown = (path: string) =>
    path === 'heating.mode' ||
    /^heating\.(co2\.(kg|cost)|service\.(total|byTenancy\..+))$/.test(path) ||
    (mode === 'computed' &&
      path.startsWith('heating.computed.') &&
      !(path.includes('.byUnit.') && !flats.has(path.split('.').pop() ?? '')));
  const elsewhere = warnings.filter((w) => !shown(heatingFormPath(w.path)));

  return (
    <section
      aria-labelledby="heating-heading"
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h2 id="heating-heading" className="text-lg font-semibold text-slate-900">
          Heizung und Warmwasser
        </h2>
        <p className="text-sm text-slate-600">
          Nach Heizkostenverordnung und CO2-Kostenaufteilungsgesetz; die Ergebnisse erscheinen als eigene
          Zeilen jeder Abrechnung.
        </p>
      </div>

      <fieldset className="min-w-0" aria-describedby={modeError ? 'heating-mode-error' : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">
          Wie werden die Heizkosten ermittelt?
        </legend>
        <div className="grid gap-2 md:grid-cols-3">
          {MODES.map((m) => (
            <label
              key={m.value}
              className="flex cursor-pointer items-start gap-2.5 rounded-md border border-slate-200 p-3 has-checked:border-teal-700 has-checked:bg-teal-50"
            >
              <input
                type="radio"
                value={m.value}
                className="mt-0.5 size-4 shrink-0 accent-teal-700"
                {...register('heating.mode')}
              />
              <span className="text-sm">
                <span className="block font-medium text-slate-900">{m.label}</span>
                <span className="block text-slate-600">{m.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {modeError && (
          <p id="heating-mode-error" className="mt-1 text-sm text-red-700">
            {modeError}
          </p>
        )}
      </fieldset>

      {mode === 'service' && <ServiceFields tenancies={tenancies} warnings={warnings} />}
      {mode === 'computed' && (
        <HeatingComputed tenancies={tenancies} changeUnits={changeUnits} warnings={warnings} />
      )}

      {mode !== 'none' && (
        <fieldset className="min-w-0 border-t border-slate-200 pt-4">
          <legend className="mb-1 text-sm font-semibold text-slate-900">CO2-Kosten (CO2KostAufG)</legend>
          <p className="mb-3 text-sm text-slate-600">
            Aus der Brennstoff- oder Wärmerechnung. Ohne kg CO2 werden sie bei Gas, Öl und Flüssiggas aus dem
            Verbrauch berechnet; die CO2-Kosten stehen nur auf der Rechnung.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <HeatingField
              path="heating.co2.kg"
              label="Emissionen (kg CO2)"
              kind="quantity"
              warnings={warnings}
            />
            <HeatingField path="heating.co2.cost" label="CO2-Kosten (€)" kind="money" warnings={warnings} />
            <Select
              label="Öffentlich-rechtliche Beschränkungen (§ 9 CO2KostAufG)"
              {...register('heating.building.co2Restriction')}
            >
              {CO2_RESTRICTIONS.map((r) => (
                <option key={r} value={r}>
                  {RESTRICTIONS[r]}
                </option>
              ))}
            </Select>
            <Checkbox
              className="sm:mt-7"
              label="Nichtwohngebäude (Aufteilung 50 : 50, § 8 CO2KostAufG)"
              {...register('heating.building.nonResidential')}
            />
            <Checkbox
              className="sm:col-span-2"
              label="Ohne CO2-Angaben: jedem Mieter 3 % seiner Heizkosten abziehen (§ 7 Abs. 4 CO2KostAufG)"
              {...register('heating.co2.cutWithoutData')}
            />
            {mode === 'service' && (
              <Checkbox
                className="sm:col-span-2"
                label="Der Messdienst hat den CO2-Anteil des Vermieters schon von den Beträgen abgezogen"
                aria-describedby="heating-co2-deducted-hint"
                {...register('heating.co2.alreadyDeducted')}
              />
            )}
          </div>
          {mode === 'service' && (
            <p id="heating-co2-deducted-hint" className="mt-2 text-sm text-slate-600">
              Angekreuzt zieht Umlage den Anteil nicht noch einmal ab; die Angaben nach § 7 Abs. 3 CO2KostAufG
              stehen trotzdem in jeder Abrechnung.
            </p>
          )}
        </fieldset>
      )}

      {mode !== 'none' && periodEnd >= '2027-01-01' && (
        <fieldset className="min-w-0 border-t border-slate-200 pt-4">
          <legend className="mb-1 text-sm font-semibold text-slate-900">
            Ab 2027 (§§ 5, 6a, 12 HeizkostenV)
          </legend>
          <p className="mb-3 text-sm text-slate-600">
            Fehlt eines davon, darf jeder Mieter seine Heizkosten um je 3 % kürzen; die Abrechnung zieht sie
            dann ab.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              label="Zähler und Heizkostenverteiler fernablesbar?"
              {...register('heating.building.remoteReading')}
            >
              {ANSWERS}
            </Select>
            <Select
              label="Monatliche Verbrauchsinformation erteilt?"
              {...register('heating.building.consumptionInformation')}
            >
              {ANSWERS}
            </Select>
          </div>
        </fieldset>
      )}

      <WarningLines warnings={elsewhere} />
    </section>
  );
}

function ServiceFields({ tenancies, warnings }: { tenancies: PeriodTenancy[]; warnings: Warning[] }) {
  const { register, formState, setValue } = useFormContext<SettlementFormValues>();
  const documents = useQuery(documentsQuery);
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold text-slate-900">Abrechnung des Messdienstes</legend>
      <p className="mb-3 text-sm text-slate-600">
        Die Beträge je Mietverhältnis laut Abrechnung. Umlage zieht den CO2-Anteil des Vermieters davon ab,
        außer Sie kreuzen unten an, dass der Messdienst das schon getan hat. Was die Mietverhältnisse zusammen
        nicht tragen (Leerstand), trägt der Vermieter.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <HeatingField path="heating.service.provider" label="Messdienst" kind="text" warnings={warnings} />
        <Input
          label="Datum der Abrechnung"
          type="date"
          error={formState.errors.heating?.service?.statementDate?.message}
          {...register('heating.service.statementDate')}
        />
        <HeatingField
          path="heating.service.total"
          label="Gesamtkosten laut Abrechnung (€)"
          kind="money"
          required
          warnings={warnings}
        />
        <Select
          label="Abrechnung als Beleg"
          hint="Wird jedem Mieter mit Heizkosten auf seiner Seite zur Abrechnung gezeigt."
          {...register('heating.service.documentId')}
        >
          <option value="">kein Beleg</option>
          {(documents.data ?? []).map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </Select>
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Aus einer Tabelle: die Spalten Heizkosten und Warmwasserkosten markieren, kopieren und in das erste
        Feld einfügen; Zeile für Zeile in der Reihenfolge unten.
      </p>
      <ul
        aria-label="Heizkosten je Mietverhältnis"
        className="mt-3 flex flex-col gap-3"
        onPaste={(event) => {
          // a block fills the fields from the one pasted into: rows are tenancies, columns the two pots
          const at = /^heating\.service\.byTenancy\.([^.]+)\.(heating|hotWater)$/.exec(
            (event.target as HTMLInputElement).name ?? '',
          );
          const block = at ? pastedBlock(event.clipboardData.getData('text')) : null;
          if (!at || !block) return;
          event.preventDefault();
          const first = tenancies.findIndex((t) => t.id === at[1]);
          const columns = ['heating', 'hotWater'] as const;
          const firstColumn = columns.indexOf(at[2] as (typeof columns)[number]);
          block.forEach((cells, row) => {
            const tenancy = tenancies[first + row];
            cells.forEach((cell, k) => {
              const column = columns[firstColumn + k];
              if (tenancy && column) {
                setValue(`heating.service.byTenancy.${tenancy.id}.${column}`, cell, { shouldDirty: true });
              }
            });
          });
        }}
      >
        {tenancies.map((t) => {
          const path = `heating.service.byTenancy.${t.id}`;
          return (
            <li key={t.id} aria-label={t.label}>
              <fieldset className="min-w-0 rounded-md border border-slate-200 p-3">
                <legend className="px-1 text-sm font-medium text-slate-900">{t.label}</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <HeatingField
                    path={`${path}.heating`}
                    label="Heizkosten (€)"
                    kind="money"
                    warnings={warnings}
                  />
                  <HeatingField
                    path={`${path}.hotWater`}
                    label="Warmwasserkosten (€)"
                    kind="money"
                    warnings={warnings}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
