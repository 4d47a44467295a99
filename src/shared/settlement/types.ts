// The Hausabrechnung engine's inputs and results: numbers only (cents, thousandths, days).
// Words and formatting belong to the presenter.

import type { HeatingInput, HeatingResult, HeatingWarningCode, TenancyCo2 } from '../heating/types';
import type {
  HeatingCutReason,
  MeterKind,
  ResultKey,
  SettlementKey,
  TenancyKind,
  UnitKind,
} from '../vocabulary';
import type { MeterInput } from './meter-consumption';

export interface UnitInput {
  id: string;
  label: string;
  /** Living area in thousandths of a m². */
  areaMilli: number;
  /** Miteigentumsanteil in thousandths, when known. */
  meaMilli: number | null;
  /** Absent: a flat. A parking space has no persons and no vacancy person. */
  kind?: UnitKind;
}

/** From `from` on, persons and/or the monthly prepayment change. */
export interface TenancyChange {
  from: string;
  persons?: number;
  monthlyPrepaymentCents?: number;
  /** The Kaltmiete from this day on; the engine does not use it. */
  monthlyRentCents?: number;
}

export interface TenancyInput {
  id: string;
  unitId: string;
  kind: TenancyKind;
  name: string;
  start: string;
  /** Last day, included; null while the tenancy runs. */
  end: string | null;
  persons: number;
  monthlyPrepaymentCents: number;
  changes: TenancyChange[];
  /** A Betriebskostenpauschale (§556(2) BGB): no statement, its share stays with the landlord. */
  flatRate?: boolean;
}

export interface CostInput {
  name: string;
  /** Negative for a credit note (a refund or credit that reduces the period's costs). */
  amountCents: number;
  key: SettlementKey;
  /** The units sharing the cost (a cost group); absent: every unit. */
  unitIds?: string[];
  /** Key `consumption`: the building's total and each tenancy's reading, in thousandths. */
  consumption?: { totalMilli: number; byTenancyMilli: Record<string, number> };
  /** Key `consumption` from meter readings instead: the meters of this kind (meter-consumption.ts). */
  meterKind?: MeterKind;
  /** Key `direct`: the tenancy that bears the whole amount. */
  tenancyId?: string;
}

export interface SettlementInput {
  periodStart: string;
  periodEnd: string;
  units: UnitInput[];
  tenancies: TenancyInput[];
  costs: CostInput[];
  /** What a tenancy actually paid, replacing the agreed prepayments pro rata. */
  prepaymentsPaidCents?: Record<string, number>;
  /** Heating, hot water and CO2 (HeizkostenV, CO2KostAufG): rows after the costs. */
  heating?: HeatingInput;
  /** The house's meters with their readings, for costs by consumption from readings. */
  meters?: MeterInput[];
}

export interface Segment {
  kind: TenancyKind | 'vacancy';
  tenancyId: string | null;
  start: string;
  end: string;
  days: number;
}

export interface UnitTimeline {
  unitId: string;
  segments: Segment[];
  vacantDays: number;
}

/** One party's part of one cost. Units are thousandths (person-days × 1000 for `persons`). */
export interface ShareRow {
  costIndex: number;
  /** The party's units: unit area/MEA, 1 unit, person-days or consumption (thousandths); null for `direct`. */
  unitsMilli: number | null;
  /** Days the party's units count (area, units, mea); null for the other keys. */
  days: number | null;
  shareCents: number;
}

export interface CostResult {
  index: number;
  key: ResultKey;
  amountCents: number;
  /** The building's units (thousandths), the days they are counted for (area, units, mea), or null. */
  totalUnitsMilli: number | null;
  totalDays: number | null;
  /** Σ of every party's weight; the denominator of each share. */
  totalWeight: number;
  landlord: {
    vacancyCents: number;
    ownUseCents: number;
    /** The share of tenancies with a flat rate (absent in results from before it existed). */
    flatRateCents?: number;
    unmeteredCents: number;
    /** Row `co2-relief`: the CO2 share the landlord takes off the tenants. */
    co2ReliefCents?: number;
    /** Heating rows: the cuts the tenants may make by law (HeatingCut), borne by the landlord. */
    cutCents?: number;
    shareCents: number;
  };
  /** Σ tenants + landlord − amount: 0 unless the engine is wrong. */
  differenceCents: number;
  /** A cost of a group: the units sharing it. */
  unitIds?: string[];
}

export interface TenancyResult {
  tenancyId: string;
  kind: TenancyKind;
  unitId: string;
  /** Occupied days within the period, and their first and last day. */
  days: number;
  start: string;
  end: string;
  rows: ShareRow[];
  totalCents: number;
  /** Agreed pro rata, or what was entered as paid. */
  prepaymentCents: number;
  prepaymentEntered: boolean;
  /** total − prepayments: positive is a Nachzahlung, negative a Guthaben. */
  balanceCents: number;
  /** The §7(3) CO2KostAufG figures of a tenant with a CO2 split. */
  co2?: TenancyCo2;
  /** A flat rate (Pauschale): no statement, no prepayments; its share is the landlord's. */
  flatRate?: true;
  /** What the tenant may cut off his heating rows by law, already taken off them. */
  cuts?: HeatingCut[];
}

/**
 * A cut of a tenant's heating or hot-water share, borne by the landlord: 15 % where the pot was split
 * without readings (§ 12(1) HeizkostenV), 3 % without the CO2 disclosure (§ 7(4) CO2KostAufG), from
 * 2027 3 % each without remote reading or monthly information (§ 12(1) HeizkostenV).
 */
export interface HeatingCut {
  key: 'heating' | 'hot-water';
  reason: HeatingCutReason;
  percent: number;
  cents: number;
}

/** Whether the tenancy gets a statement (a letter): a tenant without a flat rate. */
export function hasStatement(t: Pick<TenancyResult, 'kind' | 'flatRate'>): boolean {
  return t.kind === 'tenant' && !t.flatRate;
}

export type WarningCode =
  | 'period-invalid'
  | 'tenancy-overlap'
  | 'key-total-zero'
  | 'mea-missing'
  | 'consumption-exceeds-total'
  | 'consumption-missing'
  | 'direct-tenancy-unknown'
  | 'cost-group-empty'
  | 'consumption-estimated'
  | 'meter-excess'
  | 'shares-do-not-add-up'
  | 'persons-implausible'
  | HeatingWarningCode;

export interface SettlementWarning {
  code: WarningCode;
  /** Errors block finalizing; warnings are shown. */
  severity: 'error' | 'warning';
  message: string;
  /** Where the problem is, e.g. 'costs.2.consumption.byTenancy.<id>'. */
  path: string;
}

export interface SettlementResult {
  periodDays: number;
  units: UnitTimeline[];
  costs: CostResult[];
  /** Every tenancy with days in the period, own use included, in input order. */
  tenancies: TenancyResult[];
  landlord: { rows: ShareRow[]; totalCents: number };
  warnings: SettlementWarning[];
  /** With heating: its working (fuel, hot-water heat) and the building's CO2 split. */
  heating?: HeatingSummary;
}

export type HeatingSummary = Pick<
  HeatingResult,
  'mode' | 'fuel' | 'operatingCents' | 'hotWaterKwhMilli' | 'co2'
>;
