import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { FUEL_KINDS, FUEL_LABELS, FUEL_UNITS } from '../../../../../shared/vocabulary';
import { Button } from '../../../../components/ui/Button';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { Select } from '../../../../components/ui/Field';
import type { PeriodTenancy } from '../CostCard';
import type { SettlementFormValues } from '../formValues';
import { HeatingField, type Warning } from './HeatingField';
import { ListEntry, PercentSelect, PotNotes, ReadingField } from './HeatingParts';
import { HeatReadings, WholeFlatReadings } from './HeatingReadings';
import { type ChangeUnit, emptyDelivery, OPERATING_COST_PRESETS } from './heatingForm';

const OPERATING_LIST_ID = 'heating-operating-presets';

const HOT_WATER_METHODS = {
  none: 'Nicht über die Heizung',
  meter: 'Wärmezähler (kWh)',
  volume: '2,5 × V × (tw − 10)',
  area: '32 × A (nichts messbar)',
} as const;

/** One input of the form, below `heating.computed`. */
type FieldSpec = Omit<Parameters<typeof HeatingField>[0], 'warnings'>;

const AT = 'heating.computed';
const FROM_METERS_HINT =
  'Taggenau je Mietverhältnis aus den Zählerständen (Haus → Zähler); fehlt beim Mieterwechsel die Ablesung, teilt Umlage nach § 9b HeizkostenV. Gesamt: der Hauptzähler, sonst die Summe der Einheiten.';

const openingStockFields = (unit: string): FieldSpec[] => [
  { path: `${AT}.fuel.openingStock.quantity`, label: `Anfangsbestand (${unit})`, kind: 'quantity' },
  { path: `${AT}.fuel.openingStock.value`, label: 'Wert des Anfangsbestands (€)', kind: 'money' },
  {
    path: `${AT}.fuel.openingStock.kwh`,
    label: 'Anfangsbestand in kWh',
    kind: 'quantity',
    hint: 'Leer: Heizwert nach § 9 Abs. 3 HeizkostenV.',
  },
];

const deliveryFields = (i: number, unit: string): FieldSpec[] => [
  {
    path: `${AT}.fuel.deliveries.${i}.date`,
    label: 'Lieferdatum',
    type: 'date',
    kind: 'text',
    required: true,
  },
  { path: `${AT}.fuel.deliveries.${i}.quantity`, label: `Menge (${unit})`, kind: 'quantity', required: true },
  { path: `${AT}.fuel.deliveries.${i}.kwh`, label: 'Energie (kWh)', kind: 'quantity', required: true },
  { path: `${AT}.fuel.deliveries.${i}.amount`, label: 'Betrag (€)', kind: 'money', required: true },
];

const closingStockFields = (unit: string): FieldSpec[] => [
  {
    path: `${AT}.fuel.closingStock.quantity`,
    label: `Endbestand (${unit})`,
    kind: 'quantity',
    hint: 'Verbraucht ist Anfangsbestand + Lieferungen − Endbestand; der Endbestand gilt als zuletzt geliefert.',
  },
];

const operatingCostFields = (i: number): FieldSpec[] => [
  {
    path: `${AT}.operatingCosts.${i}.name`,
    label: 'Bezeichnung',
    kind: 'text',
    list: OPERATING_LIST_ID,
    required: true,
  },
  { path: `${AT}.operatingCosts.${i}.amount`, label: 'Betrag (€)', kind: 'money', required: true },
];

/** The inputs each way of measuring the hot water's heat asks for (§ 9 HeizkostenV). */
const HOT_WATER_FIELDS: Record<keyof typeof HOT_WATER_METHODS, FieldSpec[]> = {
  none: [],
  meter: [
    {
      path: `${AT}.hotWater.kwh`,
      label: 'Wärmemenge laut Wärmezähler (kWh)',
      kind: 'quantity',
      required: true,
    },
  ],
  volume: [
    {
      path: `${AT}.hotWater.volumeM3`,
      label: 'Warmwasser V (m³)',
      kind: 'quantity',
      hint: 'Leer: der Gesamtverbrauch unten.',
    },
    {
      path: `${AT}.hotWater.temperatureC`,
      label: 'Mittlere Temperatur tw (°C)',
      kind: 'quantity',
      required: true,
    },
  ],
  area: [
    {
      path: `${AT}.hotWater.areaM2`,
      label: 'Versorgte Wohnfläche A (m²)',
      kind: 'quantity',
      hint: 'Leer: die Wohnfläche aller Einheiten.',
    },
  ],
};

function Fields({ specs, warnings }: { specs: FieldSpec[]; warnings: Warning[] }) {
  return specs.map((spec) => <HeatingField key={spec.path} {...spec} warnings={warnings} />);
}

const h2 = 'mb-2 text-sm font-semibold text-slate-900';
const group = 'min-w-0 border-t border-slate-200 pt-4';

/** Costs of operation, the hot-water share and the readings of a heating computed here (HeizkostenV). */
export function HeatingComputed({
  tenancies,
  changeUnits,
  warnings,
}: {
  tenancies: PeriodTenancy[];
  /** Flats with a tenant change in the period, for their whole-flat readings (§9b). */
  changeUnits: ChangeUnit[];
  warnings: Warning[];
}) {
  const { register, control, formState } = useFormContext<SettlementFormValues>();
  const errors = formState.errors.heating?.computed;
  const kind = useWatch({ control, name: 'heating.computed.fuel.kind' }) ?? 'gas';
  const method = useWatch({ control, name: 'heating.computed.hotWater.method' }) ?? 'none';
  const heatFromMeters = useWatch({ control, name: 'heating.computed.heat.fromMeters' }) ?? false;
  const waterFromMeters = useWatch({ control, name: 'heating.computed.hotWater.fromMeters' }) ?? false;
  const deliveries = useFieldArray({ control, name: 'heating.computed.fuel.deliveries' });
  const operating = useFieldArray({ control, name: 'heating.computed.operatingCosts' });
  const unit = FUEL_UNITS[kind];

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <fieldset className={group}>
        <legend className={h2}>Brennstoff</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Brennstoff"
            required
            error={errors?.fuel?.kind?.message}
            {...register(`${AT}.fuel.kind`)}
          >
            {FUEL_KINDS.map((k) => (
              <option key={k} value={k}>
                {FUEL_LABELS[k]}
              </option>
            ))}
          </Select>
          {kind === 'gas' && (
            <Checkbox
              className="sm:mt-7"
              label="Abgerechnet nach Brennwert (Hs), wie auf Gasrechnungen üblich"
              {...register(`${AT}.fuel.billedOnHs`)}
            />
          )}
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <Fields specs={openingStockFields(unit)} warnings={warnings} />
        </div>
      </fieldset>

      <fieldset className={group}>
        <legend className={h2}>Lieferungen im Zeitraum</legend>
        <ol aria-label="Lieferungen" className="flex flex-col gap-3">
          {deliveries.fields.map((field, i) => (
            <ListEntry
              key={field.id}
              label={`Lieferung ${i + 1}`}
              columns="sm:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
              onRemove={() => deliveries.remove(i)}
            >
              <Fields specs={deliveryFields(i, unit)} warnings={warnings} />
            </ListEntry>
          ))}
        </ol>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => deliveries.append(emptyDelivery(), { shouldFocus: true })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Lieferung hinzufügen
        </Button>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <Fields specs={closingStockFields(unit)} warnings={warnings} />
        </div>
      </fieldset>

      <fieldset className={group}>
        <legend className={h2}>Betriebskosten der Heizung</legend>
        <datalist id={OPERATING_LIST_ID}>
          {OPERATING_COST_PRESETS.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <ol aria-label="Betriebskosten der Heizung" className="flex flex-col gap-3">
          {operating.fields.map((field, i) => (
            <ListEntry
              key={field.id}
              label={`Betriebskosten ${i + 1}`}
              columns="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto]"
              onRemove={() => operating.remove(i)}
            >
              <Fields specs={operatingCostFields(i)} warnings={warnings} />
              <Select label="Gehört zu" {...register(`${AT}.operatingCosts.${i}.pot`)}>
                <option value="">Heizung und Warmwasser</option>
                <option value="heating">nur Heizung</option>
                <option value="hot-water">nur Warmwasser</option>
              </Select>
            </ListEntry>
          ))}
        </ol>
        <div className="mt-3 flex flex-wrap gap-2">
          {OPERATING_COST_PRESETS.map((name) => (
            <Button
              key={name}
              variant="secondary"
              size="sm"
              onClick={() => operating.append({ name, amount: '', pot: '' }, { shouldFocus: true })}
            >
              <Plus aria-hidden="true" className="size-4" />
              {name}
            </Button>
          ))}
        </div>
      </fieldset>

      <fieldset className={group}>
        <legend className={h2}>Heizung: Verteilung und Ablesewerte</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <PercentSelect
            path={`${AT}.heatingConsumptionPercent`}
            label="Anteil nach Verbrauch (%)"
            hint="50 bis 70 %, der Rest nach Wohnfläche (§ 7 HeizkostenV)."
          />
          {!heatFromMeters && (
            <HeatingField
              path={`${AT}.heat.totalUnits`}
              label="Gesamtverbrauch des Hauses (Einheiten oder kWh)"
              kind="quantity"
              required
              warnings={warnings}
            />
          )}
          <FromMeters
            pot="heat"
            label="Aus den Wärmezählern der Einheiten übernehmen (kWh)"
            on={heatFromMeters}
          />
        </div>
        {!heatFromMeters && (
          <>
            <p className="mt-4 text-sm text-slate-600">
              Je Mietverhältnis der Wärmezähler (kWh) oder die Einheiten der Heizkostenverteiler, jeder
              Verteiler mit seinem Bewertungsfaktor (leer: schon bewertet). Geschätzte Werte bitte ankreuzen:
              Ist mehr als ein Viertel der Fläche geschätzt, zählt allein die Wohnfläche (§ 9a HeizkostenV).
            </p>
            <HeatReadings tenancies={tenancies} warnings={warnings} />
          </>
        )}
        <PotNotes warnings={warnings} paths={[`${AT}.heat.estimated`, `${AT}.heat.byTenancy`]} />
      </fieldset>

      <fieldset className={group}>
        <legend className={h2}>Warmwasser (§§ 8, 9 HeizkostenV)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Wärmemenge für Warmwasser"
            error={errors?.hotWater?.method?.message}
            {...register(`${AT}.hotWater.method`)}
          >
            {Object.entries(HOT_WATER_METHODS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <Fields specs={HOT_WATER_FIELDS[method]} warnings={warnings} />
        </div>
        {method !== 'none' && (
          <>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <PercentSelect
                path={`${AT}.hotWater.consumptionPercent`}
                label="Warmwasser: Anteil nach Verbrauch (%)"
              />
              {!waterFromMeters && (
                <HeatingField
                  path={`${AT}.hotWater.totalM3`}
                  label="Warmwasser gesamt (m³)"
                  kind="quantity"
                  required
                  warnings={warnings}
                />
              )}
              <FromMeters
                pot="hotWater"
                label="Aus den Warmwasserzählern der Einheiten übernehmen (m³)"
                on={waterFromMeters}
              />
            </div>
            <div className={waterFromMeters ? 'hidden' : 'mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3'}>
              {tenancies.map((t) => (
                <ReadingField
                  key={t.id}
                  pot="hotWater"
                  id={t.id}
                  path={`${AT}.hotWater.byTenancy.${t.id}`}
                  label={`Warmwasser ${t.label} (m³)`}
                  estimatedLabel="Geschätzt (§ 9a)"
                  warnings={warnings}
                />
              ))}
            </div>
          </>
        )}
        <PotNotes
          warnings={warnings}
          paths={[`${AT}.hotWater`, `${AT}.hotWater.estimated`, `${AT}.hotWater.byTenancy`]}
        />
      </fieldset>

      <WholeFlatReadings
        units={changeUnits}
        heat={!heatFromMeters}
        hotWater={method !== 'none' && !waterFromMeters}
        warnings={warnings}
      />
    </div>
  );
}

/** Whether a pot's readings come from the flats' meters, and what that means once chosen. */
function FromMeters({ pot, label, on }: { pot: 'heat' | 'hotWater'; label: string; on: boolean }) {
  const { register } = useFormContext<SettlementFormValues>();
  const hint = `${pot}-from-meters-hint`;
  return (
    <>
      <Checkbox
        className="sm:col-span-2"
        label={label}
        aria-describedby={on ? hint : undefined}
        {...register(`${AT}.${pot}.fromMeters`)}
      />
      {on && (
        <p id={hint} className="text-sm text-slate-600 sm:col-span-2">
          {FROM_METERS_HINT}
        </p>
      )}
    </>
  );
}
