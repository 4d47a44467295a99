// The Basiszinssatz (§ 247 BGB) as dated data: it changes on 1 January and 1 July and is published by
// the Deutsche Bundesbank (docs/domain/late-rent.md). Add each new value when it is published; until
// then the half-year after the last one is not known and no interest is computed for it.

export const BASE_RATES: ReadonlyArray<{ from: string; percent: number }> = [
  { from: '2016-07-01', percent: -0.88 },
  { from: '2023-01-01', percent: 1.62 },
  { from: '2023-07-01', percent: 3.12 },
  { from: '2024-01-01', percent: 3.62 },
  { from: '2024-07-01', percent: 3.37 },
  { from: '2025-01-01', percent: 2.27 },
  { from: '2025-07-01', percent: 1.27 },
  { from: '2026-01-01', percent: 1.27 },
];

/** The first day no published rate covers: the half-year after the last one. */
export function baseRatesKnownUntil(): string {
  const last = BASE_RATES.at(-1)?.from ?? '2016-07-01';
  const [y, m] = last.split('-').map(Number);
  return m === 1 ? `${y}-07-01` : `${(y ?? 0) + 1}-01-01`;
}

/** The rate on a day, or null before the first and from `baseRatesKnownUntil()` on. */
export function baseRateOn(day: string): number | null {
  if (day >= baseRatesKnownUntil()) return null;
  let rate: number | null = null;
  for (const r of BASE_RATES) if (r.from <= day) rate = r.percent;
  return rate;
}
