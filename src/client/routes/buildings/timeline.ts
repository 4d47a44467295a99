// Who occupied each unit in the previous and the current calendar year: the settlement engine's own
// occupancy (gaps are vacancy), so the page shows what a settlement of those years would count.

import { toDayNumber } from '../../../shared/dates';
import type { TenancyJson, UnitJson } from '../../../shared/schemas/settlement-json';
import { occupancy } from '../../../shared/settlement/occupancy';
import type { UnitTimeline } from '../../../shared/settlement/types';
import { toEngineInput } from '../../../shared/settlement-view/records';

export interface Timelines {
  /** The previous and the current year. */
  years: [number, number];
  /** Days of the previous year: where the current year begins on the bar. */
  firstYearDays: number;
  byUnit: Map<string, UnitTimeline>;
}

export function unitTimelines(units: UnitJson[], tenancies: TenancyJson[], today: string): Timelines {
  const year = Number(today.slice(0, 4));
  const period = { periodStart: `${year - 1}-01-01`, periodEnd: `${year}-12-31` };
  const input = toEngineInput({ ...period, entries: { costs: [] }, units, tenancies });
  const { timelines } = occupancy(input.units, input.tenancies, {
    first: toDayNumber(period.periodStart),
    last: toDayNumber(period.periodEnd),
  });
  return {
    years: [year - 1, year],
    firstYearDays: toDayNumber(`${year}-01-01`) - toDayNumber(period.periodStart),
    byUnit: new Map(timelines.map((t) => [t.unitId, t])),
  };
}
