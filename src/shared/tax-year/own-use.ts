// The landlord's own use of a year, by area and days (docs/domain/tax-year.md, "Own use"): expenses of
// the house are deductible only for the part that is let or meant to be let; a vacant flat counts as let.

import type { OwnUse } from './anlage-v';

export interface AreaUnit {
  id: string;
  area: number;
}

export interface UseSpan {
  unitId: string;
  kind: 'tenant' | 'own-use';
  start: string | null;
  end: string | null;
}

const DAY = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;

/** The house's area and the own use's area weighted by its days in `year`. */
export function ownUseOf(year: number, units: readonly AreaUnit[], spans: readonly UseSpan[]): OwnUse {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  const yearDays = days(first, last);
  const area = new Map(units.map((u) => [u.id, u.area]));
  let weighted = 0;
  for (const s of spans) {
    if (s.kind !== 'own-use') continue;
    const from = s.start && s.start > first ? s.start : first;
    const to = s.end && s.end < last ? s.end : last;
    if (from > to) continue;
    weighted += ((area.get(s.unitId) ?? 0) * days(from, to)) / yearDays;
  }
  const totalArea = units.reduce((sum, u) => sum + u.area, 0);
  return { totalArea, ownUseArea: Math.round(weighted * 100) / 100 };
}
