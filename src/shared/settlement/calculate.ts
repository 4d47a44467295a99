// calculateSettlement: every party's share of every cost of a building for one period
// (docs/domain/statement.md). Pure and deterministic: the browser runs it while typing, the server when finalizing.
// Its phases, each a module with its own tests: occupancy → parties (parties.ts) → weights
// (weights.ts) → split and landlord (split.ts) → heating readings from meters (heating-meters.ts) →
// heating rows (heating-rows.ts) → prepayments (tenancy-results.ts).

import { isIsoDate, oneYearPeriodEnd, toDayNumber } from '../dates';
import type { HeatingContext } from '../heating/types';
import { heatingWithMeterReadings } from './heating-meters';
import { heatingRows } from './heating-rows';
import { type House, houseOf } from './parties';
import { landlordShare, splitCost } from './split';
import { tenancyResults } from './tenancy-results';
import type { CostResult, SettlementInput, SettlementResult, SettlementWarning, ShareRow } from './types';
import { costLabel, weightsOf } from './weights';

/** Stored with every final settlement: a changed engine must not silently change old figures. */
export const ENGINE_VERSION = 1;

export function calculateSettlement(input: SettlementInput): SettlementResult {
  if (!validPeriod(input.periodStart, input.periodEnd)) return invalidPeriod();
  const house = houseOf(input, {
    first: toDayNumber(input.periodStart),
    last: toDayNumber(input.periodEnd),
  });
  const warnings: SettlementWarning[] = [...house.warnings];
  const rows: ShareRow[][] = house.parties.map(() => []);
  const landlordRows: ShareRow[] = [];

  const costs: CostResult[] = input.costs.map((cost, index) => {
    const weights = weightsOf(cost, index, house);
    const split = splitCost(cost, index, weights);
    const { landlord, tenantsCents } = landlordShare(split, house.parties);
    warnings.push(...weights.warnings, ...split.warnings);
    house.parties.forEach((_, i) => {
      rows[i]?.push({
        costIndex: index,
        unitsMilli: weights.printed[i]?.unitsMilli ?? null,
        days: weights.printed[i]?.days ?? null,
        shareCents: split.partyCents[i] ?? 0,
      });
    });
    landlordRows.push({ costIndex: index, unitsMilli: null, days: null, shareCents: landlord.shareCents });
    const differenceCents = tenantsCents + landlord.shareCents - cost.amountCents;
    if (differenceCents !== 0) {
      warnings.push({
        code: 'shares-do-not-add-up',
        severity: 'error',
        message: `„${costLabel(cost, index)}“: Mieter und Vermieter ergeben nicht den Betrag.`,
        path: `costs.${index}.amountCents`,
      });
    }
    return {
      index,
      key: cost.key,
      amountCents: cost.amountCents,
      totalUnitsMilli: weights.totalUnitsMilli,
      totalDays: weights.totalDays,
      totalWeight: Number(split.totalWeight),
      landlord,
      differenceCents,
      ...(cost.unitIds ? { unitIds: cost.unitIds } : {}),
    };
  });

  const heating = input.heating
    ? heatingRows(heatingWithMeterReadings(input.heating, house), heatingContext(input, house), costs.length)
    : null;
  if (heating) {
    costs.push(...heating.costs);
    heating.partyRows.forEach((list, i) => {
      rows[i]?.push(...list);
    });
    landlordRows.push(...heating.landlordRows);
    warnings.push(...heating.warnings);
  }

  return {
    periodDays: house.periodDays,
    units: house.timelines,
    costs,
    tenancies: tenancyResults(
      house,
      rows,
      heating?.co2ByParty ?? [],
      input.prepaymentsPaidCents ?? {},
      heating?.cutsByParty,
    ),
    landlord: { rows: landlordRows, totalCents: landlordRows.reduce((s, r) => s + r.shareCents, 0) },
    warnings,
    ...(heating ? { heating: heating.summary } : {}),
  };
}

function invalidPeriod(): SettlementResult {
  return {
    periodDays: 0,
    units: [],
    costs: [],
    tenancies: [],
    landlord: { rows: [], totalCents: 0 },
    warnings: [
      {
        code: 'period-invalid',
        severity: 'error',
        message: 'Der Abrechnungszeitraum muss gültig sein und darf höchstens 12 Monate umfassen.',
        path: 'periodEnd',
      },
    ],
  };
}

/** A parking space is not heated: the area parts of heating and the CO2 kg/m² leave it out. */
function heatedArea(unit: { kind?: string; areaMilli: number }): number {
  return unit.kind === 'parking' ? 0 : unit.areaMilli;
}

function heatingContext(input: SettlementInput, house: House): HeatingContext {
  return {
    period: house.period,
    shortPeriod: input.periodEnd < oneYearPeriodEnd(input.periodStart),
    parties: house.parties.map((p) => ({
      tenancyId: p.tenancy.id,
      unitId: p.unit.id,
      kind: p.tenancy.kind,
      ...(p.tenancy.flatRate ? { flatRate: true } : {}),
      name: p.tenancy.name,
      first: p.span.first,
      last: p.span.last,
      areaMilli: heatedArea(p.unit),
    })),
    units: input.units.map((u) => ({
      id: u.id,
      areaMilli: heatedArea(u),
      vacant: (house.timelines.find((t) => t.unitId === u.id)?.segments ?? [])
        .filter((s) => s.kind === 'vacancy')
        .map((s) => ({ first: toDayNumber(s.start), last: toDayNumber(s.end) })),
    })),
  };
}

function validPeriod(start: string, end: string): boolean {
  return isIsoDate(start) && isIsoDate(end) && start <= end && end <= oneYearPeriodEnd(start);
}
