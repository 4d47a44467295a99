// Units, tenancies and a settlement's entries as the API answers them and a snapshot stores them,
// and their conversion into the engine's input (quantities in exact thousandths).

import { quantityToMilli } from '../money';
import type { SettlementInputBody } from '../schemas/settlement';
import type { SettlementInput, TenancyChange } from '../settlement/types';
import type { TenancyKind } from '../vocabulary';
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
): SettlementInput {
  return {
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    units: units.map((u) => ({
      id: u.id,
      label: u.label,
      areaMilli: milli(u.area),
      meaMilli: u.mea === null ? null : milli(u.mea),
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
    })),
    ...(entries.prepaymentsPaidCents ? { prepaymentsPaidCents: entries.prepaymentsPaidCents } : {}),
    ...(entries.heating ? { heating: heatingEngineInput(entries.heating) } : {}),
  };
}
