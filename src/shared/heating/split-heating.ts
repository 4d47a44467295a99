// splitHeating: a settlement's heating and hot-water costs per tenancy, and the CO2 split, either
// taken over from the metering company's statement or computed here by HeizkostenV and CO2KostAufG.
// Every pot adds up to the cent (largest remainder); the landlord keeps vacancy and unmetered use.

import { splitByWeights } from '../arithmetic/largest-remainder';
import { divideRoundHalfUp } from '../arithmetic/rounding';
import { toDayNumber } from '../dates';
import { estimatedReadingsCheck } from './checks';
import { co2FactorMicro, co2KgMilli, co2Step, kgPerM2Tenths, landlordPermille } from './co2';
import { fuelConsumed } from './fuel';
import { hotWaterHeat } from './hot-water';
import { consumptionWeights } from './readings';
import type {
  Co2Result,
  ComputedHeatingInput,
  FuelResult,
  HeatingContext,
  HeatingCutRule,
  HeatingInput,
  HeatingResult,
  HeatingWarning,
  PotSplit,
  Readings,
  TenancyCo2,
} from './types';

/** The CO2KostAufG applies to periods from 1 January 2023 on. */
const CO2_LAW_START = toDayNumber('2023-01-01');
/** § 5(2), § 6a, § 12(1) HeizkostenV: remote reading and monthly information are due from 2027. */
const REMOTE_READING_DUE = toDayNumber('2027-01-01');

export function splitHeating(input: HeatingInput, ctx: HeatingContext): HeatingResult {
  const warnings: HeatingWarning[] = [];
  const base =
    input.mode === 'service'
      ? {
          ...serviceSplit(input.service, ctx, warnings),
          fuel: null,
          operatingCents: 0,
          hotWaterKwhMilli: null,
        }
      : computedSplit(input.computed, ctx, warnings);
  const co2 = co2Split(input, ctx, base.fuel, base.heating, base.hotWater, warnings);
  const cuts = [
    // the tenant's right (§ 7(4) CO2KostAufG); applied where the landlord says the data is missing
    ...(input.co2.cutWithoutData && warnings.some((w) => w.code === 'co2-missing')
      ? [{ reason: 'co2-not-disclosed' as const, percent: 3 }]
      : []),
    ...remoteReadingCuts(input.building, ctx, warnings),
  ];
  return { mode: input.mode, ...base, ...co2, cuts, warnings };
}

/**
 * From 2027 a tenant may cut 3 % where the meters are not remotely readable, and 3 % where the
 * monthly consumption information of § 6a was not given (§ 12(1) HeizkostenV); a period that ends
 * after 2026 asks the landlord which applies.
 */
function remoteReadingCuts(
  building: HeatingInput['building'],
  ctx: HeatingContext,
  warnings: HeatingWarning[],
): HeatingCutRule[] {
  if (ctx.period.last < REMOTE_READING_DUE) return [];
  if (building.remoteReading === undefined || building.consumptionInformation === undefined) {
    warnings.push({
      code: 'heating-2027-unknown',
      severity: 'warning',
      message:
        'Ab 2027 darf der Mieter seine Heizkosten um je 3 % kürzen, wenn die Zähler nicht fernablesbar sind oder die monatliche Verbrauchsinformation fehlt (§§ 5, 6a, 12 HeizkostenV). Bitte geben Sie beides an.',
      path:
        building.remoteReading === undefined
          ? 'heating.building.remoteReading'
          : 'heating.building.consumptionInformation',
    });
  }
  return [
    ...(building.remoteReading === false ? [{ reason: 'not-remote-readable' as const, percent: 3 }] : []),
    ...(building.consumptionInformation === false
      ? [{ reason: 'no-consumption-information' as const, percent: 3 }]
      : []),
  ];
}

function serviceSplit(
  service: HeatingInput['service'],
  ctx: HeatingContext,
  warnings: HeatingWarning[],
): { heating: PotSplit; hotWater: PotSplit } {
  const byTenancy = service?.byTenancy ?? {};
  const heat: number[] = [];
  const water: number[] = [];
  for (const p of ctx.parties) {
    const amounts = byTenancy[p.tenancyId];
    if (!amounts && p.kind === 'tenant') {
      warnings.push({
        code: 'heating-amount-missing',
        severity: 'warning',
        message: `Für „${p.name}“ fehlt der Betrag aus der Heizkostenabrechnung; ohne Betrag trägt ihn der Vermieter.`,
        path: `heating.service.byTenancy.${p.tenancyId}`,
      });
    }
    heat.push(amounts?.heatingCents ?? 0);
    water.push(amounts?.hotWaterCents ?? 0);
  }
  const rest = (service?.totalCents ?? 0) - sum(heat) - sum(water);
  if (rest < 0) {
    warnings.push({
      code: 'heating-exceeds-total',
      severity: 'error',
      message: 'Die Beträge der Mietverhältnisse übersteigen die Gesamtkosten der Heizkostenabrechnung.',
      path: 'heating.service.totalCents',
    });
  }
  const none = ctx.parties.map(() => null);
  // the statement's rest (vacancy, unread flats) is the landlord's; it sits in the heating row
  return {
    heating: {
      amountCents: sum(heat) + Math.max(0, rest),
      shares: heat,
      units: none,
      vacancyCents: Math.max(0, rest),
      unmeteredCents: 0,
      totalUnitsMilli: null,
    },
    hotWater: {
      amountCents: sum(water),
      shares: water,
      units: none,
      vacancyCents: 0,
      unmeteredCents: 0,
      totalUnitsMilli: null,
    },
  };
}

function computedSplit(
  computed: ComputedHeatingInput | undefined,
  ctx: HeatingContext,
  warnings: HeatingWarning[],
): Pick<HeatingResult, 'fuel' | 'operatingCents' | 'hotWaterKwhMilli' | 'heating' | 'hotWater'> {
  const c: ComputedHeatingInput = computed ?? {
    fuel: { kind: 'gas', billedOnHs: false, deliveries: [] },
    operatingCosts: [],
    heatingConsumptionPercent: 70,
    heat: { totalMilli: 0, byTenancyMilli: {}, byUnitMilli: {} },
  };
  const { fuel, closingExceedsStock } = fuelConsumed(c.fuel);
  if (closingExceedsStock) {
    warnings.push({
      code: 'heating-stock-invalid',
      severity: 'error',
      message: 'Der Endbestand ist größer als Anfangsbestand und Lieferungen zusammen.',
      path: 'heating.computed.fuel.closingStock.quantity',
    });
  }
  const operatingCents = sum(c.operatingCosts.map((o) => o.amountCents));
  // § 9(1) S. 3: a cost of one pot goes to it alone; the rest is split by the hot-water heat
  const ownCents = (pot: 'heating' | 'hot-water') =>
    sum(c.operatingCosts.filter((o) => o.pot === pot).map((o) => o.amountCents));
  const hotWaterOnly = ownCents('hot-water');
  if (hotWaterOnly !== 0 && !c.hotWater) {
    warnings.push({
      code: 'hot-water-pot-missing',
      severity: 'error',
      message:
        'Eine Betriebskostenposition gehört nur zum Warmwasser, die Warmwasserkosten werden aber nicht verteilt. Bitte wählen Sie die Wärmemenge für Warmwasser oder ordnen Sie die Position beiden zu.',
      path: 'heating.computed.hotWater',
    });
  }
  const totalCents = fuel.valueCents + operatingCents - ownCents('heating') - hotWaterOnly;
  let hotWaterCents = 0;
  let hotWaterKwhMilli: number | null = null;
  if (c.hotWater) {
    const buildingArea = sum(ctx.units.map((u) => u.areaMilli));
    const days = BigInt(ctx.period.last - ctx.period.first + 1);
    const yearShare = ctx.shortPeriod ? { n: days, d: 365n } : { n: 1n, d: 1n };
    const q = hotWaterHeat(c.hotWater, c.fuel, buildingArea, yearShare) ?? { n: 0n, d: 1n };
    hotWaterKwhMilli = Number(divideRoundHalfUp(q.n, q.d));
    // share = Q / fuel kWh, compared exactly: Q.n / (fuel × Q.d)
    const whole = BigInt(fuel.kwhMilli) * q.d;
    if (q.n > whole) {
      warnings.push({
        code: 'hot-water-exceeds-fuel',
        severity: 'error',
        message: 'Die Wärmemenge für Warmwasser ist größer als der gesamte Brennstoffverbrauch.',
        path: 'heating.computed.hotWater',
      });
    }
    if (whole > 0n && totalCents > 0) {
      const hot = q.n > whole ? whole : q.n;
      hotWaterCents = splitByWeights(totalCents, [hot, whole - hot], whole)[0] ?? 0;
    }
  }
  const heating = pot(
    totalCents - hotWaterCents + ownCents('heating') + (c.hotWater ? 0 : hotWaterOnly),
    c.heatingConsumptionPercent,
    c.heat,
    'degree-days',
    'heating.computed.heat',
    ctx,
    warnings,
  );
  const hotWater = c.hotWater
    ? pot(
        hotWaterCents + hotWaterOnly,
        c.hotWater.consumptionPercent,
        c.hotWater.readings,
        'days',
        'heating.computed.hotWater',
        ctx,
        warnings,
      )
    : emptyPot(ctx);
  return { fuel, operatingCents, hotWaterKwhMilli, heating, hotWater };
}

/** §7(1)/§8(1): the consumption share by readings, the rest by area × days. */
function pot(
  amountCents: number,
  consumptionPercent: number,
  readings: Readings,
  spread: 'degree-days' | 'days',
  path: string,
  ctx: HeatingContext,
  warnings: HeatingWarning[],
): PotSplit {
  const n = ctx.parties.length;
  const consumption = consumptionWeights(readings, ctx, spread, path, warnings);
  const section9a = estimatedReadingsCheck(
    readings,
    ctx,
    spread === 'degree-days' ? 'heating' : 'hot-water',
    path,
  );
  if (section9a.warning) warnings.push(section9a.warning);
  const byConsumption = consumption.total > 0 && !section9a.areaOnly;
  // by area on purpose (§9a(2)) is no case for the 15 % cut
  if (consumption.total === 0 && amountCents > 0) {
    warnings.push({
      code: 'heating-not-by-consumption',
      severity: 'warning',
      message:
        'Ohne Verbrauchswerte werden die Kosten nur nach Fläche verteilt. Der Mieter darf seinen Anteil dann um 15 % kürzen (§ 12 Abs. 1 HeizkostenV): die Abrechnung zieht die 15 % schon ab, sie trägt der Vermieter.',
      path: `${path}.totalUnits`,
    });
  }
  // One largest-remainder split of the whole pot over each party's exact share of both parts
  // (p % by consumption, the rest by area × days), so every row is within one cent of exact; two
  // split parts would each send their tie cent to the same party.
  const percent = BigInt(byConsumption ? consumptionPercent : 0);
  const unitsTotal = byConsumption ? BigInt(consumption.total) : 1n;
  const areaWeights = ctx.parties.map((p) => BigInt(p.areaMilli) * BigInt(p.last - p.first + 1));
  const vacantArea = ctx.units.reduce(
    (s, u) => s + BigInt(u.areaMilli) * BigInt(sum(u.vacant.map((v) => v.last - v.first + 1))),
    0n,
  );
  const areaSum = areaWeights.reduce((s, w) => s + w, 0n) + vacantArea;
  // without any area to divide by, the landlord keeps the area part (as unmetered)
  const areaTotal = areaSum > 0n ? areaSum : 1n;
  const units = (v: number | null | undefined) => (byConsumption ? BigInt(v ?? 0) : 0n);
  const weight = (consumptionUnits: bigint, area: bigint) =>
    percent * consumptionUnits * areaTotal + (100n - percent) * area * unitsTotal;
  const weights = [
    ...ctx.parties.map((_, i) => weight(units(consumption.parties[i]), areaWeights[i] ?? 0n)),
    weight(units(consumption.vacancy), vacantArea),
    weight(units(consumption.unmetered), 0n) + (areaSum > 0n ? 0n : (100n - percent) * unitsTotal),
  ];
  const shares = splitByWeights(amountCents, weights, 100n * unitsTotal * areaTotal);
  return {
    amountCents,
    shares: shares.slice(0, n),
    units: section9a.areaOnly ? ctx.parties.map(() => null) : consumption.parties,
    vacancyCents: shares[n] ?? 0,
    unmeteredCents: shares[n + 1] ?? 0,
    totalUnitsMilli: section9a.areaOnly ? null : readings.totalMilli,
    ...(consumption.total === 0 && amountCents > 0 ? { section12Cut: true as const } : {}),
  };
}

function emptyPot(ctx: HeatingContext): PotSplit {
  return {
    amountCents: 0,
    shares: ctx.parties.map(() => 0),
    units: ctx.parties.map(() => null),
    vacancyCents: 0,
    unmeteredCents: 0,
    totalUnitsMilli: null,
  };
}

/**
 * CO2KostAufG: the landlord's share of the building's CO2 cost, taken off each tenancy's heating and
 * hot-water costs in proportion to them (§7(1)); the share of vacancy and own use stays his anyway.
 */
function co2Split(
  input: HeatingInput,
  ctx: HeatingContext,
  fuel: FuelResult | null,
  heating: PotSplit,
  hotWater: PotSplit,
  warnings: HeatingWarning[],
): Pick<HeatingResult, 'co2' | 'co2ByParty' | 'relief'> {
  const none = { co2: null, co2ByParty: ctx.parties.map(() => null), relief: null };
  const kind = input.computed?.fuel.kind;
  if (ctx.period.first < CO2_LAW_START) return none;
  // no CO2 price on power (heat pump) or wood pellets
  if (input.mode === 'computed' && (kind === 'heatpump' || kind === 'pellets')) return none;
  const factor =
    input.mode === 'computed' && input.computed
      ? co2FactorMicro(input.computed.fuel.kind, input.computed.fuel.billedOnHs)
      : null;
  const kgMilli =
    input.co2.kgMilli ?? (fuel && factor !== null ? co2KgMilli(fuel.kwhMilli, factor) : undefined);
  const costCents = input.co2.costCents;
  if (kgMilli === undefined || costCents === undefined) {
    warnings.push({
      code: 'co2-missing',
      severity: 'warning',
      message: input.co2.cutWithoutData
        ? 'Ohne CO2-Angaben zieht die Abrechnung jedem Mieter 3 % seiner Heizkosten ab (§ 7 Abs. 4 CO2KostAufG); sie trägt der Vermieter.'
        : 'Es fehlen die CO2-Angaben (kg CO2 und CO2-Kosten der Brennstoffrechnung); ohne CO2-Aufteilung darf der Mieter seine Heizkosten um 3 % kürzen (§ 7 Abs. 4 CO2KostAufG). Tragen Sie sie nach oder wenden Sie die Kürzung an.',
      path: costCents === undefined ? 'heating.co2.costCents' : 'heating.co2.kg',
    });
    return none;
  }
  const areaMilli = sum(ctx.units.map((u) => u.areaMilli));
  const tenths = kgPerM2Tenths(kgMilli, areaMilli);
  const periodDays = ctx.period.last - ctx.period.first + 1;
  const step = input.building.nonResidential ? null : co2Step(tenths, ctx.shortPeriod ? periodDays : null);
  const permille = landlordPermille(step, input.building.nonResidential, input.building.co2Restriction);
  const landlordCents = Number(divideRoundHalfUp(BigInt(costCents) * BigInt(permille), 1000n));
  // the metering company's amounts already net of the landlord's share: disclose, do not deduct again
  const alreadyDeducted = input.mode === 'service' && input.co2.alreadyDeducted === true;
  const co2: Co2Result = {
    kgMilli,
    areaMilli,
    kgPerM2Tenths: tenths,
    step,
    landlordPermille: permille,
    costCents,
    landlordCents,
    alreadyDeducted,
  };
  // weights: each tenant's heating + hot water; own use, vacancy and the rest are the landlord's
  const tenant = ctx.parties.map((p) => p.kind === 'tenant');
  const weights = ctx.parties.map((_, i) =>
    tenant[i] ? BigInt((heating.shares[i] ?? 0) + (hotWater.shares[i] ?? 0)) : 0n,
  );
  const total = BigInt(heating.amountCents + hotWater.amountCents);
  const tenantsWeight = weights.reduce((s, w) => s + w, 0n);
  if (total <= 0n || tenantsWeight > total) return { co2, co2ByParty: none.co2ByParty, relief: null };
  const all = [...weights, total - tenantsWeight];
  const gross = splitByWeights(costCents, all, total);
  const reliefs = splitByWeights(landlordCents, all, total);
  const co2ByParty: Array<TenancyCo2 | null> = ctx.parties.map((_, i) =>
    tenant[i]
      ? {
          costCents: gross[i] ?? 0,
          tenantCents: (gross[i] ?? 0) - (reliefs[i] ?? 0),
          reliefCents: reliefs[i] ?? 0,
        }
      : null,
  );
  if (alreadyDeducted) return { co2, co2ByParty, relief: null };
  const shares = ctx.parties.map((_, i) => (tenant[i] ? -(reliefs[i] ?? 0) : 0));
  return { co2, co2ByParty, relief: { shares, landlordCents: -sum(shares) } };
}

function sum(list: number[]): number {
  return list.reduce((s, x) => s + x, 0);
}
