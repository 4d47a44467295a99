// The one rounding rule of the app: exact BigInt division, rounded half away from zero.

/** n / d rounded half away from zero (half-up for the positive amounts of a statement). */
export function divideRoundHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new Error('Divisor must be positive');
  const q = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n ? -q : q;
}
