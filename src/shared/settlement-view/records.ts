// Units, tenancies and a settlement's entries as the API answers them and a snapshot stores them,
// and their conversion into the engine's input (quantities in exact thousandths).

import { quantityToMilli } from '../money';
import type { SettlementInputBody } from '../schemas/settlement';
import type { CostInput, SettlementInput, TenancyChange } from '../settlement/types';
import type { MeterKind, TenancyKind, UnitKind } from '../vocabulary';
import { heatingEngineInput } from './heating-input';

export interface UnitRecord {
  id: string;
  propertyId: string;
  label: string;
  /** m², up to three decimals. */
  area: number;
  mea: number | null;
  floor: string;
  note: string;
  /** Absent in snapshots from before it existed: a flat. */
  kind?: UnitKind;
}

/** A named group of units sharing a cost (Abrechnungskreis). */
export interface CostGroupRecord {
  id: string;
  name: string;
  unitIds: string[];
}

export interface TenancyRecord {
  id: string;
  unitId: string;
  kind: TenancyKind;
  tenant: { name: string; street: string; city: string; email: string | null };
  /** null: moved in before any period it is settled in, the day not entered. */
  start: string | null;
  end: string | null;
  persons: number;
  monthlyPrepaymentCents: number;
  /** The Kaltmiete; absent in snapshots from before. */
  monthlyRentCents?: number | null;
  changes: TenancyChange[];
  /** A Betriebskostenpauschale; absent in snapshots from before it existed. */
  flatRate?: boolean;
}

export type SettlementEntries = Pick<
  SettlementInputBody,
  'costs' | 'prepaymentsPaidCents' | 'letter' | 'heating'
>;

const milli = (value: number) => Number(quantityToMilli(value));

/** A meter with its readings as answered and frozen (MeterJson's shape). */
export interface MeterRecord {
  id: string;
  unitId: string | null;
  kind: MeterKind;
  number: string;
  readings: ReadonlyArray<{ date: string; value: number; estimated: boolean }>;
}

/** Everything a settlement is computed from, as stored and answered. */
export interface SettlementSource {
  periodStart: string;
  periodEnd: string;
  /** The house's street: a letter addressed to it goes to the flat (the moved-out check). */
  property?: { street: string };
  entries: SettlementEntries;
  units: readonly UnitRecord[];
  /** The tenancies of the period (tenanciesOfPeriod). */
  tenancies: readonly TenancyRecord[];
  /** The property's cost groups, which a cost may name. */
  costGroups?: readonly CostGroupRecord[];
  /** The property's meters with their readings, for costs by consumption from the meters. */
  meters?: readonly MeterRecord[];
}

export function toEngineInput(source: SettlementSource): SettlementInput {
  const { entries, units, tenancies, costGroups = [], meters = [] } = source;
  return {
    periodStart: source.periodStart,
    periodEnd: source.periodEnd,
    units: units.map((u) => ({
      id: u.id,
      label: u.label,
      areaMilli: milli(u.area),
      meaMilli: u.mea === null ? null : milli(u.mea),
      ...(u.kind && u.kind !== 'dwelling' ? { kind: u.kind } : {}),
    })),
    tenancies: tenancies.map((t) => ({
      id: t.id,
      unitId: t.unitId,
      kind: t.kind,
      name: t.tenant.name,
      // a tenant "since before" lives there from the period's first day on, as far as it counts
      start: t.start ?? source.periodStart,
      end: t.end,
      persons: t.persons,
      monthlyPrepaymentCents: t.monthlyPrepaymentCents,
      changes: t.changes,
      ...(t.flatRate ? { flatRate: true } : {}),
    })),
    costs: entries.costs.map((c) => ({
      name: c.name,
      amountCents: c.amountCents,
      key: c.key,
      ...consumptionOf(c.consumption),
      ...(c.tenancyId ? { tenancyId: c.tenancyId } : {}),
      ...costUnits(c, costGroups),
    })),
    ...(entries.prepaymentsPaidCents ? { prepaymentsPaidCents: entries.prepaymentsPaidCents } : {}),
    ...(entries.heating ? { heating: heatingEngineInput(entries.heating) } : {}),
    ...(meters.length > 0
      ? {
          meters: meters.map((m) => ({
            id: m.id,
            unitId: m.unitId,
            kind: m.kind,
            number: m.number,
            readings: m.readings.map((r) => ({
              date: r.date,
              valueMilli: milli(r.value),
              estimated: r.estimated,
            })),
          })),
        }
      : {}),
  };
}

/** The units a cost is shared by: its group's (none left when the group is gone), its own, or all. */
function costUnits(
  cost: SettlementEntries['costs'][number],
  costGroups: readonly CostGroupRecord[],
): { unitIds?: string[] } {
  if (cost.costGroupId) return { unitIds: costGroups.find((g) => g.id === cost.costGroupId)?.unitIds ?? [] };
  return cost.unitIds ? { unitIds: cost.unitIds } : {};
}

/** A cost's consumption: the readings as typed, or the kind of meter whose readings count. */
function consumptionOf(
  consumption: SettlementEntries['costs'][number]['consumption'],
): Pick<CostInput, 'consumption' | 'meterKind'> {
  if (!consumption) return {};
  if ('meterKind' in consumption) return { meterKind: consumption.meterKind };
  return {
    consumption: {
      totalMilli: milli(consumption.totalUnits),
      byTenancyMilli: Object.fromEntries(
        Object.entries(consumption.byTenancy).map(([id, v]) => [id, milli(v)]),
      ),
    },
  };
}
