// Co-owners of a property (Miteigentümer, docs/domain/tax-year.md, "Co-owners"): each declares his
// share (Miteigentumsanteil) of the income, the Werbungskosten and the surplus. The shares are split to
// the cent so that they add up to the whole.

export interface CoOwner {
  name: string;
  /** The share as a fraction: ½ → 1 / 2. */
  numerator: number;
  denominator: number;
}

export interface OwnerShare extends CoOwner {
  incomeCents: number;
  expensesCents: number;
  surplusCents: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

/** Whether the shares add up to exactly one whole. */
export function sharesAreWhole(owners: readonly CoOwner[]): boolean {
  let numerator = 0;
  let denominator = 1;
  for (const o of owners) {
    numerator = numerator * o.denominator + o.numerator * denominator;
    denominator *= o.denominator;
    const d = gcd(numerator, denominator);
    numerator /= d;
    denominator /= d;
  }
  return numerator === denominator;
}

/**
 * `cents` split by the shares to the cent (largest remainder): each gets his exact share rounded
 * down, the cents left go one each to the largest remainders, the first owner first on a tie.
 */
export function splitByShares(cents: number, owners: readonly CoOwner[]): number[] {
  const sign = cents < 0 ? -1 : 1;
  const whole = Math.abs(cents);
  const exact = owners.map((o) => (whole * o.numerator) / o.denominator);
  const parts = exact.map(Math.floor);
  let left = whole - parts.reduce((s, p) => s + p, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts.map((p) => sign * p);
}

/** Each co-owner's income, expenses and surplus; the surplus is his income less his expenses. */
export function ownerShares(
  owners: readonly CoOwner[],
  totals: { incomeCents: number; expensesCents: number },
): OwnerShare[] {
  const income = splitByShares(totals.incomeCents, owners);
  const expenses = splitByShares(totals.expensesCents, owners);
  return owners.map((o, i) => ({
    ...o,
    incomeCents: income[i] ?? 0,
    expensesCents: expenses[i] ?? 0,
    surplusCents: (income[i] ?? 0) - (expenses[i] ?? 0),
  }));
}
