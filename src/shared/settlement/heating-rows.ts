// Heating as rows of the settlement: "Heizkosten", "Warmwasserkosten" and the landlord's CO2 share
// after the entered costs, each a cost result like any other (tenants + landlord = amount).

import { divideRoundHalfUp } from '../arithmetic/rounding';
import { splitHeating } from '../heating/split-heating';
import type {
  Co2Result,
  HeatingContext,
  HeatingCutRule,
  HeatingInput,
  HeatingResult,
  PotSplit,
  TenancyCo2,
} from '../heating/types';
import type { HeatingKey, ResultKey } from '../vocabulary';
import type { CostResult, HeatingCut, HeatingSummary, SettlementWarning, ShareRow } from './types';

export const HEATING_ROW_NAMES: Record<HeatingKey, string> = {
  heating: 'Heizkosten',
  'hot-water': 'Warmwasserkosten',
  'co2-relief': 'CO2-Kosten: Anteil des Vermieters',
};

export function isHeatingKey(key: ResultKey): key is HeatingKey {
  return key in HEATING_ROW_NAMES;
}

/** A result row's name: the entered cost's, or the heating row's. */
export function rowName(
  cost: Pick<CostResult, 'index' | 'key'>,
  entries: { costs: ReadonlyArray<{ name: string }> },
): string {
  return isHeatingKey(cost.key) ? HEATING_ROW_NAMES[cost.key] : (entries.costs[cost.index]?.name ?? '');
}

/** The §7(3) CO2KostAufG figures in the API's units; without a tenant part, the building's. */
export function co2Figures(co2: Co2Result, part?: TenancyCo2) {
  return {
    kg: co2.kgMilli / 1000,
    areaM2: co2.areaMilli / 1000,
    kgPerM2: co2.kgPerM2Tenths / 10,
    step: co2.step,
    landlordPercent: co2.landlordPermille / 10,
    costCents: part ? part.costCents : co2.costCents,
    tenantCents: part ? part.tenantCents : co2.costCents - co2.landlordCents,
    landlordCents: part ? part.reliefCents : co2.landlordCents,
    // stored results from before the choice have no flag
    alreadyDeducted: co2.alreadyDeducted === true,
  };
}

export interface HeatingRows {
  costs: CostResult[];
  /** Per party of the context: its rows, in the order of `costs`. */
  partyRows: ShareRow[][];
  landlordRows: ShareRow[];
  co2ByParty: Array<TenancyCo2 | null>;
  /** Per party: the cuts taken off its heating rows. */
  cutsByParty: HeatingCut[][];
  summary: HeatingSummary;
  warnings: SettlementWarning[];
}

/** The cuts a pot's tenants may make by law, in percent of their share, with the reason. */
function cutsOf(key: HeatingKey, pot: Partial<PotSplit>, result: HeatingResult): HeatingCutRule[] {
  if (key === 'co2-relief') return [];
  return [
    ...(pot.section12Cut ? [{ reason: 'not-by-consumption' as const, percent: 15 }] : []),
    ...result.cuts,
  ];
}

export function heatingRows(input: HeatingInput, ctx: HeatingContext, firstIndex: number): HeatingRows {
  const result = splitHeating(input, ctx);
  const out: HeatingRows = {
    costs: [],
    partyRows: ctx.parties.map(() => []),
    landlordRows: [],
    co2ByParty: result.co2ByParty,
    cutsByParty: ctx.parties.map(() => []),
    summary: {
      mode: result.mode,
      fuel: result.fuel,
      operatingCents: result.operatingCents,
      hotWaterKwhMilli: result.hotWaterKwhMilli,
      co2: result.co2,
    },
    warnings: [...result.warnings],
  };
  const computed = input.mode === 'computed';
  const add = (
    key: HeatingKey,
    pot: Pick<PotSplit, 'amountCents' | 'shares'> & Partial<PotSplit>,
    relief = 0,
  ) => {
    const index = firstIndex + out.costs.length;
    let ownUseCents = 0;
    let flatRateCents = 0;
    let tenantsCents = 0;
    let cutCents = 0;
    const cuts = cutsOf(key, pot, result);
    ctx.parties.forEach((p, i) => {
      let shareCents = pot.shares[i] ?? 0;
      if (p.kind === 'tenant' && !p.flatRate) {
        for (const cut of cuts) {
          const cents = Number(divideRoundHalfUp(BigInt(pot.shares[i] ?? 0) * BigInt(cut.percent), 100n));
          if (cents === 0) continue;
          shareCents -= cents;
          cutCents += cents;
          out.cutsByParty[i]?.push({ key: key as HeatingCut['key'], ...cut, cents });
        }
      }
      out.partyRows[i]?.push({
        costIndex: index,
        unitsMilli: pot.units?.[i] ?? null,
        days: computed && key !== 'co2-relief' ? p.last - p.first + 1 : null,
        shareCents,
      });
      if (p.kind === 'own-use') ownUseCents += shareCents;
      else if (p.flatRate) flatRateCents += shareCents;
      else tenantsCents += shareCents;
    });
    const vacancyCents = pot.vacancyCents ?? 0;
    const unmeteredCents = pot.unmeteredCents ?? 0;
    const landlordCents = vacancyCents + ownUseCents + flatRateCents + unmeteredCents + cutCents + relief;
    out.landlordRows.push({ costIndex: index, unitsMilli: null, days: null, shareCents: landlordCents });
    const differenceCents = tenantsCents + landlordCents - pot.amountCents;
    if (differenceCents !== 0) {
      out.warnings.push({
        code: 'shares-do-not-add-up',
        severity: 'error',
        message: `„${HEATING_ROW_NAMES[key]}“: Mieter und Vermieter ergeben nicht den Betrag.`,
        path: `heating.${key}`,
      });
    }
    out.costs.push({
      index,
      key,
      amountCents: pot.amountCents,
      totalUnitsMilli: pot.totalUnitsMilli ?? null,
      totalDays: computed && key !== 'co2-relief' ? ctx.period.last - ctx.period.first + 1 : null,
      totalWeight: pot.amountCents,
      landlord: {
        vacancyCents,
        ownUseCents,
        ...(flatRateCents ? { flatRateCents } : {}),
        unmeteredCents,
        ...(key === 'co2-relief' ? { co2ReliefCents: relief } : {}),
        ...(cutCents ? { cutCents } : {}),
        shareCents: landlordCents,
      },
      differenceCents,
    });
  };
  add('heating', result.heating);
  if (hasHotWater(input, result)) add('hot-water', result.hotWater);
  if (result.relief)
    add('co2-relief', { amountCents: 0, shares: result.relief.shares }, result.relief.landlordCents);
  return out;
}

function hasHotWater(input: HeatingInput, result: HeatingResult): boolean {
  return input.mode === 'computed'
    ? input.computed?.hotWater !== undefined
    : result.hotWater.amountCents !== 0;
}
