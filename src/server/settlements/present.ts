import { z } from '../../shared/schemas/zod';
import { SETTLEMENT_KEYS } from '../../shared/settlement/types';
import type { SettlementRow } from './queries';
import type { SettlementView } from './view';

const key = z.enum(SETTLEMENT_KEYS);
const iso = z.string().describe('ISO date');
const fromMilli = (v: number | null) => (v === null ? null : v / 1000);

const shareRow = z.object({
  name: z.string(),
  key,
  amountCents: z.number().int(),
  totalUnits: z
    .number()
    .nullable()
    .describe('The building’s units: m², units, MEA, person-days or consumption'),
  totalDays: z
    .number()
    .int()
    .nullable()
    .describe('Days of the period the units count for (area, units, mea)'),
  units: z.number().nullable().describe('The tenancy’s units; null for direct costs'),
  days: z.number().int().nullable(),
  shareCents: z.number().int(),
});

const warning = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  path: z.string(),
});

const cost = z.object({
  name: z.string(),
  amountCents: z.number().int(),
  key,
  consumption: z.object({ totalUnits: z.number(), byTenancy: z.record(z.string(), z.number()) }).optional(),
  tenancyId: z.string().optional(),
});

export const settlementJson = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  status: z.enum(['draft', 'final']),
  version: z.number().int(),
  correctsId: z.uuid().nullable(),
  periodStart: iso,
  periodEnd: iso,
  periodDays: z.number().int(),
  costs: z.array(cost),
  prepaymentsPaidCents: z.record(z.string(), z.number().int()).optional(),
  units: z.array(
    z.object({
      unitId: z.uuid(),
      label: z.string(),
      vacantDays: z.number().int(),
      segments: z.array(
        z.object({
          kind: z.enum(['tenant', 'own-use', 'vacancy']),
          tenancyId: z.string().nullable(),
          name: z.string().nullable(),
          start: iso,
          end: iso,
          days: z.number().int(),
        }),
      ),
    }),
  ),
  statements: z.array(
    z.object({
      tenancyId: z.uuid(),
      unitId: z.uuid(),
      unitLabel: z.string(),
      tenantName: z.string(),
      start: iso,
      end: iso,
      days: z.number().int(),
      rows: z.array(shareRow),
      totalCents: z.number().int(),
      prepaymentCents: z.number().int(),
      prepaymentEntered: z.boolean(),
      balanceCents: z.number().int().describe('Positive: Nachzahlung; negative: Guthaben'),
    }),
  ),
  ownUse: z.array(
    z.object({
      tenancyId: z.uuid(),
      unitLabel: z.string(),
      name: z.string(),
      days: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  landlord: z.object({
    rows: z.array(
      z.object({
        name: z.string(),
        key,
        amountCents: z.number().int(),
        vacancyCents: z.number().int(),
        ownUseCents: z.number().int(),
        unmeteredCents: z.number().int(),
        shareCents: z.number().int(),
      }),
    ),
    totalCents: z.number().int(),
  }),
  checks: z
    .array(
      z.object({
        name: z.string(),
        amountCents: z.number().int(),
        tenantsCents: z.number().int(),
        landlordCents: z.number().int(),
        differenceCents: z.number().int(),
      }),
    )
    .describe('Per cost: tenants + landlord − amount (always 0)'),
  warnings: z.array(warning),
  totalCostsCents: z.number().int(),
  snapshotHash: z.string().nullable(),
  finalizedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SettlementJson = z.infer<typeof settlementJson>;

export const settlementSummaryJson = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  status: z.enum(['draft', 'final']),
  version: z.number().int(),
  correctsId: z.uuid().nullable(),
  periodStart: iso,
  periodEnd: iso,
  totalCostsCents: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export function presentSettlement(row: SettlementRow, { snapshot, result }: SettlementView): SettlementJson {
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
    snapshotHash: row.snapshotHash,
    finalizedAt: row.finalizedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
