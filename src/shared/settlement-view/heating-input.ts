// The heating request body (m³, kWh, kg, °C as numbers) into the engine's exact thousandths.

import { divideRoundHalfUp } from '../arithmetic/rounding';
import { fuelConsumed } from '../heating/fuel';
import type { HeatingInput, Readings } from '../heating/types';
import { quantityToMilli } from '../money';
import type { HeatingInputBody } from '../schemas/heating';

const milli = (value: number) => Number(quantityToMilli(value));
const optionalMilli = (value: number | undefined) => (value === undefined ? undefined : milli(value));
const milliRecord = (values: Record<string, number>) =>
  Object.fromEntries(Object.entries(values).map(([id, v]) => [id, milli(v)]));

/** Σ reading × rating factor, rounded half up to a thousandth of a unit. */
function ratedMilli(value: number | Array<{ units: number; factor: number }>): number {
  if (typeof value === 'number') return milli(value);
  const micro = value.reduce((s, a) => s + quantityToMilli(a.units) * quantityToMilli(a.factor), 0n);
  return Number(divideRoundHalfUp(micro, 1000n));
}

export function heatingEngineInput(body: HeatingInputBody): HeatingInput {
  const { computed, service } = body;
  const co2 = {
    ...(body.co2.kg !== undefined ? { kgMilli: milli(body.co2.kg) } : {}),
    ...(body.co2.costCents !== undefined ? { costCents: body.co2.costCents } : {}),
    ...(body.co2.alreadyDeducted ? { alreadyDeducted: true } : {}),
    ...(body.co2.cutWithoutData ? { cutWithoutData: true } : {}),
  };
  return {
    mode: body.mode,
    building: body.building,
    co2,
    ...(service ? { service: { ...service } } : {}),
    ...(computed
      ? {
          computed: {
            fuel: {
              kind: computed.fuel.kind,
              billedOnHs: computed.fuel.billedOnHs,
              ...(computed.fuel.openingStock
                ? {
                    openingStock: {
                      quantityMilli: milli(computed.fuel.openingStock.quantity),
                      valueCents: computed.fuel.openingStock.valueCents,
                      ...(computed.fuel.openingStock.kwh !== undefined
                        ? { kwhMilli: milli(computed.fuel.openingStock.kwh) }
                        : {}),
                    },
                  }
                : {}),
              deliveries: computed.fuel.deliveries.map((d) => ({
                date: d.date,
                quantityMilli: milli(d.quantity),
                kwhMilli: milli(d.kwh),
                amountCents: d.amountCents,
              })),
              ...(computed.fuel.closingStock
                ? { closingStock: { quantityMilli: milli(computed.fuel.closingStock.quantity) } }
                : {}),
            },
            operatingCosts: computed.operatingCosts,
            heatingConsumptionPercent: computed.heatingConsumptionPercent,
            ...(computed.hotWater
              ? {
                  hotWater: {
                    method: computed.hotWater.method,
                    kwhMilli: optionalMilli(computed.hotWater.kwh),
                    volumeMilli: optionalMilli(computed.hotWater.volumeM3),
                    temperatureMilli: optionalMilli(computed.hotWater.temperatureC),
                    areaMilli: optionalMilli(computed.hotWater.areaM2),
                    consumptionPercent: computed.hotWater.consumptionPercent,
                    readings: {
                      ...readings(
                        computed.hotWater.totalM3,
                        computed.hotWater.byTenancy,
                        computed.hotWater.byUnit,
                      ),
                      estimated: computed.hotWater.estimated ?? [],
                      ...(computed.hotWater.fromMeters ? { fromMeters: true } : {}),
                    },
                  },
                }
              : {}),
            heat: {
              totalMilli: milli(computed.heat.totalUnits ?? 0),
              byTenancyMilli: Object.fromEntries(
                Object.entries(computed.heat.byTenancy).map(([id, v]) => [id, ratedMilli(v)]),
              ),
              byUnitMilli: milliRecord(computed.heat.byUnit),
              estimated: computed.heat.estimated ?? [],
              ...(computed.heat.fromMeters ? { fromMeters: true } : {}),
            },
          },
        }
      : {}),
  };
}

function readings(
  total: number | undefined,
  byTenancy: Record<string, number>,
  byUnit: Record<string, number>,
): Readings {
  return {
    totalMilli: milli(total ?? 0),
    byTenancyMilli: milliRecord(byTenancy),
    byUnitMilli: milliRecord(byUnit),
  };
}

/**
 * What heating and hot water cost in the period, as the heating rows add up: the metering company's
 * total, or the fuel consumed (FIFO) and the operating costs. The settlement lists show it.
 */
export function heatingTotalCents(body: HeatingInputBody | undefined): number {
  if (!body) return 0;
  if (body.mode === 'service') return body.service?.totalCents ?? 0;
  const computed = heatingEngineInput(body).computed;
  if (!computed) return 0;
  const operating = computed.operatingCosts.reduce((s, c) => s + c.amountCents, 0);
  return fuelConsumed(computed.fuel).fuel.valueCents + operating;
}
