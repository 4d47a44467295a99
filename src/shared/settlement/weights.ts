// Phase 3 of calculateSettlement: a cost's weights by its key, one per party, then the landlord's
// vacancy and the unmetered rest (docs/domain/statement.md). A cost of a group (docs/domain/house.md) weighs only the
// group's units: parties elsewhere weigh 0, and only the group's vacancy is the landlord's.

import { formatQuantity } from '../money';
import { spanConsumption } from './meter-consumption';
import { spanDays } from './occupancy';
import type { House, Party } from './parties';
import type { CostInput, SettlementWarning, UnitInput } from './types';

const MILLI = 1000;

export interface Weights {
  tenancy: bigint[];
  /** Per party: its units (thousandths) and days as printed. */
  printed: Array<{ unitsMilli: number | null; days: number | null }>;
  vacancy: bigint;
  unmetered: bigint;
  totalUnitsMilli: number | null;
  totalDays: number | null;
  warnings: SettlementWarning[];
}

/** How a cost is named in a message: its name, or its place in the list. */
export function costLabel(cost: CostInput, index: number): string {
  return cost.name || `Position ${index + 1}`;
}

/** The numbers of a key's weights, which every cost of that key and group shares. */
type Shape = Omit<Weights, 'warnings'>;
const shapes = new WeakMap<House, Map<string, Shape>>();

/** Computes a key's weights once per house and group: a house has many costs of the same key. */
function shared(house: House, id: string, compute: () => Shape): Shape {
  let byId = shapes.get(house);
  if (!byId) {
    byId = new Map();
    shapes.set(house, byId);
  }
  let shape = byId.get(id);
  if (!shape) {
    shape = compute();
    byId.set(id, shape);
  }
  return shape;
}

export function weightsOf(cost: CostInput, index: number, house: House): Weights {
  const warnings: SettlementWarning[] = [];
  const label = costLabel(cost, index);
  const members = cost.unitIds ? new Set(cost.unitIds) : null;
  const inGroup = (unitId: string) => members === null || members.has(unitId);
  const units = members ? house.units.filter((u) => members.has(u.id)) : house.units;
  if (members && units.length === 0 && cost.key !== 'direct') {
    warnings.push({
      code: 'cost-group-empty',
      severity: 'error',
      message: `„${label}“: Die Gruppe dieser Kosten enthält keine Einheit des Hauses.`,
      path: `costs.${index}.unitIds`,
    });
  }
  const parties = house.parties.map((p) => (inGroup(p.unit.id) ? p : null));
  const vacantDays = (u: UnitInput) => house.vacantDays.get(u.id) ?? 0;
  const none = { unitsMilli: null, days: null };
  const group = `${cost.key}|${cost.unitIds?.join(',') ?? '*'}`;
  switch (cost.key) {
    case 'area':
    case 'units':
    case 'mea': {
      const per = (u: UnitInput): number =>
        cost.key === 'area' ? u.areaMilli : cost.key === 'units' ? MILLI : (u.meaMilli ?? 0);
      if (cost.key === 'mea' && units.some((u) => u.meaMilli === null)) {
        warnings.push({
          code: 'mea-missing',
          severity: 'error',
          message: `„${label}“: Für den Schlüssel Miteigentumsanteile braucht jede Einheit ihren Anteil.`,
          path: `costs.${index}.key`,
        });
      }
      const shape = shared(house, group, () => ({
        tenancy: parties.map((p) => (p ? BigInt(per(p.unit)) * BigInt(spanDays(p.span)) : 0n)),
        printed: parties.map((p) => (p ? { unitsMilli: per(p.unit), days: spanDays(p.span) } : none)),
        vacancy: units.reduce((s, u) => s + BigInt(per(u)) * BigInt(vacantDays(u)), 0n),
        unmetered: 0n,
        totalUnitsMilli: units.reduce((s, u) => s + per(u), 0),
        totalDays: house.periodDays,
      }));
      return { ...shape, warnings };
    }
    case 'persons': {
      // a vacant unit-day counts as one person, the landlord's (BGH VIII ZR 180/12); a parking
      // space has no persons, empty or let
      const shape = shared(house, group, () => {
        const personDays = parties.map((p, i) => (p ? (house.personDays[i] ?? 0) : 0));
        const vacantPersonDays = units
          .filter((u) => u.kind !== 'parking')
          .reduce((s, u) => s + vacantDays(u), 0);
        const totalPersonDays = personDays.reduce((s, x) => s + x, 0) + vacantPersonDays;
        return {
          tenancy: personDays.map((d) => BigInt(d)),
          printed: parties.map((p, i) =>
            p ? { unitsMilli: (personDays[i] ?? 0) * MILLI, days: null } : none,
          ),
          vacancy: BigInt(vacantPersonDays),
          unmetered: 0n,
          totalUnitsMilli: totalPersonDays * MILLI,
          totalDays: null,
        };
      });
      return { ...shape, warnings };
    }
    case 'consumption': {
      if (cost.meterKind) return meterWeights(cost, index, house, units, parties, warnings);
      const readings = cost.consumption?.byTenancyMilli ?? {};
      const totalMilli = cost.consumption?.totalMilli ?? 0;
      const values = parties.map((p) => {
        if (!p) return 0;
        const value = readings[p.tenancy.id];
        if (value === undefined && p.tenancy.kind === 'tenant') {
          warnings.push({
            code: 'consumption-missing',
            severity: 'warning',
            message: `„${label}“: Für „${p.tenancy.name}“ fehlt der Verbrauch; ohne Wert trägt ihn der Vermieter.`,
            path: `costs.${index}.consumption.byTenancy.${p.tenancy.id}`,
          });
        }
        return value ?? 0;
      });
      const measured = values.reduce((s, v) => s + v, 0);
      if (measured > totalMilli) {
        warnings.push(exceedsTotal(label, index));
      }
      return {
        tenancy: values.map((v) => BigInt(v)),
        printed: parties.map((p, i) => (p ? { unitsMilli: values[i] ?? 0, days: null } : none)),
        vacancy: 0n,
        unmetered: BigInt(Math.max(0, totalMilli - measured)),
        totalUnitsMilli: totalMilli,
        totalDays: null,
        warnings,
      };
    }
    case 'direct': {
      const target = house.parties.findIndex((p) => p.tenancy.id === cost.tenancyId);
      if (target < 0) {
        warnings.push({
          code: 'direct-tenancy-unknown',
          severity: 'error',
          message: `„${label}“: Bitte wählen Sie ein Mietverhältnis dieses Zeitraums.`,
          path: `costs.${index}.tenancyId`,
        });
      }
      return {
        tenancy: parties.map((_, i) => (i === target ? 1n : 0n)),
        printed: parties.map(() => none),
        vacancy: 0n,
        unmetered: target < 0 ? 1n : 0n,
        totalUnitsMilli: null,
        totalDays: null,
        warnings,
      };
    }
  }
}

/**
 * Key `consumption` from meter readings: each party's consumption on its unit's meters of the kind
 * over its own days; what a unit's meters counted on vacant days is vacancy; the main meters' excess
 * over the units' meters (common use, losses) stays with the landlord and is warned about above 20 %.
 */
function meterWeights(
  cost: CostInput,
  index: number,
  house: House,
  units: readonly UnitInput[],
  parties: ReadonlyArray<Party | null>,
  warnings: SettlementWarning[],
): Weights {
  const label = costLabel(cost, index);
  const meters = house.meters.filter((m) => m.kind === cost.meterKind);
  const of = (unitId: string | null) => meters.filter((m) => m.unitId === unitId);
  const values = parties.map((p) => {
    if (!p) return 0;
    const used = spanConsumption(of(p.unit.id), p.span, house.period.last);
    if (used.missing && p.tenancy.kind === 'tenant') {
      warnings.push({
        code: 'consumption-missing',
        severity: 'warning',
        message: `„${label}“: Für „${p.tenancy.name}“ fehlen Zählerstände zu Beginn oder Ende; ohne sie trägt der Vermieter den Verbrauch.`,
        path: `costs.${index}.consumption.byTenancy.${p.tenancy.id}`,
      });
    } else if (used.interpolated && p.tenancy.kind === 'tenant') {
      warnings.push({
        code: 'consumption-estimated',
        severity: 'warning',
        message: `„${label}“: Für „${p.tenancy.name}“ fehlt die Ablesung am Ein- oder Auszugstag; der Zählerstand ist nach Tagen zwischen zwei Ablesungen geschätzt.`,
        path: `costs.${index}.consumption.byTenancy.${p.tenancy.id}`,
      });
    }
    return used.milli;
  });
  const byUnit = units.map((u) => spanConsumption(of(u.id), house.period, house.period.last).milli);
  const unitsMilli = byUnit.reduce((s, v) => s + v, 0);
  const tenanciesMilli = values.reduce((s, v) => s + v, 0);
  const main = of(null);
  // a cost of a group counts its units' meters only
  const totalMilli =
    main.length > 0 && !cost.unitIds
      ? spanConsumption(main, house.period, house.period.last).milli
      : unitsMilli;
  if (tenanciesMilli > totalMilli) {
    warnings.push(exceedsTotal(label, index));
  } else if (totalMilli > 0 && (totalMilli - unitsMilli) * 5 > totalMilli) {
    warnings.push({
      code: 'meter-excess',
      severity: 'warning',
      message: `„${label}“: Der Hauptzähler zählt mehr als 20 % über den Zählern der Einheiten (${formatQuantity(totalMilli / 1000)} gegenüber ${formatQuantity(unitsMilli / 1000)}). Bitte prüfen Sie die Zähler; den Unterschied trägt der Vermieter.`,
      path: `costs.${index}.consumption.totalUnits`,
    });
  }
  return {
    tenancy: values.map((v) => BigInt(v)),
    printed: parties.map((p, i) =>
      p ? { unitsMilli: values[i] ?? 0, days: null } : { unitsMilli: null, days: null },
    ),
    vacancy: BigInt(Math.max(0, unitsMilli - tenanciesMilli)),
    unmetered: BigInt(Math.max(0, totalMilli - Math.max(unitsMilli, tenanciesMilli))),
    totalUnitsMilli: totalMilli,
    totalDays: null,
    warnings,
  };
}

function exceedsTotal(label: string, index: number): SettlementWarning {
  return {
    code: 'consumption-exceeds-total',
    severity: 'error',
    message: `„${label}“: Die Verbräuche der Mietverhältnisse übersteigen den Gesamtverbrauch.`,
    path: `costs.${index}.consumption.totalUnits`,
  };
}
