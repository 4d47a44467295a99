// Consumption weights of one pot (heat units or hot-water m³): a tenancy's own reading, else its part
// of its unit's reading by §9b HeizkostenV; vacant days' consumption and the unmetered rest are the
// landlord's.

import { splitByWeights } from '../arithmetic/largest-remainder';
import { degreeDays } from './degree-days';
import type { HeatingContext, HeatingWarning, Readings } from './types';

export interface ConsumptionWeights {
  parties: Array<number | null>;
  vacancy: number;
  unmetered: number;
  total: number;
}

export function consumptionWeights(
  readings: Readings,
  ctx: HeatingContext,
  spread: 'degree-days' | 'days',
  path: string,
  warnings: HeatingWarning[],
): ConsumptionWeights {
  const parties: Array<number | null> = ctx.parties.map((p) => readings.byTenancyMilli[p.tenancyId] ?? null);
  let vacancy = 0;
  for (const unit of ctx.units) {
    const reading = readings.byUnitMilli[unit.id];
    if (reading === undefined) continue;
    const members = ctx.parties.map((p, i) => ({ p, i })).filter(({ p }) => p.unitId === unit.id);
    const read = members.reduce((s, { i }) => s + (parties[i] ?? 0), 0);
    const open = [
      ...members
        .filter(({ i }) => parties[i] === null)
        .map(({ p, i }) => ({ first: p.first, last: p.last, i })),
      ...unit.vacant.map((v) => ({ ...v, i: -1 })),
    ];
    if (open.length === 0) continue;
    const weights = open.map((s) =>
      spread === 'degree-days' ? degreeDays(s.first, s.last) : BigInt(s.last - s.first + 1),
    );
    const total = weights.reduce((s, w) => s + w, 0n);
    const parts = total > 0n ? splitByWeights(Math.max(0, reading - read), weights, total) : [];
    open.forEach((s, k) => {
      if (s.i < 0) vacancy += parts[k] ?? 0;
      else parties[s.i] = parts[k] ?? 0;
    });
    if (open.length > 1) {
      warnings.push({
        code: 'heating-degree-days',
        severity: 'warning',
        message:
          spread === 'degree-days'
            ? 'Ohne Zwischenablesung wird der Heizverbrauch der Wohnung nach Gradtagszahlen aufgeteilt (§ 9b HeizkostenV).'
            : 'Ohne Zwischenablesung wird der Warmwasserverbrauch der Wohnung nach Tagen aufgeteilt (§ 9b HeizkostenV).',
        path: `${path}.byUnit.${unit.id}`,
      });
    }
  }
  ctx.parties.forEach((p, i) => {
    if (parties[i] === null && p.kind === 'tenant') {
      warnings.push({
        code: 'heating-reading-missing',
        severity: 'warning',
        message: `Für „${p.name}“ fehlt die Ablesung; ohne Wert trägt der Vermieter den Verbrauchsanteil. Bei geschätzten Werten gilt § 9a HeizkostenV.`,
        path: `${path}.byTenancy.${p.tenancyId}`,
      });
    }
  });
  const measured = parties.reduce<number>((s, v) => s + (v ?? 0), 0) + vacancy;
  if (measured > readings.totalMilli) {
    warnings.push({
      code: 'heating-readings-exceed-total',
      severity: 'error',
      message: 'Die Ablesungen der Wohnungen übersteigen den Gesamtverbrauch des Gebäudes.',
      path: `${path}.totalUnits`,
    });
  }
  const unmetered = Math.max(0, readings.totalMilli - measured);
  return { parties, vacancy, unmetered, total: measured + unmetered };
}
