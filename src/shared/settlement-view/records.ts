// Units, tenancies and a settlement's entries as the API answers them and a snapshot stores them,
// and their conversion into the engine's input (quantities in exact thousandths).

import { quantityToMilli } from '../money';
import type { SettlementInputBody } from '../schemas/settlement';
import type { SettlementInput, TenancyChange } from '../settlement/types';
import type { TenancyKind, UnitKind } from '../vocabulary';
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
  /** Absent in snapshots from before issue 28: a flat. */
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
  start: string;
  end: string | null;
  persons: number;
  monthlyPrepaymentCents: number;
  changes: TenancyChange[];
  /** A Betriebskostenpauschale; absent in snapshots from before issue 28. */
  flatRate?: boolean;
}

export type SettlementEntries = Pick<
  SettlementInputBody,
  'costs' | 'prepaymentsPaidCents' | 'letter' | 'heating'
>;

const milli = (value: number) => Number(quantityToMilli(value));

export function toEngineInput(
  period: { periodStart: string; periodEnd: string },
  entries: SettlementEntries,
  units: readonly UnitRecord[],
  tenancies: readonly TenancyRecord[],
  costGroups: readonly CostGroupRecord[] = [],
): SettlementInput {
  return {
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
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
      start: t.start,
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
      ...(c.consumption
        ? {
            consumption: {
              totalMilli: milli(c.consumption.totalUnits),
              byTenancyMilli: Object.fromEntries(
                Object.entries(c.consumption.byTenancy).map(([id, v]) => [id, milli(v)]),
              ),
            },
          }
        : {}),
      ...(c.tenancyId ? { tenancyId: c.tenancyId } : {}),
      ...costUnits(c, costGroups),
    })),
    ...(entries.prepaymentsPaidCents ? { prepaymentsPaidCents: entries.prepaymentsPaidCents } : {}),
    ...(entries.heating ? { heating: heatingEngineInput(entries.heating) } : {}),
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
