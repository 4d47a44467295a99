// Heating readings from the meters (docs/domain/house.md): the heating pot from the flats' heat
// meters, the hot-water pot from their hot-water meters, instead of readings typed in. A tenancy's
// reading is its span on its flat's meters. Where a tenant change has no reading on its day, the
// flat's reading over the whole period goes to § 9b HeizkostenV (heat by degree days, hot water by
// days) rather than to a guess by days between readings. The building's total is its main meters',
// else the flats' meters'.

import type { HeatingInput, Readings } from '../heating/types';
import type { MeterKind } from '../vocabulary';
import { spanConsumption } from './meter-consumption';
import type { House } from './parties';

/** The heating input with every pot marked `fromMeters` read from the house's meters. */
export function heatingWithMeterReadings(heating: HeatingInput, house: House): HeatingInput {
  const computed = heating.computed;
  if (heating.mode !== 'computed' || !computed) return heating;
  const heat = computed.heat.fromMeters ? meterReadings('heat', house) : computed.heat;
  const hotWater =
    computed.hotWater?.readings.fromMeters === true
      ? { ...computed.hotWater, readings: meterReadings('hot-water', house) }
      : computed.hotWater;
  return { ...heating, computed: { ...computed, heat, ...(hotWater ? { hotWater } : {}) } };
}

function meterReadings(kind: MeterKind, house: House): Readings {
  const meters = house.meters.filter((m) => m.kind === kind);
  const of = (unitId: string | null) => meters.filter((m) => m.unitId === unitId);
  const whole = (unitId: string | null) => spanConsumption(of(unitId), house.period, house.period.last);
  const byTenancyMilli: Record<string, number> = {};
  const byUnitMilli: Record<string, number> = {};
  const estimated: string[] = [];
  let unitsMilli = 0;
  for (const unit of house.units) {
    if (of(unit.id).length === 0) continue;
    const flat = whole(unit.id);
    unitsMilli += flat.milli;
    const spans = house.parties
      .filter((p) => p.unit.id === unit.id)
      .map((p) => ({ id: p.tenancy.id, used: spanConsumption(of(unit.id), p.span, house.period.last) }));
    if (spans.some((s) => s.used.interpolated || s.used.missing)) {
      byUnitMilli[unit.id] = flat.milli;
      if (flat.estimated) estimated.push(unit.id);
      continue;
    }
    for (const s of spans) {
      byTenancyMilli[s.id] = s.used.milli;
      if (s.used.estimated) estimated.push(s.id);
    }
  }
  const main = of(null);
  return {
    totalMilli: main.length > 0 ? whole(null).milli : unitsMilli,
    byTenancyMilli,
    byUnitMilli,
    ...(estimated.length > 0 ? { estimated } : {}),
  };
}
