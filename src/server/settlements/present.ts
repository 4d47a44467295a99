import type { SettlementJson } from '../../shared/schemas/settlement-json';
import type { SettlementRow } from './queries';
import type { SettlementView } from './view';

const fromMilli = (v: number | null) => (v === null ? null : v / 1000);

/** What the rows around a settlement add: its letters once final, its correction, the credits a finalize takes. */
export interface SettlementExtras {
  letters: Map<string, { fileName: string; charged: boolean }>;
  correctedById: string | null;
  /** Tenant statements that are not a free re-issue of an earlier version. */
  free: Set<string>;
}

export function presentSettlement(
  row: SettlementRow,
  { snapshot, result }: SettlementView,
  extras: SettlementExtras,
): SettlementJson {
  const { entries } = snapshot;
  const units = new Map(snapshot.units.map((u) => [u.id, u]));
  const tenancies = new Map(snapshot.tenancies.map((t) => [t.id, t]));
  const costName = (i: number) => entries.costs[i]?.name ?? '';
  const rowsOf = (rows: SettlementView['result']['tenancies'][number]['rows']) =>
    rows.map((r) => {
      const c = result.costs[r.costIndex];
      return {
        name: costName(r.costIndex),
        key: c?.key ?? 'area',
        amountCents: c?.amountCents ?? 0,
        totalUnits: fromMilli(c?.totalUnitsMilli ?? null),
        totalDays: c?.totalDays ?? null,
        units: fromMilli(r.unitsMilli),
        days: r.days,
        shareCents: r.shareCents,
      };
    });
  const tenantShares = (i: number) =>
    result.tenancies.filter((t) => t.kind === 'tenant').reduce((s, t) => s + (t.rows[i]?.shareCents ?? 0), 0);
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName: snapshot.property.name,
    status: row.status,
    version: row.version,
    correctsId: row.correctsId,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    periodDays: result.periodDays,
    costs: entries.costs,
    ...(entries.prepaymentsPaidCents ? { prepaymentsPaidCents: entries.prepaymentsPaidCents } : {}),
    ...(entries.letter ? { letter: entries.letter } : {}),
    units: result.units.map((u) => ({
      unitId: u.unitId,
      label: units.get(u.unitId)?.label ?? '',
      vacantDays: u.vacantDays,
      segments: u.segments.map((s) => ({
        ...s,
        name: s.tenancyId ? (tenancies.get(s.tenancyId)?.tenant.name ?? null) : null,
      })),
    })),
    statements: result.tenancies
      .filter((t) => t.kind === 'tenant')
      .map((t) => ({
        tenancyId: t.tenancyId,
        unitId: t.unitId,
        unitLabel: units.get(t.unitId)?.label ?? '',
        tenantName: tenancies.get(t.tenancyId)?.tenant.name ?? '',
        start: t.start,
        end: t.end,
        days: t.days,
        rows: rowsOf(t.rows),
        totalCents: t.totalCents,
        prepaymentCents: t.prepaymentCents,
        prepaymentEntered: t.prepaymentEntered,
        balanceCents: t.balanceCents,
        final: extras.letters.get(t.tenancyId) ?? null,
      })),
    ownUse: result.tenancies
      .filter((t) => t.kind === 'own-use')
      .map((t) => ({
        tenancyId: t.tenancyId,
        unitLabel: units.get(t.unitId)?.label ?? '',
        name: tenancies.get(t.tenancyId)?.tenant.name ?? '',
        days: t.days,
        totalCents: t.totalCents,
      })),
    landlord: {
      rows: result.costs.map((c) => ({
        name: costName(c.index),
        key: c.key,
        amountCents: c.amountCents,
        ...c.landlord,
      })),
      totalCents: result.landlord.totalCents,
    },
    checks: result.costs.map((c) => ({
      name: costName(c.index),
      amountCents: c.amountCents,
      tenantsCents: tenantShares(c.index),
      landlordCents: c.landlord.shareCents,
      differenceCents: c.differenceCents,
    })),
    warnings: result.warnings,
    totalCostsCents: entries.costs.reduce((s, c) => s + c.amountCents, 0),
    correctedById: extras.correctedById,
    creditsNeeded:
      row.status === 'final'
        ? 0
        : result.tenancies.filter((t) => t.kind === 'tenant' && !extras.free.has(t.tenancyId)).length,
    snapshotHash: row.snapshotHash,
    finalizedAt: row.finalizedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
