// The AfA of a let building, linear by § 7 Abs. 4 EStG (docs/domain/tax-year.md, "AfA"): the rate
// follows the year the building was completed, the first year counts from the month of acquisition
// (§ 7 Abs. 1 S. 4), and the building is never depreciated beyond its cost.

import { formatCents, formatPercentHundredths } from '../money';

/** The rates by completion year, as dated data: the first whose `completedFrom` the year reaches. */
export const DEPRECIATION_RATES: ReadonlyArray<{
  completedFrom: number;
  basisPoints: number;
  source: string;
}> = [
  { completedFrom: 2023, basisPoints: 300, source: '§ 7 Abs. 4 S. 1 Nr. 2 Buchst. a EStG' },
  { completedFrom: 1925, basisPoints: 200, source: '§ 7 Abs. 4 S. 1 Nr. 2 Buchst. a EStG' },
  {
    completedFrom: Number.NEGATIVE_INFINITY,
    basisPoints: 250,
    source: '§ 7 Abs. 4 S. 1 Nr. 2 Buchst. b EStG',
  },
];

export interface DepreciationBasis {
  /** The building's share of the purchase price with its share of the acquisition costs (land is not depreciated). */
  buildingCostCents: number;
  completionYear: number;
  /** The day the landlord acquired it (Übergang von Besitz, Nutzen und Lasten). */
  acquiredOn: string;
}

export interface YearDepreciation {
  cents: number;
  basisPoints: number;
  /** Months counted this year: 12, or fewer in the year of acquisition. */
  months: number;
  /** What is left to depreciate after this year. */
  remainingCents: number;
  /** How the figure was reached, in German. */
  working: string;
}

export function depreciationRate(completionYear: number): number {
  const rate = DEPRECIATION_RATES.find((r) => completionYear >= r.completedFrom);
  return rate?.basisPoints ?? 200;
}

/** The AfA of `year`: zero before the acquisition and once the cost is used up. */
export function depreciationOf(basis: DepreciationBasis, year: number): YearDepreciation {
  const basisPoints = depreciationRate(basis.completionYear);
  const fullYear = Math.round((basis.buildingCostCents * basisPoints) / 10_000);
  const acquiredYear = Number(basis.acquiredOn.slice(0, 4));
  const acquiredMonth = Number(basis.acquiredOn.slice(5, 7));
  let remaining = basis.buildingCostCents;
  for (let y = acquiredYear; y <= year; y++) {
    const months = y === acquiredYear ? 13 - acquiredMonth : 12;
    const cents = Math.min(remaining, Math.round((fullYear * months) / 12));
    remaining -= cents;
    if (y === year) {
      const share = months === 12 ? '' : ` × ${months}/12`;
      const capped =
        cents < Math.round((fullYear * months) / 12) ? ' (Rest bis zur vollen Abschreibung)' : '';
      return {
        cents,
        basisPoints,
        months,
        remainingCents: remaining,
        working: `${formatPercentHundredths(basisPoints)} von ${formatCents(basis.buildingCostCents)}${share}${capped}`,
      };
    }
  }
  return { cents: 0, basisPoints, months: 0, remainingCents: remaining, working: 'vor der Anschaffung' };
}
