// Splits an amount of cents by weights so that the parts add up exactly and each part is within one
// cent of its exact value (Hare–Niemeyer). Exact in BigInt; never rounds a unit price first.

/**
 * `weights` must sum to `total` > 0 and be ≥ 0. Ties in the remainder go to the earlier party, so
 * the same input always gives the same cents.
 */
export function splitByWeights(amountCents: number, weights: readonly bigint[], total: bigint): number[] {
  if (total <= 0n) throw new Error('total weight must be positive');
  const amount = BigInt(amountCents);
  const parts: number[] = [];
  const remainders: bigint[] = [];
  let assigned = 0n;
  for (const w of weights) {
    const product = amount * w;
    const floor = product / total;
    parts.push(Number(floor));
    remainders.push(product - floor * total);
    assigned += floor;
  }
  let missing = Number(amount - assigned);
  if (missing === 0) return parts;
  const order = remainders
    .map((_, i) => i)
    .sort((a, b) => compareDesc(remainders[a], remainders[b]) || a - b);
  for (const i of order) {
    if (missing === 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    missing -= 1;
  }
  return parts;
}

function compareDesc(a: bigint | undefined, b: bigint | undefined): number {
  const x = a ?? 0n;
  const y = b ?? 0n;
  return x === y ? 0 : x > y ? -1 : 1;
}
