// GET /api/workspaces/{id}/arrears: who owes rent since when across the workspace's properties, with
// the default interest to the bank files' last day (docs/domain/late-rent.md).

import { and, desc, eq, gte } from 'drizzle-orm';
import { rentAccount } from '../../shared/bank/rent-account';
import { isoDateInBerlin } from '../../shared/dates';
import { landsOfPostalCode } from '../../shared/rent/holidays';
import { lateRent } from '../../shared/rent/late-rent';
import { nextReminder } from '../../shared/rent/next-reminder';
import { bankCoverage } from '../bank/coverage';
import { accountPayment, tenantPayments } from '../bank/prepayments';
import { presentTenancy } from '../buildings/present';
import { listTenancies, listUnits } from '../buildings/queries';
import type { Db } from '../db/client';
import { reminderPauses, rentReminders } from '../db/schema';
import { listProperties } from '../properties/queries';
import { withinLimit } from '../workspaces/property-limit';
import { rentSettingsOf } from './rent-settings';

export async function workspaceArrears(
  db: Db,
  scope: { workspaceId: string; propertyIds: string[] | null },
  /** Absent: the workspace's setting. */
  given?: number,
) {
  const { workspaceId } = scope;
  const graceDays = given ?? (await rentSettingsOf(db, workspaceId)).graceDays;
  const covered = await bankCoverage(db, workspaceId);
  if (!covered) return { asOf: null, graceDays, tenancies: [] };
  const properties = withinLimit(scope, await listProperties(db, workspaceId), (p) => p.id);
  const houses = await Promise.all(
    properties.map(async (p) => ({
      property: p,
      units: await listUnits(db, workspaceId, p.id),
      tenancies: (await listTenancies(db, workspaceId, p.id))
        .map(presentTenancy)
        .filter((t) => t.kind === 'tenant' && !t.flatRate),
    })),
  );
  const pauses = await pausesInForce(db, workspaceId, isoDateInBerlin(new Date()));
  const letters = await lastReminders(db, workspaceId);
  const payments = await tenantPayments(
    db,
    workspaceId,
    houses.flatMap((h) => h.tenancies.map((t) => t.id)),
  );
  const tenancies = houses.flatMap(({ property, units, tenancies }) =>
    tenancies.map((t) => {
      const own = payments.get(t.id) ?? [];
      const start = t.start && t.start > covered.from ? t.start : covered.from;
      const account = rentAccount(t, own.map(accountPayment), {
        from: start.slice(0, 7),
        to: covered.to.slice(0, 7),
      });
      const commercial = units.find((u) => u.id === t.unitId)?.kind === 'commercial';
      const late = lateRent(account, new Map(own.map((p) => [p.id, p.bookingDate])), {
        asOf: covered.to,
        graceDays,
        points: commercial ? 9 : 5,
        lands: landsOfPostalCode(property.postalCode),
      });
      return {
        tenancyId: t.id,
        propertyId: property.id,
        propertyName: property.name,
        unitLabel: units.find((u) => u.id === t.unitId)?.label ?? '',
        tenantName: t.tenant.name,
        commercial,
        ...late,
        pause: pauses.get(t.id) ?? null,
        nextReminder: nextReminder(
          { ...late, paused: pauses.has(t.id) },
          letters.get(t.id) ?? null,
          graceDays,
        ),
      };
    }),
  );
  return {
    asOf: covered.to,
    graceDays,
    tenancies: tenancies
      .filter((t) => t.months.length > 0)
      .sort((a, b) => (a.lateSince ?? '9999').localeCompare(b.lateSince ?? '9999')),
  };
}

/** The workspace's Mahnsperren still in force today, by tenancy. */
export async function pausesInForce(db: Db, workspaceId: string, today: string) {
  const rows = await db
    .select({
      tenancyId: reminderPauses.tenancyId,
      until: reminderPauses.until,
      reason: reminderPauses.reason,
    })
    .from(reminderPauses)
    .where(and(eq(reminderPauses.workspaceId, workspaceId), gte(reminderPauses.until, today)));
  return new Map(rows.map((r) => [r.tenancyId, { until: r.until, reason: r.reason }]));
}

/** Each tenancy's latest reminder: the next level follows it once its day to pay has passed. */
async function lastReminders(db: Db, workspaceId: string) {
  const rows = await db
    .selectDistinctOn([rentReminders.tenancyId], {
      tenancyId: rentReminders.tenancyId,
      level: rentReminders.level,
      createdAt: rentReminders.createdAt,
      payBy: rentReminders.payBy,
    })
    .from(rentReminders)
    .where(eq(rentReminders.workspaceId, workspaceId))
    .orderBy(rentReminders.tenancyId, desc(rentReminders.createdAt));
  return new Map(
    rows.map(({ tenancyId, createdAt, ...r }) => [tenancyId, { ...r, createdAt: createdAt.toISOString() }]),
  );
}
