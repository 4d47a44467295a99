// Reminders of late rent (docs/domain/late-rent.md): made from what the bank files say is open, kept as
// their letter said it, printed as a one-page letter.

import { and, desc, eq, type SQL } from 'drizzle-orm';
import { addDays, isoDateInBerlin } from '../../shared/dates';
import { formatDateDe } from '../../shared/money';
import {
  type ReminderLetterSource,
  reminderLetterView,
  reminderTotal,
} from '../../shared/rent/reminder-letter';
import {
  REMINDER_TITLES,
  type ReminderJson,
  type reminderPauseBody,
  type reminderRequest,
} from '../../shared/schemas/late-rent';
import type { z } from '../../shared/schemas/zod';
import { findTenancy } from '../buildings/queries';
import type { Db } from '../db/client';
import { reminderPauses, rentReminders, users } from '../db/schema';
import { AppError, notFound } from '../errors';
import type { Scope } from '../workspaces/scope';
import { letterFileName, tenancyLetterParties } from './letter-parties';
import { reminderDeliveries } from './reminder-delivery';
import { workspaceArrears } from './workspace-arrears';

/** The days a reminder gives to pay, counted from its day. */
export const PAY_WITHIN_DAYS = 14;

type ReminderRow = typeof rentReminders.$inferSelect;

const tenancyNotFound = () => notFound('Mietverhältnis nicht gefunden.');
const reminderNotFound = () => notFound('Mahnung nicht gefunden.');

function present(
  row: ReminderRow,
  createdBy: string | null,
  delivery: ReminderJson['delivery'] = null,
): ReminderJson {
  return {
    id: row.id,
    tenancyId: row.tenancyId,
    level: row.level,
    title: REMINDER_TITLES[row.level],
    asOf: row.asOf,
    months: row.months,
    openCents: row.openCents,
    interestCents: row.interestCents,
    interestUntil: row.interestUntil,
    feeCents: row.feeCents,
    totalCents: reminderTotal(row),
    payBy: row.payBy,
    createdAt: row.createdAt.toISOString(),
    createdBy,
    delivery,
  };
}

/** A reminder of what is open today by the bank files; 409 when nothing is. */
export async function createReminder(
  db: Db,
  scope: Scope,
  tenancyId: string,
  request: z.output<typeof reminderRequest>,
  today: string,
): Promise<ReminderJson> {
  if (!(await findTenancy(db, scope.workspaceId, tenancyId))) throw tenancyNotFound();
  const arrears = await workspaceArrears(db, scope, request.graceDays);
  const late = arrears.tenancies.find((t) => t.tenancyId === tenancyId);
  if (late?.pause) {
    throw new AppError(
      'reminders_paused',
      409,
      `Für dieses Mietverhältnis gilt eine Mahnsperre bis ${formatDateDe(late.pause.until)}: ${late.pause.reason}`,
    );
  }
  if (!arrears.asOf || !late || late.openCents <= 0) {
    throw new AppError(
      'nothing_open',
      409,
      'Laut den Kontoauszügen ist für dieses Mietverhältnis keine Miete offen: es gibt nichts anzumahnen.',
    );
  }
  const [row] = await db
    .insert(rentReminders)
    .values({
      workspaceId: scope.workspaceId,
      tenancyId,
      level: request.level,
      asOf: arrears.asOf,
      months: late.months.filter((m) => m.openCents > 0),
      openCents: late.openCents,
      interestCents: late.interestCents,
      interestUntil: late.interestUntil,
      feeCents: request.feeCents,
      payBy: addDays(today, PAY_WITHIN_DAYS),
      createdBy: scope.userId,
    })
    .returning();
  return present(row as ReminderRow, scope.user.fullName);
}

/** The tenancy's reminders, newest first. */
export async function listReminders(db: Db, workspaceId: string, tenancyId: string): Promise<ReminderJson[]> {
  if (!(await findTenancy(db, workspaceId, tenancyId))) throw tenancyNotFound();
  return presentReminders(db, workspaceId, eq(rentReminders.tenancyId, tenancyId));
}

/** One reminder as the list shows it; 404 for another workspace's. */
export async function findReminder(db: Db, workspaceId: string, id: string): Promise<ReminderJson> {
  const [found] = await presentReminders(db, workspaceId, eq(rentReminders.id, id));
  if (!found) throw reminderNotFound();
  return found;
}

async function presentReminders(db: Db, workspaceId: string, which: SQL) {
  const rows = await db
    .select({ reminder: rentReminders, createdBy: users.name })
    .from(rentReminders)
    .leftJoin(users, eq(users.id, rentReminders.createdBy))
    .where(and(eq(rentReminders.workspaceId, workspaceId), which))
    .orderBy(desc(rentReminders.createdAt));
  const deliveries = await reminderDeliveries(
    db,
    workspaceId,
    rows.map((r) => r.reminder),
  );
  return rows.map((r) => present(r.reminder, r.createdBy, deliveries.get(r.reminder.id) ?? null));
}

/** The reminder's letter as it was made, with the sender kept today; its file name. */
export async function reminderLetter(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(rentReminders)
    .where(and(eq(rentReminders.id, id), eq(rentReminders.workspaceId, workspaceId)));
  if (!row) throw reminderNotFound();
  const tenancy = await findTenancy(db, workspaceId, row.tenancyId);
  if (!tenancy) throw reminderNotFound();
  const today = isoDateInBerlin(row.createdAt);
  const source: ReminderLetterSource = {
    ...(await tenancyLetterParties(db, workspaceId, tenancy)),
    level: row.level,
    months: row.months,
    openCents: row.openCents,
    interestCents: row.interestCents,
    interestUntil: row.interestUntil,
    feeCents: row.feeCents,
    asOf: row.asOf,
    today,
    payBy: row.payBy,
  };
  return {
    view: reminderLetterView(source),
    fileName: letterFileName(REMINDER_TITLES[row.level], tenancy.tenantName, today),
  };
}

/** A Mahnsperre: no reminder for the tenancy until the day given (one per tenancy, replaced when set again). */
export async function pauseReminders(
  db: Db,
  scope: Scope,
  tenancyId: string,
  body: z.output<typeof reminderPauseBody>,
) {
  if (!(await findTenancy(db, scope.workspaceId, tenancyId))) throw tenancyNotFound();
  const values = { until: body.until, reason: body.reason, createdBy: scope.userId };
  await db
    .insert(reminderPauses)
    .values({ tenancyId, workspaceId: scope.workspaceId, ...values })
    .onConflictDoUpdate({ target: reminderPauses.tenancyId, set: values });
  return { tenancyId, until: body.until, reason: body.reason };
}

/** Lifts the tenancy's Mahnsperre; 404 where there is none. */
export async function liftReminderPause(db: Db, workspaceId: string, tenancyId: string): Promise<void> {
  const removed = await db
    .delete(reminderPauses)
    .where(and(eq(reminderPauses.tenancyId, tenancyId), eq(reminderPauses.workspaceId, workspaceId)))
    .returning({ tenancyId: reminderPauses.tenancyId });
  if (removed.length === 0) throw notFound('Für dieses Mietverhältnis gilt keine Mahnsperre.');
}
