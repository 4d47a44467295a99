// §9a HeizkostenV: consumption that could not be read may be estimated, but where the estimated
// (or missing) readings cover more than 25 % of the area, a pot may no longer be split by consumption.

import type { HeatingContext, HeatingWarning, Readings } from './types';

/** Area × days (thousandths of a m² × days) whose reading is estimated, missing, and in all. */
export function readingCoverage(
  readings: Readings,
  ctx: HeatingContext,
): { estimated: bigint; missing: bigint; total: bigint } {
  const estimatedIds = new Set(readings.estimated ?? []);
  const periodDays = BigInt(ctx.period.last - ctx.period.first + 1);
  let estimated = 0n;
  let missing = 0n;
  for (const p of ctx.parties) {
    const weight = BigInt(p.areaMilli) * BigInt(p.last - p.first + 1);
    const own = readings.byTenancyMilli[p.tenancyId] !== undefined;
    const ofUnit = !own && readings.byUnitMilli[p.unitId] !== undefined;
    if (!own && !ofUnit) missing += weight;
    else if (estimatedIds.has(p.tenancyId) || (ofUnit && estimatedIds.has(p.unitId))) estimated += weight;
  }
  // a vacant stretch's consumption is only known from its flat's reading, estimated with it
  for (const u of ctx.units) {
    if (readings.byUnitMilli[u.id] === undefined || !estimatedIds.has(u.id)) continue;
    for (const v of u.vacant) estimated += BigInt(u.areaMilli) * BigInt(v.last - v.first + 1);
  }
  const total = ctx.units.reduce((s, u) => s + BigInt(u.areaMilli) * periodDays, 0n);
  return { estimated, missing, total };
}

/**
 * §9a(2): over 25 % estimated, the pot goes by area only (`areaOnly`); over 25 % estimated or
 * missing, a warning asks for the readings. The area is weighted by days, like the area part.
 */
export function estimatedReadingsCheck(
  readings: Readings,
  ctx: HeatingContext,
  pot: 'heating' | 'hot-water',
  path: string,
): { areaOnly: boolean; warning: HeatingWarning | null } {
  const { estimated, missing, total } = readingCoverage(readings, ctx);
  const costs = pot === 'heating' ? 'Heizkosten' : 'Warmwasserkosten';
  if (total > 0n && estimated * 4n > total) {
    return {
      areaOnly: true,
      warning: {
        code: 'heating-estimated-over-25',
        severity: 'warning',
        message: `Für mehr als 25 % der Wohnfläche sind die Verbrauchswerte geschätzt: Die ${costs} werden deshalb ausschließlich nach Wohnfläche verteilt (§ 9a Abs. 2 HeizkostenV).`,
        path: `${path}.estimated`,
      },
    };
  }
  const anyReading =
    Object.keys(readings.byTenancyMilli).length > 0 || Object.keys(readings.byUnitMilli).length > 0;
  if (anyReading && total > 0n && (estimated + missing) * 4n > total) {
    return {
      areaOnly: false,
      warning: {
        code: 'heating-readings-missing-over-25',
        severity: 'warning',
        message: `Für mehr als 25 % der Wohnfläche fehlen Verbrauchswerte der ${costs}. Geschätzt werden darf nur für höchstens 25 % der Fläche; darüber sind die Kosten ausschließlich nach Wohnfläche zu verteilen (§ 9a HeizkostenV). Bitte tragen Sie die Ablesewerte ein oder kennzeichnen Sie geschätzte Werte.`,
        path: `${path}.byTenancy`,
      },
    };
  }
  return { areaOnly: false, warning: null };
}
