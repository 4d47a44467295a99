// Heating, hot water and CO2 of a Hausabrechnung (HeizkostenV, CO2KostAufG; docs/domain/heating-and-co2.md): the
// engine's inputs and results in numbers only (cents, thousandths, day numbers).

import type { Co2Restriction, FuelKind, HeatingCutReason } from '../vocabulary';

export type HotWaterMethod = 'meter' | 'volume' | 'area';

/** Consumption readings in thousandths (heat units already × rating factor, or m³). */
export interface Readings {
  /** The building's total, vacant flats and unmetered use included. */
  totalMilli: number;
  /** A tenancy's own reading, interim readings at a tenant change included. */
  byTenancyMilli: Record<string, number>;
  /** A unit's reading over the period without interim reading: split by §9b. */
  byUnitMilli: Record<string, number>;
  /** Tenancies (own reading) and units (whole-flat reading) whose reading was estimated (§9a). */
  estimated?: readonly string[];
  /** Read from the meters of the house (heat or hot-water meters) instead of the values above. */
  fromMeters?: boolean;
}

export interface Delivery {
  date: string;
  quantityMilli: number;
  kwhMilli: number;
  amountCents: number;
}

export interface ComputedHeatingInput {
  fuel: {
    kind: FuelKind;
    /** Gas billed on the gross calorific value (Brennwert, Hs). */
    billedOnHs: boolean;
    openingStock?: { quantityMilli: number; valueCents: number; kwhMilli?: number };
    deliveries: Delivery[];
    closingStock?: { quantityMilli: number };
  };
  /** `pot`: a cost of one pot only (§ 9(1) S. 3, e.g. the hot-water meters' rent); absent: both. */
  operatingCosts: Array<{ name: string; amountCents: number; pot?: 'heating' | 'hot-water' }>;
  /** 50–70 (§7(1) HeizkostenV). */
  heatingConsumptionPercent: number;
  hotWater?: {
    method: HotWaterMethod;
    kwhMilli?: number;
    volumeMilli?: number;
    temperatureMilli?: number;
    areaMilli?: number;
    consumptionPercent: number;
    readings: Readings;
  };
  heat: Readings;
}

export interface HeatingInput {
  mode: 'service' | 'computed';
  building: {
    nonResidential: boolean;
    co2Restriction: Co2Restriction;
    /** From 2027 (§ 5(2), § 12(1) HeizkostenV): the meters are remotely readable; unknown if absent. */
    remoteReading?: boolean;
    /** From 2027 (§ 6a, § 12(1) HeizkostenV): the monthly consumption information was given. */
    consumptionInformation?: boolean;
  };
  /**
   * From the invoice; kg is derived from the fuel when missing. `alreadyDeducted` (service mode): the
   * metering company's amounts are already net of the landlord's CO2 share, so no relief row follows.
   */
  co2: {
    kgMilli?: number;
    costCents?: number;
    alreadyDeducted?: boolean;
    /** Without CO2 data: apply the tenants' 3 % cut (§ 7(4) CO2KostAufG) instead of only warning. */
    cutWithoutData?: boolean;
  };
  service?: {
    provider: string;
    totalCents: number;
    byTenancy: Record<string, { heatingCents: number; hotWaterCents: number }>;
  };
  computed?: ComputedHeatingInput;
}

/** A tenancy as the heating split sees it. */
export interface HeatingParty {
  tenancyId: string;
  unitId: string;
  kind: 'tenant' | 'own-use';
  /** A flat rate: the share is the landlord's, like own use. */
  flatRate?: boolean;
  name: string;
  /** Occupied days within the period, as day numbers. */
  first: number;
  last: number;
  areaMilli: number;
}

export interface HeatingContext {
  period: { first: number; last: number };
  /** The period is shorter than 12 months (§5(1) S.4 CO2KostAufG). */
  shortPeriod: boolean;
  parties: HeatingParty[];
  units: Array<{ id: string; areaMilli: number; vacant: Array<{ first: number; last: number }> }>;
}

/** One pot (heating, hot water, CO2 relief) split over the parties; the landlord keeps the rest. */
export interface PotSplit {
  amountCents: number;
  /** Per party, in the order of the context. */
  shares: number[];
  /** Per party: consumption units (thousandths) the consumption part counted; null without. */
  units: Array<number | null>;
  vacancyCents: number;
  unmeteredCents: number;
  totalUnitsMilli: number | null;
  /** Split by area only for want of readings: a tenant may cut his share by 15 % (§ 12(1) HeizkostenV). */
  section12Cut?: true;
}

export interface FuelResult {
  quantityMilli: number;
  kwhMilli: number;
  valueCents: number;
}

export interface Co2Result {
  kgMilli: number;
  /** The building's living area in thousandths of a m². */
  areaMilli: number;
  /** kg per m² and year in tenths (§5(1): one decimal). */
  kgPerM2Tenths: number;
  /** 1–10 of the table; null for non-residential buildings. */
  step: number | null;
  /** The landlord's share in thousandths (47,5 % = 475 after a §9 halving). */
  landlordPermille: number;
  costCents: number;
  /** What the landlord bears of the whole CO2 cost; the rest is the tenants'. */
  landlordCents: number;
  /** The metering company's amounts already carry the deduction (no relief row here). */
  alreadyDeducted: boolean;
}

export interface TenancyCo2 {
  /** The tenancy's part of the building's CO2 cost, by its heating and hot-water shares. */
  costCents: number;
  tenantCents: number;
  /** The landlord's share taken off this tenancy's heating costs. */
  reliefCents: number;
}

export type HeatingWarningCode =
  | 'heating-amount-missing'
  | 'heating-exceeds-total'
  | 'heating-reading-missing'
  | 'heating-readings-exceed-total'
  | 'heating-degree-days'
  | 'heating-not-by-consumption'
  | 'heating-estimated-over-25'
  | 'heating-readings-missing-over-25'
  | 'heating-stock-invalid'
  | 'hot-water-exceeds-fuel'
  | 'co2-missing'
  | 'heating-2027-unknown'
  | 'hot-water-pot-missing';

export interface HeatingWarning {
  code: HeatingWarningCode;
  severity: 'error' | 'warning';
  message: string;
  path: string;
}

export interface HeatingResult {
  mode: 'service' | 'computed';
  /** Computed mode: fuel consumed, operating costs, and the §9(2) hot-water heat. */
  fuel: FuelResult | null;
  operatingCents: number;
  /** Q after the §9(2) factors, in thousandths of a kWh; null without hot water. */
  hotWaterKwhMilli: number | null;
  heating: PotSplit;
  hotWater: PotSplit;
  co2: Co2Result | null;
  /** Per party (context order); null without a CO2 split. */
  co2ByParty: Array<TenancyCo2 | null>;
  /** The landlord's CO2 relief as a row of its own: tenants negative, the landlord bears the sum. */
  relief: { shares: number[]; landlordCents: number } | null;
  /** The cuts every tenant may make off his heating and hot-water shares (not the 15 % of a pot). */
  cuts: HeatingCutRule[];
  warnings: HeatingWarning[];
}

/** Why a tenant may cut his heating costs, and by how many percent. */
export interface HeatingCutRule {
  reason: HeatingCutReason;
  percent: number;
}
