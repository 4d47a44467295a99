// Phase 1–2 of calculateSettlement: who occupied which unit on which days (occupancy), turned into the
// parties a cost is split over, and the house's day counts every key needs.

import { formatQuantity } from '../money';
import type { MeterInput } from './meter-consumption';
import { occupancy, type Span, type Stretch, spanDays, stretches } from './occupancy';
import type { SettlementInput, SettlementWarning, TenancyInput, UnitInput, UnitTimeline } from './types';

/** A tenancy (or own use) with its unit and its days within the period. */
export interface Party {
  tenancy: TenancyInput;
  unit: UnitInput;
  span: Span;
}

export interface House {
  period: Span;
  periodDays: number;
  units: readonly UnitInput[];
  parties: Party[];
  /** Per party: its days cut where persons or the prepayment change. */
  stretches: Stretch[][];
  /** Per party: Σ persons × days; 0 on a parking space, which has no persons. */
  personDays: number[];
  timelines: UnitTimeline[];
  /** Per unit: its vacant days in the period. */
  vacantDays: ReadonlyMap<string, number>;
  meters: readonly MeterInput[];
  warnings: SettlementWarning[];
}

export function houseOf(input: SettlementInput, period: Span): House {
  const units = new Map(input.units.map((u) => [u.id, u]));
  const known = input.tenancies.filter((t) => units.has(t.unitId));
  const occ = occupancy(input.units, known, period);
  const warnings: SettlementWarning[] = occ.overlaps.map(([a, b]) => ({
    code: 'tenancy-overlap',
    severity: 'error',
    message: `Die Mietverhältnisse „${nameOf(known, a)}“ und „${nameOf(known, b)}“ überschneiden sich.`,
    path: `tenancies.${b}`,
  }));
  const parties: Party[] = [];
  for (const tenancy of known) {
    const span = occ.spans.get(tenancy.id);
    const unit = units.get(tenancy.unitId);
    if (span && unit) parties.push({ tenancy, unit, span });
  }
  const partyStretches = parties.map((p) => stretches(p.tenancy, p.span));
  if (input.costs.some((c) => c.key === 'persons')) {
    warnings.push(...crowdedFlats(parties, partyStretches));
  }
  return {
    period,
    periodDays: spanDays(period),
    units: input.units,
    parties,
    stretches: partyStretches,
    personDays: parties.map((p, i) =>
      p.unit.kind === 'parking'
        ? 0
        : (partyStretches[i] ?? []).reduce((sum, s) => sum + s.persons * spanDays(s), 0),
    ),
    timelines: occ.timelines,
    vacantDays: new Map(occ.timelines.map((t) => [t.unitId, t.vacantDays])),
    meters: input.meters ?? [],
    warnings,
  };
}

/** Below this many m² per person, more than a few persons are more likely a typo ("12" for "2"). */
const M2_PER_PERSON = 8;

/** Tenancies with implausibly many persons for their flat's area: asked, as they drive the persons key. */
function crowdedFlats(parties: Party[], partyStretches: Stretch[][]): SettlementWarning[] {
  return parties.flatMap((p, i) => {
    const most = Math.max(0, ...(partyStretches[i] ?? []).map((s) => s.persons));
    const area = p.unit.areaMilli / 1000;
    if (p.unit.kind === 'parking' || most <= 4 || area / most >= M2_PER_PERSON) return [];
    return [
      {
        code: 'persons-implausible' as const,
        severity: 'warning' as const,
        message: `„${p.tenancy.name}“: ${most} Personen in ${formatQuantity(area)} m² – bitte prüfen Sie die Personenzahl.`,
        path: `tenancies.${p.tenancy.id}`,
      },
    ];
  });
}

function nameOf(tenancies: TenancyInput[], id: string): string {
  return tenancies.find((t) => t.id === id)?.name ?? id;
}
