// A draft's figures computed in the browser while the landlord types, in the shape the server answers
// them (SettlementJson), so one set of components shows a draft live and a final settlement as stored.

import { isoDateInBerlin } from '../../../../shared/dates';
import type { TenancyJson, UnitJson } from '../../../../shared/schemas/settlement-json';
import type { PreviousCosts } from '../../../../shared/settlement/checks';
import { computeDraft, tenanciesOfPeriod } from '../../../../shared/settlement-view/draft';
import { type SettlementFigures, settlementFigures } from '../../../../shared/settlement-view/figures';
import type {
  CostGroupRecord,
  MeterRecord,
  SettlementEntries,
} from '../../../../shared/settlement-view/records';

export type Figures = SettlementFigures;

/** What a draft's figures are computed from: the period, the typed entries and the house. */
export interface FiguresInput {
  period: { periodStart: string; periodEnd: string };
  entries: SettlementEntries;
  units: UnitJson[];
  /** The property's tenancies; those without a day in the period are left out here. */
  tenancies: readonly TenancyJson[];
  /** The previous period's costs (the "much more than last year" check). */
  previous?: PreviousCosts | null;
  /** The receipts attached to each cost, by index (the "same receipt twice" check). */
  receipts?: ReadonlyArray<readonly string[] | undefined>;
  /** The property's cost groups, which a cost may name. */
  costGroups?: readonly CostGroupRecord[];
  /** The property's meters with their readings. */
  meters?: readonly MeterRecord[];
  /** The cost types each attached receipt's lines name (a notice of several costs is meant for each). */
  receiptCategories?: ReadonlyMap<string, readonly string[]>;
}

export function computeFigures({
  period,
  entries,
  units,
  tenancies: allTenancies,
  previous = null,
  receipts = [],
  costGroups = [],
  meters = [],
  receiptCategories = new Map(),
}: FiguresInput): Figures {
  const tenancies = tenanciesOfPeriod(allTenancies, period);
  const { result, checks } = computeDraft(
    { ...period, entries, units, tenancies, costGroups, meters },
    {
      today: isoDateInBerlin(new Date()),
      previous,
      receipts: (index) => receipts[index],
      receiptCategories: (id) => receiptCategories.get(id),
    },
  );
  const figures = settlementFigures(result, entries, units, tenancies);
  return { ...figures, warnings: [...figures.warnings, ...checks] };
}

/** Tenancies as the house lists its units (the server orders them by internal ids), then by start. */
export function inUnitOrder<T extends { unitId: string; start: string | null }>(
  items: readonly T[],
  unitIds: string[],
): T[] {
  const rank = new Map(unitIds.map((id, i) => [id, i]));
  // no start (since before) comes first
  const start = (t: T) => t.start ?? '';
  return [...items].sort(
    (a, b) =>
      (rank.get(a.unitId) ?? unitIds.length) - (rank.get(b.unitId) ?? unitIds.length) ||
      (start(a) < start(b) ? -1 : start(a) > start(b) ? 1 : 0),
  );
}

/** What the landlord bears, by reason; the parts add up to `figures.landlord.totalCents`. */
export function landlordParts(figures: Pick<Figures, 'landlord'>) {
  const sum = (part: (r: Figures['landlord']['rows'][number]) => number | undefined) =>
    figures.landlord.rows.reduce((s, r) => s + (part(r) ?? 0), 0);
  return {
    vacancy: sum((r) => r.vacancyCents),
    ownUse: sum((r) => r.ownUseCents),
    flatRate: sum((r) => r.flatRateCents),
    unmetered: sum((r) => r.unmeteredCents),
    // negative in the heating rows' sense: the relief the landlord grants is his cost
    co2: sum((r) => r.co2ReliefCents),
    cuts: sum((r) => r.cutCents),
  };
}
