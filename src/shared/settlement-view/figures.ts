// A settlement's figures in the shape the API answers them: the server presents stored and computed
// results with it, the browser a draft it recomputes while the landlord types.

import type { SettlementJson } from '../schemas/settlement-json';
import { co2Figures, isHeatingKey, rowName } from '../settlement/heating-rows';
import { hasStatement, type SettlementResult, type TenancyResult } from '../settlement/types';
import { FUEL_UNITS } from '../vocabulary';
import type { SettlementEntries, TenancyRecord, UnitRecord } from './records';

export type SettlementFigures = Pick<
  SettlementJson,
  | 'periodDays'
  | 'units'
  | 'ownUse'
  | 'flatRate'
  | 'landlord'
  | 'checks'
  | 'warnings'
  | 'totalCostsCents'
  | 'heatingWorking'
  | 'co2'
> & { statements: Array<Omit<SettlementJson['statements'][number], 'final' | 'prepaymentsFromBankCents'>> };

const fromMilli = (v: number | null) => (v === null ? null : v / 1000);

export function settlementFigures(
  result: SettlementResult,
  entries: SettlementEntries,
  unitList: ReadonlyArray<Pick<UnitRecord, 'id' | 'label'>>,
  tenancyList: ReadonlyArray<Pick<TenancyRecord, 'id' | 'tenant'>>,
): SettlementFigures {
  const units = new Map(unitList.map((u) => [u.id, u]));
  const tenancies = new Map(tenancyList.map((t) => [t.id, t]));
  const costName = (i: number) => {
    const cost = result.costs[i];
    return cost ? rowName(cost, entries) : (entries.costs[i]?.name ?? '');
  };
  const heating = result.heating;
  const co2 = heating?.co2 ?? null;
  const rowsOf = (rows: SettlementResult['tenancies'][number]['rows']) =>
    rows.map((r) => {
      const c = result.costs[r.costIndex];
      return {
        name: costName(r.costIndex),
        key: c?.key ?? 'area',
        amountCents: c?.amountCents ?? 0,
        totalUnits: fromMilli(c?.totalUnitsMilli ?? null),
        totalDays: c?.totalDays ?? null,
        units: fromMilli(r.unitsMilli),
        days: r.days,
        shareCents: r.shareCents,
      };
    });
  /** A tenancy whose share the landlord bears: own use, or a flat rate. */
  const landlordBorne = (t: TenancyResult) => ({
    tenancyId: t.tenancyId,
    unitLabel: units.get(t.unitId)?.label ?? '',
    name: tenancies.get(t.tenancyId)?.tenant.name ?? '',
    days: t.days,
    totalCents: t.totalCents,
  });
  const tenantShares = (i: number) =>
    result.tenancies.filter(hasStatement).reduce((s, t) => s + (t.rows[i]?.shareCents ?? 0), 0);
  return {
    periodDays: result.periodDays,
    units: result.units.map((u) => ({
      unitId: u.unitId,
      label: units.get(u.unitId)?.label ?? '',
      vacantDays: u.vacantDays,
      segments: u.segments.map((s) => ({
        ...s,
        name: s.tenancyId ? (tenancies.get(s.tenancyId)?.tenant.name ?? null) : null,
      })),
    })),
    statements: result.tenancies.filter(hasStatement).map((t) => ({
      tenancyId: t.tenancyId,
      unitId: t.unitId,
      unitLabel: units.get(t.unitId)?.label ?? '',
      tenantName: tenancies.get(t.tenancyId)?.tenant.name ?? '',
      start: t.start,
      end: t.end,
      days: t.days,
      rows: rowsOf(t.rows),
      totalCents: t.totalCents,
      prepaymentCents: t.prepaymentCents,
      prepaymentEntered: t.prepaymentEntered,
      balanceCents: t.balanceCents,
      ...(co2 && t.co2 ? { co2: co2Figures(co2, t.co2) } : {}),
      ...(t.cuts ? { cuts: t.cuts } : {}),
    })),
    ownUse: result.tenancies.filter((t) => t.kind === 'own-use').map(landlordBorne),
    flatRate: result.tenancies.filter((t) => t.flatRate).map(landlordBorne),
    landlord: {
      rows: result.costs.map((c) => ({
        name: costName(c.index),
        key: c.key,
        amountCents: c.amountCents,
        ...c.landlord,
      })),
      totalCents: result.landlord.totalCents,
    },
    checks: result.costs.map((c) => ({
      name: costName(c.index),
      amountCents: c.amountCents,
      tenantsCents: tenantShares(c.index),
      landlordCents: c.landlord.shareCents,
      differenceCents: c.differenceCents,
    })),
    warnings: result.warnings,
    totalCostsCents:
      entries.costs.reduce((s, c) => s + c.amountCents, 0) +
      result.costs.filter((c) => isHeatingKey(c.key)).reduce((s, c) => s + c.amountCents, 0),
    ...(heating
      ? {
          heatingWorking: {
            fuel: heating.fuel
              ? {
                  quantity: heating.fuel.quantityMilli / 1000,
                  unit: FUEL_UNITS[entries.heating?.computed?.fuel.kind ?? 'gas'],
                  kwh: heating.fuel.kwhMilli / 1000,
                  valueCents: heating.fuel.valueCents,
                }
              : null,
            operatingCents: heating.operatingCents,
            hotWaterKwh: fromMilli(heating.hotWaterKwhMilli),
          },
        }
      : {}),
    ...(co2 ? { co2: co2Figures(co2) } : {}),
  };
}
