// The readings of a heating computed here: per tenancy its heat meter or its heat-cost allocators
// (each with its rating factor), and per flat with a tenant change the whole flat's reading (§9b).

import { Plus, Trash2 } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/Button';
import type { PeriodTenancy } from '../CostCard';
import type { SettlementFormValues } from '../formValues';
import { HeatingField, type Warning } from './HeatingField';
import { EstimatedCheckbox, ReadingField } from './HeatingParts';
import { type AllocatorFormValues, type ChangeUnit, emptyAllocator } from './heatingForm';

const at = 'heating.computed';

/** Per tenancy: one heat meter reading, or several allocators with their rating factors. */
export function HeatReadings({ tenancies, warnings }: { tenancies: PeriodTenancy[]; warnings: Warning[] }) {
  return (
    <ul aria-label="Ablesewerte Heizung" className="mt-2 grid gap-3 lg:grid-cols-2">
      {tenancies.map((t) => (
        <li key={t.id} aria-label={t.label}>
          <TenancyAllocators tenancy={t} warnings={warnings} />
        </li>
      ))}
    </ul>
  );
}

function TenancyAllocators({ tenancy, warnings }: { tenancy: PeriodTenancy; warnings: Warning[] }) {
  const { control, getValues, setValue } = useFormContext<SettlementFormValues>();
  const path = `${at}.heat.byTenancy.${tenancy.id}` as const;
  const rows = useWatch({ control, name: path }) as AllocatorFormValues[] | undefined;
  // the first allocator's fields are always there; each further one is added on purpose
  const count = Math.max(1, rows?.length ?? 0);
  const current = () => {
    const list = getValues(path) ?? [];
    return list.length > 0 ? list : [emptyAllocator()];
  };
  const add = () => setValue(path, [...current(), emptyAllocator()]);
  const remove = (k: number) =>
    setValue(
      path,
      current().filter((_, j) => j !== k),
    );
  const several = count > 1;
  return (
    <fieldset className="min-w-0 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">{tenancy.label}</legend>
      <ol aria-label={`Heizkostenverteiler ${tenancy.label}`} className="flex flex-col gap-3">
        {Array.from({ length: count }, (_, k) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: inputs registered by index; a removed one's successors move up
            key={k}
            aria-label={several ? `Heizkostenverteiler ${k + 1}` : undefined}
            className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-3"
          >
            <HeatingField
              path={`${path}.${k}.units`}
              label={several ? `Verteiler ${k + 1}: Einheiten` : 'Verbrauch'}
              kind="quantity"
              warnings={warnings}
            />
            <HeatingField
              path={`${path}.${k}.factor`}
              label="Bewertungsfaktor"
              kind="quantity"
              warnings={warnings}
            />
            {several ? (
              <Button
                variant="ghost"
                size="icon"
                className="mt-6 text-red-700 hover:bg-red-50"
                onClick={() => remove(k)}
                aria-label={`Heizkostenverteiler ${k + 1} entfernen`}
                title="Heizkostenverteiler entfernen"
              >
                <Trash2 aria-hidden="true" className="size-5" />
              </Button>
            ) : (
              <span />
            )}
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" size="sm" onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          Heizkostenverteiler hinzufügen
        </Button>
        <EstimatedCheckbox pot="heat" id={tenancy.id} label="Geschätzt (§ 9a)" />
      </div>
    </fieldset>
  );
}

/**
 * §9b: a flat whose tenants changed without an interim reading. Its reading over the period, less
 * the readings of tenancies that have their own, is split by degree days (heating) and days (hot water).
 */
export function WholeFlatReadings({
  units,
  heat,
  hotWater,
  warnings,
}: {
  units: ChangeUnit[];
  /** The pots typed in (not read from the meters). */
  heat: boolean;
  hotWater: boolean;
  warnings: Warning[];
}) {
  if (units.length === 0 || (!heat && !hotWater)) return null;
  const both = heat && hotWater;
  return (
    <fieldset className="min-w-0 border-t border-slate-200 pt-4">
      <legend className="mb-1 text-sm font-semibold text-slate-900">
        Nutzerwechsel ohne Zwischenablesung (§ 9b HeizkostenV)
      </legend>
      <p className="mb-3 text-sm text-slate-600">
        Nur wenn beim Ein- oder Auszug nicht abgelesen wurde: der Verbrauch der ganzen Wohnung im Zeitraum.
        Umlage teilt ihn nach Gradtagszahlen (Heizung) und nach Tagen (Warmwasser) auf; Leerstand trägt der
        Vermieter. Mietverhältnisse mit eigenem Ablesewert oben werden abgezogen.
      </p>
      <ul
        aria-label="Verbrauch ganzer Wohnungen"
        className={both ? 'grid gap-3' : 'grid gap-3 lg:grid-cols-2'}
      >
        {units.map((u) => (
          <li key={u.id} aria-label={u.label}>
            <fieldset className="min-w-0 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-900">
                {u.label}: {u.tenants.join(', ')}
              </legend>
              <div className={both ? 'grid gap-3 sm:grid-cols-2' : 'grid gap-3'}>
                {heat && (
                  <ReadingField
                    pot="heat"
                    id={u.id}
                    path={`${at}.heat.byUnit.${u.id}`}
                    label="Heizung: Verbrauch der Wohnung"
                    estimatedLabel="Heizung geschätzt (§ 9a)"
                    warnings={warnings}
                  />
                )}
                {hotWater && (
                  <ReadingField
                    pot="hotWater"
                    id={u.id}
                    path={`${at}.hotWater.byUnit.${u.id}`}
                    label="Warmwasser der Wohnung (m³)"
                    estimatedLabel="Warmwasser geschätzt (§ 9a)"
                    warnings={warnings}
                  />
                )}
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
