// The CO2 cost split between landlord and tenants (CO2KostAufG §5–9, docs/domain/heating-and-co2.md).

import { divideRoundHalfUp } from '../arithmetic/rounding';
import type { Co2Restriction, FuelKind } from '../vocabulary';

/** Upper limits of steps 1–9 in kg CO2/m²·a; step 10 is everything from 52 on. */
const STEP_LIMITS = [12, 17, 22, 27, 32, 37, 42, 47, 52] as const;
/** The landlord's % per step 1–10 (Anlage CO2KostAufG). */
const LANDLORD_PERCENT = [0, 10, 20, 30, 40, 50, 60, 70, 80, 95] as const;

/**
 * kg CO2 per kWh (EBeV 2030 Anl. 2) in millionths. Gas: the Hi factor 0,20088, or 0,18139 for kWh on
 * the gross calorific value Hs in which gas is billed. Pellets, bought heat and heat pumps have no
 * default factor here: their kg must come from the invoice.
 */
export function co2FactorMicro(kind: FuelKind, billedOnHs: boolean): number | null {
  switch (kind) {
    case 'gas':
      return billedOnHs ? 181_390 : 200_880;
    case 'oil':
      return 266_400;
    case 'lpg':
      return 235_800;
    case 'pellets':
    case 'district':
    case 'heatpump':
      return null;
  }
}

/** kg (thousandths) of fuel kWh (thousandths) × factor, rounded half up to the gram. */
export function co2KgMilli(kwhMilli: number, factorMicro: number): number {
  return Number(divideRoundHalfUp(BigInt(kwhMilli) * BigInt(factorMicro), 1_000_000n));
}

/** kg per m² living area, rounded half up to one decimal (§5(1) S.3), in tenths. */
export function kgPerM2Tenths(kgMilli: number, areaMilli: number): number {
  if (areaMilli <= 0) return 0;
  return Number(divideRoundHalfUp(BigInt(kgMilli) * 10n, BigInt(areaMilli)));
}

/**
 * The step (1–10) of a kg/m²·a value in tenths. A period under 12 months scales every limit by
 * days/365 (§5(1) S.4); the comparison stays exact: value/10 < limit × days/365.
 */
export function co2Step(tenths: number, shortPeriodDays: number | null): number {
  const index = STEP_LIMITS.findIndex((limit) =>
    shortPeriodDays === null ? tenths < limit * 10 : tenths * 365 < limit * 10 * shortPeriodDays,
  );
  return index < 0 ? STEP_LIMITS.length + 1 : index + 1;
}

/** The landlord's share in ‰: the step's, 50 % for non-residential buildings, §9 restrictions applied. */
export function landlordPermille(
  step: number | null,
  nonResidential: boolean,
  restriction: Co2Restriction,
): number {
  const base = nonResidential ? 500 : (LANDLORD_PERCENT[(step ?? 1) - 1] ?? 0) * 10;
  if (restriction === 'both') return 0;
  return restriction === 'none' ? base : base / 2;
}
