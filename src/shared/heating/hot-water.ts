// §9(2) HeizkostenV: the heat for hot water. A heat meter's kWh as measured; else Q = 2,5 × V ×
// (tw − 10) kWh, else Q = 32 × A kWh, the formulas' Q × 1,11 for gas billed on Hs, ÷ 1,15 for bought
// heat, × 0,30 for a heat pump. The old 18 % lump sum is not offered. 32 kWh/m² is a year's heat: a
// shorter period takes its days' part of it (a 120-day period put 35,52 % of the fuel on
// hot water instead of 11,68 %).

import type { ComputedHeatingInput } from './types';

/** An exact fraction of thousandths of a kWh. */
export interface Ratio {
  n: bigint;
  d: bigint;
}

type HotWater = NonNullable<ComputedHeatingInput['hotWater']>;

/** Q in thousandths of a kWh as an exact fraction, or null when the method's inputs are missing. */
export function hotWaterHeat(
  hotWater: HotWater,
  fuel: ComputedHeatingInput['fuel'],
  buildingAreaMilli: number,
  /** The period's part of a year; the area formula's 32 kWh/m² are per year. */
  yearShare: Ratio = { n: 1n, d: 1n },
): Ratio | null {
  if (hotWater.method === 'meter') {
    return hotWater.kwhMilli === undefined ? null : { n: BigInt(hotWater.kwhMilli), d: 1n };
  }
  let q: Ratio;
  if (hotWater.method === 'volume') {
    const volume = hotWater.volumeMilli ?? hotWater.readings.totalMilli;
    if (hotWater.temperatureMilli === undefined) return null;
    // 2,5 × V/1000 × (tw − 10 000)/1000 kWh = V × (tw − 10 000) / 400 thousandths
    const rise = BigInt(Math.max(0, hotWater.temperatureMilli - 10_000));
    q = { n: BigInt(volume) * rise, d: 400n };
  } else {
    q = { n: 32n * BigInt(hotWater.areaMilli ?? buildingAreaMilli) * yearShare.n, d: yearShare.d };
  }
  if (fuel.kind === 'gas' && fuel.billedOnHs) return { n: q.n * 111n, d: q.d * 100n };
  if (fuel.kind === 'district') return { n: q.n * 100n, d: q.d * 115n };
  if (fuel.kind === 'heatpump') return { n: q.n * 30n, d: q.d * 100n };
  return q;
}
