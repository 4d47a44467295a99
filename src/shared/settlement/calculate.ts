// calculateSettlement: every party's share of every cost of a building for one period (domain.md
// §1–2). Pure and deterministic: the browser runs it while typing, the server when finalizing.

import { splitByWeights } from '../arithmetic/largest-remainder';
import { fromDayNumber, isIsoDate, oneYearPeriodEnd, toDayNumber } from '../dates';
import type { HeatingContext } from '../heating/types';
import { heatingRows } from './heating-rows';
import { occupancy, type Span, spanDays, stretches } from './occupancy';
import { agreedPrepaymentCents } from './prepayments';
import type {
  CostInput,
  CostResult,
  SettlementInput,
  SettlementResult,
  SettlementWarning,
  ShareRow,
  TenancyInput,
  TenancyResult,
  UnitInput,
  UnitTimeline,
} from './types';

/** Stored with every final settlement: a changed engine must not silently change old figures. */
export const ENGINE_VERSION = 1;

const MILLI = 1000;

interface Party {
  tenancy: TenancyInput;
  unit: UnitInput;
  span: Span;
}

/** A cost's weights: one per tenancy party, then the landlord's vacancy and unmetered rest. */
interface Weights {
  tenancy: bigint[];
  /** Per tenancy: its units (thousandths) and days as printed. */
  printed: Array<{ unitsMilli: number | null; days: number | null }>;
  vacancy: bigint;
  unmetered: bigint;
  totalUnitsMilli: number | null;
  totalDays: number | null;
}

export function calculateSettlement(input: SettlementInput): SettlementResult {
  const warnings: SettlementWarning[] = [];
  if (!validPeriod(input.periodStart, input.periodEnd)) {
    warnings.push({
      code: 'period-invalid',
      severity: 'error',
      message: 'Der Abrechnungszeitraum muss gültig sein und darf höchstens 12 Monate umfassen.',
      path: 'periodEnd',
    });
    return {
      periodDays: 0,
      units: [],
      costs: [],
      tenancies: [],
      landlord: { rows: [], totalCents: 0 },
      warnings,
    };
  }
  const period: Span = { first: toDayNumber(input.periodStart), last: toDayNumber(input.periodEnd) };
  const periodDays = spanDays(period);
  const units = new Map(input.units.map((u) => [u.id, u]));
  const known = input.tenancies.filter((t) => units.has(t.unitId));
  const occ = occupancy(input.units, known, period);
  for (const [a, b] of occ.overlaps) {
    warnings.push({
      code: 'tenancy-overlap',
      severity: 'error',
      message: `Die Mietverhältnisse „${nameOf(known, a)}“ und „${nameOf(known, b)}“ überschneiden sich.`,
      path: `tenancies.${b}`,
    });
  }

  const parties: Party[] = [];
  for (const tenancy of known) {
    const span = occ.spans.get(tenancy.id);
    const unit = units.get(tenancy.unitId);
    if (span && unit) parties.push({ tenancy, unit, span });
  }
  const partyStretches = parties.map((p) => stretches(p.tenancy, p.span));
  const vacantUnitDays = occ.timelines.reduce((sum, t) => sum + t.vacantDays, 0);
  const vacantAreaDays = occ.timelines.reduce(
    (sum, t) => sum + BigInt(units.get(t.unitId)?.areaMilli ?? 0) * BigInt(t.vacantDays),
    0n,
  );
  const vacantMeaDays = occ.timelines.reduce(
    (sum, t) => sum + BigInt(units.get(t.unitId)?.meaMilli ?? 0) * BigInt(t.vacantDays),
    0n,
  );
  const personDays = partyStretches.map((list) => list.reduce((sum, s) => sum + s.persons * spanDays(s), 0));

  const rows: ShareRow[][] = parties.map(() => []);
  const landlordRows: ShareRow[] = [];
  const costs: CostResult[] = input.costs.map((cost, index) => {
    const w = weightsOf(cost, index);
    const total = w.tenancy.reduce((s, x) => s + x, 0n) + w.vacancy + w.unmetered;
    let shares: number[];
    if (total > 0n) {
      shares = splitByWeights(cost.amountCents, [...w.tenancy, w.vacancy, w.unmetered], total);
    } else {
      if (cost.amountCents > 0) {
        warnings.push({
          code: 'key-total-zero',
          severity: 'error',
          message: `„${costLabel(cost, index)}“: Die Summe des Schlüssels ist 0; der Betrag kann nicht verteilt werden.`,
          path: `costs.${index}.key`,
        });
      }
      // nothing to divide by: the landlord keeps the amount, so the columns still add up
      shares = [...w.tenancy.map(() => 0), 0, cost.amountCents];
    }
    let ownUseCents = 0;
    let tenantsCents = 0;
    for (let i = 0; i < parties.length; i++) {
      const shareCents = shares[i] ?? 0;
      const printed = w.printed[i];
      rows[i]?.push({
        costIndex: index,
        unitsMilli: printed?.unitsMilli ?? null,
        days: printed?.days ?? null,
        shareCents,
      });
      if (parties[i]?.tenancy.kind === 'own-use') ownUseCents += shareCents;
      else tenantsCents += shareCents;
    }
    const vacancyCents = shares[parties.length] ?? 0;
    const unmeteredCents = shares[parties.length + 1] ?? 0;
    const landlordCents = vacancyCents + ownUseCents + unmeteredCents;
    landlordRows.push({ costIndex: index, unitsMilli: null, days: null, shareCents: landlordCents });
    const differenceCents = tenantsCents + landlordCents - cost.amountCents;
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
      totalUnitsMilli: w.totalUnitsMilli,
      totalDays: w.totalDays,
      totalWeight: Number(total),
      landlord: { vacancyCents, ownUseCents, unmeteredCents, shareCents: landlordCents },
      differenceCents,
    };
  });

  const heating = input.heating
    ? heatingRows(input.heating, heatingContext(input, period, parties, occ.timelines), costs.length)
    : null;
  if (heating) {
    costs.push(...heating.costs);
    heating.partyRows.forEach((list, i) => {
      rows[i]?.push(...list);
    });
    landlordRows.push(...heating.landlordRows);
    warnings.push(...heating.warnings);
  }

  const paid = input.prepaymentsPaidCents ?? {};
  const tenancies: TenancyResult[] = parties.map((p, i) => {
    const own = rows[i] ?? [];
    const co2 = heating?.co2ByParty[i];
    const totalCents = own.reduce((s, r) => s + r.shareCents, 0);
    const entered = p.tenancy.kind === 'tenant' && paid[p.tenancy.id] !== undefined;
    const prepaymentCents =
      p.tenancy.kind === 'own-use'
        ? 0
        : entered
          ? (paid[p.tenancy.id] ?? 0)
          : agreedPrepaymentCents(partyStretches[i] ?? []);
    return {
      tenancyId: p.tenancy.id,
      kind: p.tenancy.kind,
      unitId: p.unit.id,
      days: spanDays(p.span),
      start: fromDayNumber(p.span.first),
      end: fromDayNumber(p.span.last),
      rows: own,
      totalCents,
      prepaymentCents,
      prepaymentEntered: entered,
      balanceCents: totalCents - prepaymentCents,
      ...(co2 ? { co2 } : {}),
    };
  });

  return {
    periodDays,
    units: occ.timelines,
    costs,
    tenancies,
    landlord: { rows: landlordRows, totalCents: landlordRows.reduce((s, r) => s + r.shareCents, 0) },
    warnings,
    ...(heating ? { heating: heating.summary } : {}),
  };

  function weightsOf(cost: CostInput, index: number): Weights {
    const none = { unitsMilli: null, days: null };
    switch (cost.key) {
      case 'area':
      case 'units':
      case 'mea': {
        const per = (u: UnitInput): number =>
          cost.key === 'area' ? u.areaMilli : cost.key === 'units' ? MILLI : (u.meaMilli ?? 0);
        if (cost.key === 'mea' && input.units.some((u) => u.meaMilli === null)) {
          warnings.push({
            code: 'mea-missing',
            severity: 'error',
            message: `„${costLabel(cost, index)}“: Für den Schlüssel Miteigentumsanteile braucht jede Einheit ihren Anteil.`,
            path: `costs.${index}.key`,
          });
        }
        const totalUnitsMilli = input.units.reduce((s, u) => s + per(u), 0);
        const vacancy =
          cost.key === 'area'
            ? vacantAreaDays
            : cost.key === 'mea'
              ? vacantMeaDays
              : BigInt(vacantUnitDays * MILLI);
        return {
          tenancy: parties.map((p) => BigInt(per(p.unit)) * BigInt(spanDays(p.span))),
          printed: parties.map((p) => ({ unitsMilli: per(p.unit), days: spanDays(p.span) })),
          vacancy,
          unmetered: 0n,
          totalUnitsMilli,
          totalDays: periodDays,
        };
      }
      case 'persons': {
        // a vacant unit-day counts as one person, the landlord's (BGH VIII ZR 180/12)
        const totalPersonDays = personDays.reduce((s, x) => s + x, 0) + vacantUnitDays;
        return {
          tenancy: personDays.map((d) => BigInt(d)),
          printed: personDays.map((d) => ({ unitsMilli: d * MILLI, days: null })),
          vacancy: BigInt(vacantUnitDays),
          unmetered: 0n,
          totalUnitsMilli: totalPersonDays * MILLI,
          totalDays: null,
        };
      }
      case 'consumption': {
        const readings = cost.consumption?.byTenancyMilli ?? {};
        const totalMilli = cost.consumption?.totalMilli ?? 0;
        const values = parties.map((p) => {
          const value = readings[p.tenancy.id];
          if (value === undefined && p.tenancy.kind === 'tenant') {
            warnings.push({
              code: 'consumption-missing',
              severity: 'warning',
              message: `„${costLabel(cost, index)}“: Für „${p.tenancy.name}“ fehlt der Verbrauch; ohne Wert trägt ihn der Vermieter.`,
              path: `costs.${index}.consumption.byTenancy.${p.tenancy.id}`,
            });
          }
          return value ?? 0;
        });
        const measured = values.reduce((s, v) => s + v, 0);
        if (measured > totalMilli) {
          warnings.push({
            code: 'consumption-exceeds-total',
            severity: 'error',
            message: `„${costLabel(cost, index)}“: Die Verbräuche der Mietverhältnisse übersteigen den Gesamtverbrauch.`,
            path: `costs.${index}.consumption.totalUnits`,
          });
        }
        return {
          tenancy: values.map((v) => BigInt(v)),
          printed: values.map((v) => ({ unitsMilli: v, days: null })),
          vacancy: 0n,
          unmetered: BigInt(Math.max(0, totalMilli - measured)),
          totalUnitsMilli: totalMilli,
          totalDays: null,
        };
      }
      case 'direct': {
        const target = parties.findIndex((p) => p.tenancy.id === cost.tenancyId);
        if (target < 0) {
          warnings.push({
            code: 'direct-tenancy-unknown',
            severity: 'error',
            message: `„${costLabel(cost, index)}“: Bitte wählen Sie ein Mietverhältnis dieses Zeitraums.`,
            path: `costs.${index}.tenancyId`,
          });
        }
        return {
          tenancy: parties.map((_, i) => (i === target ? 1n : 0n)),
          printed: parties.map(() => none),
          vacancy: 0n,
          unmetered: target < 0 ? 1n : 0n,
          totalUnitsMilli: null,
          totalDays: null,
        };
      }
    }
  }
}

function heatingContext(
  input: SettlementInput,
  period: Span,
  parties: Party[],
  timelines: UnitTimeline[],
): HeatingContext {
  return {
    period,
    shortPeriod: input.periodEnd < oneYearPeriodEnd(input.periodStart),
    parties: parties.map((p) => ({
      tenancyId: p.tenancy.id,
      unitId: p.unit.id,
      kind: p.tenancy.kind,
      name: p.tenancy.name,
      first: p.span.first,
      last: p.span.last,
      areaMilli: p.unit.areaMilli,
    })),
    units: input.units.map((u) => ({
      id: u.id,
      areaMilli: u.areaMilli,
      vacant: (timelines.find((t) => t.unitId === u.id)?.segments ?? [])
        .filter((s) => s.kind === 'vacancy')
        .map((s) => ({ first: toDayNumber(s.start), last: toDayNumber(s.end) })),
    })),
  };
}

function validPeriod(start: string, end: string): boolean {
  return isIsoDate(start) && isIsoDate(end) && start <= end && end <= oneYearPeriodEnd(start);
}

function nameOf(tenancies: TenancyInput[], id: string): string {
  return tenancies.find((t) => t.id === id)?.name ?? id;
}

function costLabel(cost: CostInput, index: number): string {
  return cost.name || `Position ${index + 1}`;
}
