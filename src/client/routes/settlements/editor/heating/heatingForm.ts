// The heating part of the settlement form (strings as typed) and its conversion into the request's
// `heating` (the heating API contract, ADR 0016): euros into cents and quantities exactly, like formValues.ts.

import { centsToInput, formatQuantity } from '../../../../../shared/money';
import type { HeatingInputBody } from '../../../../../shared/schemas/heating';
import { SETTLEMENT_MESSAGES } from '../../../../../shared/schemas/settlement-fields';
import { tenanciesOfPeriod } from '../../../../../shared/settlement-view/draft';
import type { Typed } from '../../../../lib/typed';
import type { Settlement } from '../../api';

export type HeatingMode = 'none' | 'service' | 'computed';

type ComputedBody = NonNullable<HeatingInputBody['computed']>;
type HotWaterBody = NonNullable<ComputedBody['hotWater']>;
type AllocatorBody = Extract<ComputedBody['heat']['byTenancy'][string], unknown[]>[number];

export type DeliveryFormValues = Typed<ComputedBody['fuel']['deliveries'][number]>;

/** A heat-cost allocator's units and rating factor; an empty factor: the units are already rated. */
export type AllocatorFormValues = Typed<AllocatorBody>;

export const emptyAllocator = (): AllocatorFormValues => ({ units: '', factor: '' });

/** A unit where someone moves in or out within the period: §9b applies without interim reading. */
export interface ChangeUnit {
  id: string;
  label: string;
  /** Who lived there in the period, in order. */
  tenants: string[];
}

/** The units with a tenant change (or a move into or out of vacancy) within the period. */
export function tenantChangeUnits(
  units: ReadonlyArray<{ id: string; label: string }>,
  tenancies: ReadonlyArray<{
    unitId: string;
    start: string | null;
    end: string | null;
    tenant: { name: string };
  }>,
  period: { periodStart: string; periodEnd: string },
): ChangeUnit[] {
  // no start: since before the period
  const start = (t: { start: string | null }) => t.start ?? '';
  return units.flatMap((u) => {
    const here = tenanciesOfPeriod(
      tenancies.filter((t) => t.unitId === u.id),
      period,
    ).sort((a, b) => (start(a) < start(b) ? -1 : 1));
    const changes = here.some((t) => start(t) > period.periodStart || (t.end ?? '9999') < period.periodEnd);
    return changes ? [{ id: u.id, label: u.label, tenants: here.map((t) => t.tenant.name) }] : [];
  });
}

/**
 * The heating part as typed (Typed: "1.234,56" for `…Cents`). `co2`: kg and cost from the fuel
 * invoice; `alreadyDeducted` (service mode): the metering company's amounts are already net of the
 * landlord's CO2 share.
 */
export type HeatingFormValues = Omit<Typed<HeatingInputBody>, 'mode' | 'computed' | 'building'> & {
  mode: HeatingMode;
  building: Omit<Typed<HeatingInputBody['building']>, 'remoteReading' | 'consumptionInformation'> & {
    /** From 2027 (§§ 5, 6a, 12 HeizkostenV): yes, no, or not said. */
    remoteReading: Answer;
    consumptionInformation: Answer;
  };
  computed: Omit<Typed<ComputedBody>, 'hotWater' | 'heat' | 'operatingCosts'> & {
    /** `pot` '' : the cost is split between heating and hot water. */
    operatingCosts: OperatingCostFormValues[];
    hotWater: Omit<Typed<HotWaterBody>, 'method' | 'estimated'> & {
      method: 'none' | HotWaterBody['method'];
      /** §9a: the tenancies and units whose reading is estimated. */
      estimated: Record<string, boolean>;
    };
    heat: Omit<Typed<ComputedBody['heat']>, 'byTenancy' | 'estimated'> & {
      /** A tenancy's heat meter reading, or its heat-cost allocators, each with an optional rating factor. */
      byTenancy: Record<string, AllocatorFormValues[]>;
      estimated: Record<string, boolean>;
    };
  };
};

/** A yes/no question the landlord may leave open. */
export type Answer = '' | 'yes' | 'no';
const answerOf = (value: boolean | undefined): Answer => (value === undefined ? '' : value ? 'yes' : 'no');
const booleanOf = (answer: Answer) => (answer === '' ? undefined : answer === 'yes');

type OperatingBody = ComputedBody['operatingCosts'][number];
export type OperatingCostFormValues = Omit<Typed<OperatingBody>, 'pot'> & {
  pot: '' | NonNullable<OperatingBody['pot']>;
};

/** The presets of a heating system's operating costs (§7(2) HeizkostenV). */
export const OPERATING_COST_PRESETS = [
  'Betriebsstrom',
  'Wartung',
  'Immissionsmessung',
  'Zählermiete',
  'Abrechnungsdienst',
] as const;

export const emptyDelivery = (): DeliveryFormValues => ({ date: '', quantity: '', kwh: '', amount: '' });

export function emptyHeating(): HeatingFormValues {
  return heatingToForm(undefined);
}

const mapValues = <T, U>(record: Record<string, T>, f: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));
const optionalQuantity = (value: number | undefined) => (value === undefined ? '' : formatQuantity(value));

function heatReading(value: number | Array<{ units: number; factor: number }>): AllocatorFormValues[] {
  if (typeof value === 'number') return [{ units: formatQuantity(value), factor: '' }];
  return value.map((a) => ({ units: formatQuantity(a.units), factor: formatQuantity(a.factor) }));
}

const flags = (ids: readonly string[] | undefined) => Object.fromEntries((ids ?? []).map((id) => [id, true]));

export function heatingToForm(h: Settlement['heating']): HeatingFormValues {
  const c = h?.computed;
  const hw = c?.hotWater;
  const opening = c?.fuel.openingStock;
  return {
    mode: h?.mode ?? 'none',
    building: {
      nonResidential: h?.building.nonResidential ?? false,
      co2Restriction: h?.building.co2Restriction ?? 'none',
      remoteReading: answerOf(h?.building.remoteReading),
      consumptionInformation: answerOf(h?.building.consumptionInformation),
    },
    co2: {
      kg: optionalQuantity(h?.co2.kg),
      cost: h?.co2.costCents === undefined ? '' : centsToInput(h.co2.costCents),
      alreadyDeducted: h?.co2.alreadyDeducted ?? false,
      cutWithoutData: h?.co2.cutWithoutData ?? false,
    },
    service: {
      provider: h?.service?.provider ?? '',
      statementDate: h?.service?.statementDate ?? '',
      documentId: h?.service?.documentId ?? '',
      total: h?.service ? centsToInput(h.service.totalCents) : '',
      byTenancy: mapValues(h?.service?.byTenancy ?? {}, (a) => ({
        heating: centsToInput(a.heatingCents),
        hotWater: centsToInput(a.hotWaterCents),
      })),
    },
    computed: {
      fuel: {
        kind: c?.fuel.kind ?? 'gas',
        billedOnHs: c?.fuel.billedOnHs ?? true,
        openingStock: {
          quantity: optionalQuantity(opening?.quantity),
          value: opening ? centsToInput(opening.valueCents) : '',
          kwh: optionalQuantity(opening?.kwh),
        },
        deliveries: (c?.fuel.deliveries ?? []).map((d) => ({
          date: d.date,
          quantity: formatQuantity(d.quantity),
          kwh: formatQuantity(d.kwh),
          amount: centsToInput(d.amountCents),
        })),
        closingStock: { quantity: optionalQuantity(c?.fuel.closingStock?.quantity) },
      },
      operatingCosts: (c?.operatingCosts ?? []).map((o) => ({
        name: o.name,
        amount: centsToInput(o.amountCents),
        pot: o.pot ?? '',
      })),
      heatingConsumptionPercent: String(c?.heatingConsumptionPercent ?? 70),
      hotWater: {
        method: hw?.method ?? (c ? 'none' : 'meter'),
        kwh: optionalQuantity(hw?.kwh),
        volumeM3: optionalQuantity(hw?.volumeM3),
        temperatureC: optionalQuantity(hw?.temperatureC),
        areaM2: optionalQuantity(hw?.areaM2),
        consumptionPercent: String(hw?.consumptionPercent ?? 70),
        totalM3: optionalQuantity(hw?.totalM3),
        byTenancy: mapValues(hw?.byTenancy ?? {}, formatQuantity),
        byUnit: mapValues(hw?.byUnit ?? {}, formatQuantity),
        estimated: flags(hw?.estimated),
        fromMeters: hw?.fromMeters ?? false,
      },
      heat: {
        totalUnits: optionalQuantity(c?.heat.totalUnits),
        byTenancy: mapValues(c?.heat.byTenancy ?? {}, heatReading),
        byUnit: mapValues(c?.heat.byUnit ?? {}, formatQuantity),
        estimated: flags(c?.heat.estimated),
        fromMeters: c?.heat.fromMeters ?? false,
      },
    },
  };
}

/** How formValues.ts reads a typed value: strict collects messages by path, live never fails. */
export interface Readers {
  strict: boolean;
  fail: (path: string, message: string) => void;
  /** Cents; unreadable counts as 0. */
  money: (path: string, typed: string) => number;
  /** Unreadable (and, while typing, empty) is undefined. */
  quantity: (path: string, typed: string) => number | undefined;
}

const blank = (typed: string | undefined) => (typed ?? '').trim() === '';

/** The request's `heating`, or undefined without heating. */
export function readHeating(h: HeatingFormValues | undefined, r: Readers): HeatingInputBody | undefined {
  if (!h || h.mode === 'none') return undefined;
  const optionalQty = (path: string, typed: string) => (blank(typed) ? undefined : r.quantity(path, typed));
  const optionalMoney = (path: string, typed: string) => (blank(typed) ? undefined : r.money(path, typed));
  const co2 = {
    kg: optionalQty('heating.co2.kg', h.co2.kg),
    ...(blank(h.co2.cost) ? {} : { costCents: r.money('heating.co2.cost', h.co2.cost) }),
    ...(h.mode === 'service' && h.co2.alreadyDeducted ? { alreadyDeducted: true } : {}),
    ...(h.co2.cutWithoutData ? { cutWithoutData: true } : {}),
  };
  const remoteReading = booleanOf(h.building.remoteReading);
  const consumptionInformation = booleanOf(h.building.consumptionInformation);
  const building = {
    nonResidential: h.building.nonResidential,
    co2Restriction: h.building.co2Restriction,
    ...(remoteReading === undefined ? {} : { remoteReading }),
    ...(consumptionInformation === undefined ? {} : { consumptionInformation }),
  };
  const base = { mode: h.mode, building, co2 };
  if (h.mode === 'service') {
    const byTenancy: Record<string, { heatingCents: number; hotWaterCents: number }> = {};
    for (const [id, a] of Object.entries(h.service.byTenancy)) {
      // a tenancy without any amount is a missing one: the engine warns
      if (blank(a.heating) && blank(a.hotWater)) continue;
      const path = `heating.service.byTenancy.${id}`;
      byTenancy[id] = {
        heatingCents: optionalMoney(`${path}.heating`, a.heating) ?? 0,
        hotWaterCents: optionalMoney(`${path}.hotWater`, a.hotWater) ?? 0,
      };
    }
    const service = {
      provider: h.service.provider.trim(),
      ...(blank(h.service.statementDate) ? {} : { statementDate: h.service.statementDate }),
      ...(blank(h.service.documentId) ? {} : { documentId: h.service.documentId }),
      totalCents: r.money('heating.service.total', h.service.total),
      byTenancy,
    };
    return { ...base, service };
  }
  return { ...base, computed: readComputed(h.computed, r, optionalQty) };
}

function readComputed(
  c: HeatingFormValues['computed'],
  r: Readers,
  optionalQty: (path: string, typed: string) => number | undefined,
): NonNullable<HeatingInputBody['computed']> {
  const at = 'heating.computed';
  const percent = (path: string, typed: string): number => {
    const text = typed.trim();
    const value = /^\d{1,3}$/.test(text) ? Number(text) : null;
    if (value !== null && (r.strict || (value >= 50 && value <= 70))) return value;
    // while typing ("5" on the way to "55") the figures keep the default
    if (r.strict) r.fail(path, SETTLEMENT_MESSAGES.consumptionPercent);
    return 70;
  };
  const { openingStock: opening, closingStock: closing } = c.fuel;
  const hw = c.hotWater;
  const hotWaterAt = `${at}.hotWater`;
  const readingsOf = (values: Record<string, string>, path: string) => {
    const out: Record<string, number> = {};
    for (const [id, typed] of Object.entries(values)) {
      // an empty reading is a missing one, left to the engine's warning
      const value = optionalQty(`${path}.${id}`, typed);
      if (value !== undefined) out[id] = value;
    }
    return out;
  };
  const heatByTenancy: Record<string, number | Array<{ units: number; factor: number }>> = {};
  for (const [id, allocators] of Object.entries(c.heat.byTenancy)) {
    const read = (allocators ?? []).flatMap((a, k) => {
      const path = `${at}.heat.byTenancy.${id}.${k}`;
      // an allocator without units is not read (yet); without any, the engine warns
      const units = optionalQty(`${path}.units`, a?.units ?? '');
      return units === undefined ? [] : [{ units, factor: optionalQty(`${path}.factor`, a?.factor ?? '') }];
    });
    const [only] = read;
    if (!only) continue;
    // one reading without factor is already rated; otherwise each allocator by its factor, empty = 1
    heatByTenancy[id] =
      read.length === 1 && only.factor === undefined
        ? only.units
        : read.map((a) => ({ units: a.units, factor: a.factor ?? 1 }));
  }
  const estimated = (flagged: Record<string, boolean>) => {
    const ids = Object.keys(flagged).filter((id) => flagged[id]);
    return ids.length > 0 ? { estimated: ids } : {};
  };
  return {
    fuel: {
      kind: c.fuel.kind,
      // only gas is billed on the gross calorific value
      billedOnHs: c.fuel.kind === 'gas' && c.fuel.billedOnHs,
      ...(blank(opening.quantity) && blank(opening.value)
        ? {}
        : {
            openingStock: {
              quantity: r.quantity(`${at}.fuel.openingStock.quantity`, opening.quantity) ?? 0,
              valueCents: r.money(`${at}.fuel.openingStock.value`, opening.value),
              kwh: optionalQty(`${at}.fuel.openingStock.kwh`, opening.kwh),
            },
          }),
      deliveries: c.fuel.deliveries.map((d, i) => ({
        date: d.date,
        quantity: r.quantity(`${at}.fuel.deliveries.${i}.quantity`, d.quantity) ?? 0,
        kwh: r.quantity(`${at}.fuel.deliveries.${i}.kwh`, d.kwh) ?? 0,
        amountCents: r.money(`${at}.fuel.deliveries.${i}.amount`, d.amount),
      })),
      ...(blank(closing.quantity)
        ? {}
        : {
            closingStock: {
              quantity: r.quantity(`${at}.fuel.closingStock.quantity`, closing.quantity) ?? 0,
            },
          }),
    },
    operatingCosts: c.operatingCosts.map((o, i) => ({
      name: o.name.trim(),
      amountCents: r.money(`${at}.operatingCosts.${i}.amount`, o.amount),
      ...(o.pot ? { pot: o.pot } : {}),
    })),
    heatingConsumptionPercent: percent(`${at}.heatingConsumptionPercent`, c.heatingConsumptionPercent),
    ...(hw.method === 'none'
      ? {}
      : {
          hotWater: {
            method: hw.method,
            kwh: hw.method === 'meter' ? optionalQty(`${hotWaterAt}.kwh`, hw.kwh) : undefined,
            volumeM3: hw.method === 'volume' ? optionalQty(`${hotWaterAt}.volumeM3`, hw.volumeM3) : undefined,
            temperatureC:
              hw.method === 'volume' ? optionalQty(`${hotWaterAt}.temperatureC`, hw.temperatureC) : undefined,
            areaM2: hw.method === 'area' ? optionalQty(`${hotWaterAt}.areaM2`, hw.areaM2) : undefined,
            consumptionPercent: percent(`${hotWaterAt}.consumptionPercent`, hw.consumptionPercent),
            ...(hw.fromMeters
              ? { fromMeters: true, totalM3: undefined, byTenancy: {}, byUnit: {} }
              : {
                  totalM3: r.quantity(`${hotWaterAt}.totalM3`, hw.totalM3) ?? 0,
                  byTenancy: readingsOf(hw.byTenancy, `${hotWaterAt}.byTenancy`),
                  byUnit: readingsOf(hw.byUnit, `${hotWaterAt}.byUnit`),
                  ...estimated(hw.estimated),
                }),
          },
        }),
    // read from the meters, the typed readings stay in the form but are not sent
    heat: c.heat.fromMeters
      ? { fromMeters: true, totalUnits: undefined, byTenancy: {}, byUnit: {} }
      : {
          totalUnits: r.quantity(`${at}.heat.totalUnits`, c.heat.totalUnits) ?? 0,
          byTenancy: heatByTenancy,
          byUnit: readingsOf(c.heat.byUnit, `${at}.heat.byUnit`),
          ...estimated(c.heat.estimated),
        },
  };
}

/** A request or engine path under `heating.` as the form names the field (amounts are typed in euros). */
export function heatingFormPath(path: string): string {
  return path
    .replace(/^heating\.(service|computed)$/, 'heating.mode')
    .replace(/^heating\.co2\.costCents$/, 'heating.co2.cost')
    .replace(/^heating\.service\.totalCents$/, 'heating.service.total')
    .replace(/^(heating\.service\.byTenancy\.[^.]+)$/, '$1.heating')
    .replace(/^(heating\.service\.byTenancy\.[^.]+)\.(heating|hotWater)Cents$/, '$1.$2')
    .replace(/^(heating\.computed\.fuel\.openingStock)\.valueCents$/, '$1.value')
    .replace(/^(heating\.computed\.(?:fuel\.deliveries|operatingCosts)\.\d+)\.amountCents$/, '$1.amount')
    .replace(/^(heating\.computed\.heat\.byTenancy\.[^.]+)$/, '$1.0.units')
    .replace(/^(heating\.computed\.hotWater)\.totalUnits$/, '$1.totalM3');
}
