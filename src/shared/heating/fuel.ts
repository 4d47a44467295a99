// Fuel consumed in the period (§7(2) HeizkostenV, BGH VIII ZR 156/11): opening stock + deliveries −
// closing stock, the closing stock valued first in, first out (it is what was bought last).

import { divideRoundHalfUp } from '../arithmetic/rounding';
import type { FuelKind } from '../vocabulary';
import type { ComputedHeatingInput, FuelResult } from './types';

/** §9(3) HeizkostenV default calorific values (kWh per litre, m³ or kg); bought heat and power are kWh. */
const DEFAULT_KWH_PER_UNIT: Record<FuelKind, number> = {
  oil: 10,
  gas: 10,
  lpg: 13,
  pellets: 5,
  district: 1,
  heatpump: 1,
};

interface Batch {
  quantityMilli: number;
  kwhMilli: number;
  valueCents: number;
}

/** `closingExceedsStock`: more is left than there was; then everything counts as consumed. */
export function fuelConsumed(fuel: ComputedHeatingInput['fuel']): {
  fuel: FuelResult;
  closingExceedsStock: boolean;
} {
  const opening = fuel.openingStock;
  const batches: Batch[] = [];
  if (opening && opening.quantityMilli > 0) {
    batches.push({
      quantityMilli: opening.quantityMilli,
      kwhMilli: opening.kwhMilli ?? opening.quantityMilli * DEFAULT_KWH_PER_UNIT[fuel.kind],
      valueCents: opening.valueCents,
    });
  }
  const deliveries = fuel.deliveries
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.date < b.d.date ? -1 : a.d.date > b.d.date ? 1 : a.i - b.i));
  for (const { d } of deliveries) {
    batches.push({ quantityMilli: d.quantityMilli, kwhMilli: d.kwhMilli, valueCents: d.amountCents });
  }
  const available = sum(batches, (b) => b.quantityMilli);
  const all = {
    quantityMilli: available,
    kwhMilli: sum(batches, (b) => b.kwhMilli),
    valueCents: sum(batches, (b) => b.valueCents),
  };
  let rest = fuel.closingStock?.quantityMilli ?? 0;
  if (rest > available) return { fuel: all, closingExceedsStock: true };
  // the closing stock is the newest fuel; each partly kept batch is rounded once, half up
  let keptValue = 0;
  let keptKwh = 0;
  for (let i = batches.length - 1; i >= 0 && rest > 0; i--) {
    const b = batches[i] as Batch;
    const take = Math.min(rest, b.quantityMilli);
    keptValue += part(b.valueCents, take, b.quantityMilli);
    keptKwh += part(b.kwhMilli, take, b.quantityMilli);
    rest -= take;
  }
  return {
    closingExceedsStock: false,
    fuel: {
      quantityMilli: available - (fuel.closingStock?.quantityMilli ?? 0),
      kwhMilli: all.kwhMilli - keptKwh,
      valueCents: all.valueCents - keptValue,
    },
  };
}

function part(value: number, take: number, of: number): number {
  return take === of ? value : Number(divideRoundHalfUp(BigInt(value) * BigInt(take), BigInt(of)));
}

function sum<T>(list: T[], f: (x: T) => number): number {
  return list.reduce((s, x) => s + f(x), 0);
}
