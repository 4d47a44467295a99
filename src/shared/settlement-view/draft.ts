// The draft pipeline, written once for browser and server: the period's tenancies → the engine → the
// checks before finalizing (docs/domain/checks.md). The browser runs it while the landlord types; the server
// when it answers a draft and when it freezes one.

import { calculateSettlement } from '../settlement/calculate';
import {
  type PreviousCosts,
  type SettlementCheck,
  sameCostName,
  settlementChecks,
} from '../settlement/checks';
import type { SettlementResult } from '../settlement/types';
import { type SettlementSource, toEngineInput } from './records';

export interface Period {
  periodStart: string;
  periodEnd: string;
}

export interface DraftContext {
  /** The day the deadline check counts from, YYYY-MM-DD in Berlin. */
  today: string;
  /** The property's previous final settlement's costs (the ±25 % check), if any. */
  previous: PreviousCosts | null;
  /** The receipts attached to the cost at `index` (the "same receipt twice" check). */
  receipts: (index: number) => readonly string[] | undefined;
  /** The cost types a receipt's lines name; a receipt of several is meant for each. */
  receiptCategories?: (documentId: string) => readonly string[] | undefined;
}

export interface Draft {
  result: SettlementResult;
  checks: SettlementCheck[];
}

/** Tenancies with at least one day in the period. */
export function tenanciesOfPeriod<T extends { start: string | null; end: string | null }>(
  tenancies: readonly T[],
  period: Period,
): T[] {
  return tenancies.filter(
    (t) =>
      (t.start === null || t.start <= period.periodEnd) && (t.end === null || t.end >= period.periodStart),
  );
}

export function computeDraft(source: SettlementSource, context: DraftContext): Draft {
  const result = calculateSettlement(toEngineInput(source));
  const costs = source.entries.costs.map((c, i) => {
    const documentIds = context.receipts(i) ?? [];
    const coveredDocumentIds = documentIds.filter((id) =>
      (context.receiptCategories?.(id) ?? []).some((category) => sameCostName(category, c.name)),
    );
    return { ...c, documentIds, coveredDocumentIds };
  });
  const checks = settlementChecks(
    {
      periodStart: source.periodStart,
      periodEnd: source.periodEnd,
      costs,
      units: source.units,
      nonResidential: source.entries.heating?.building.nonResidential,
      movedOut: movedOut(source),
    },
    { today: context.today, previous: context.previous },
  );
  return { result, checks };
}

/** Tenants with a move-out date, and whether their letter is addressed to the flat (its default). */
function movedOut(source: SettlementSource) {
  return source.tenancies.flatMap((t) => {
    if (t.kind !== 'tenant' || t.flatRate || t.end === null) return [];
    const unit = source.units.find((u) => u.id === t.unitId);
    const flat = unit && source.property ? `${source.property.street}, ${unit.label}` : null;
    return [{ id: t.id, name: t.tenant.name, end: t.end, atFlat: t.tenant.street === flat }];
  });
}
