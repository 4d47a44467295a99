// A draft's figures computed in the browser while the landlord types, in the shape the server answers
// them (SettlementJson), so one set of components shows a draft live and a final settlement as stored.

import { isoDateInBerlin } from '../../../shared/dates';
import type { TenancyJson, UnitJson } from '../../../shared/schemas/settlement-json';
import { calculateSettlement } from '../../../shared/settlement/calculate';
import { type PreviousCosts, settlementChecks } from '../../../shared/settlement/checks';
import { type SettlementFigures, settlementFigures } from '../../../shared/settlement-view/figures';
import { type SettlementEntries, toEngineInput } from '../../../shared/settlement-view/records';

export type Figures = SettlementFigures;

/** Tenancies with at least one day in the period, as the server picks them. */
export function tenanciesOfPeriod(
  tenancies: readonly TenancyJson[],
  period: { periodStart: string; periodEnd: string },
): TenancyJson[] {
  return tenancies.filter(
    (t) => t.start <= period.periodEnd && (t.end === null || t.end >= period.periodStart),
  );
}

export function computeFigures(
  period: { periodStart: string; periodEnd: string },
  entries: SettlementEntries,
  units: UnitJson[],
  allTenancies: readonly TenancyJson[],
  previous: PreviousCosts | null = null,
  /** The receipts attached to each cost, by index (the "same receipt twice" check). */
  receipts: ReadonlyArray<readonly string[] | undefined> = [],
): Figures {
  const tenancies = tenanciesOfPeriod(allTenancies, period);
  const result = calculateSettlement(toEngineInput(period, entries, units, tenancies));
  const figures = settlementFigures(result, entries, units, tenancies);
  // the checks before finalizing, as the server adds them (view.ts)
  const checks = settlementChecks(
    { ...period, costs: entries.costs.map((c, i) => ({ ...c, documentIds: receipts[i] ?? [] })) },
    { today: isoDateInBerlin(new Date()), previous },
  );
  return { ...figures, warnings: [...figures.warnings, ...checks] };
}

/** Tenancies as the house lists its units (the server orders them by internal ids), then by start. */
export function inUnitOrder<T extends { unitId: string; start: string }>(
  items: readonly T[],
  unitIds: string[],
): T[] {
  const rank = new Map(unitIds.map((id, i) => [id, i]));
  return [...items].sort(
    (a, b) =>
      (rank.get(a.unitId) ?? unitIds.length) - (rank.get(b.unitId) ?? unitIds.length) ||
      (a.start < b.start ? -1 : a.start > b.start ? 1 : 0),
  );
}
