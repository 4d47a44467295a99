// How a reminder of late rent goes to the tenant (docs/domain/late-rent.md): recorded as posted or
// handed over, or mailed with a private link to its page, whose first opening is the proof. A
// reminder the bank files have since made pointless — the months paid, or money in since — is not
// sent: the landlord makes a new one of what is open.

import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatCents, formatDateDe } from '../../shared/money';
import { reminderTotal } from '../../shared/rent/reminder-letter';
import {
  REMINDER_TITLES,
  type ReminderDeliveryJson,
  type reminderDispatchBody,
} from '../../shared/schemas/late-rent';
import type { z } from '../../shared/schemas/zod';
import { findTenancy } from '../buildings/queries';
import type { Db } from '../db/client';
import { mailOutbox, reminderLinks, rentReminders } from '../db/schema';
import { tenantLinkMail } from '../delivery/mail';
import { AppError, notFound } from '../errors';
import { hashToken, newToken } from '../http/link-tokens';
import { enqueueMail, type MailOutbox } from '../mail/outbox';
import { landlordEmail } from '../settlements/sender';
import { linkExpiry } from '../tenant/tokens';
import type { Scope } from '../workspaces/scope';
import { tenancyLetterParties } from './letter-parties';
import { workspaceArrears } from './workspace-arrears';

export interface ReminderDispatchDeps {
  db: Db;
  outbox: MailOutbox;
  publicUrl: string;
  /** Counts the mail against the workspace's limits for mails to tenants (429 beyond them). */
  spendMail: (toChangedAddress: boolean) => Promise<void>;
  now?: Date;
}

type ReminderRow = typeof rentReminders.$inferSelect;

const reminderNotFound = () => notFound('Mahnung nicht gefunden.');

async function ownReminder(db: Db, workspaceId: string, id: string): Promise<ReminderRow> {
  const [row] = await db
    .select()
    .from(rentReminders)
    .where(and(eq(rentReminders.id, id), eq(rentReminders.workspaceId, workspaceId)));
  if (!row) throw reminderNotFound();
  return row;
}

/** 409 where the bank files say the reminder's months are paid or money came in since it was made. */
async function refuseIfOutdated(db: Db, scope: Scope, row: ReminderRow): Promise<void> {
  const arrears = await workspaceArrears(db, scope);
  const late = arrears.tenancies.find((t) => t.tenancyId === row.tenancyId);
  if (late?.pause) {
    throw new AppError(
      'reminders_paused',
      409,
      `Für dieses Mietverhältnis gilt eine Mahnsperre bis ${formatDateDe(late.pause.until)}: ${late.pause.reason}`,
    );
  }
  const asked = new Set(row.months.map((m) => m.month));
  const openNow = (late?.months ?? [])
    .filter((m) => asked.has(m.month))
    .reduce((sum, m) => sum + m.openCents, 0);
  if (openNow <= 0) {
    throw new AppError(
      'reminder_paid',
      409,
      'Die angemahnten Monate sind laut den Kontoauszügen inzwischen bezahlt: die Mahnung wird nicht versandt.',
    );
  }
  if (openNow < row.openCents) {
    throw new AppError(
      'reminder_outdated',
      409,
      `Seit dieser Mahnung ist Geld eingegangen (offen sind noch ${formatCents(openNow)}): bitte erstellen Sie eine neue Mahnung über den offenen Betrag.`,
    );
  }
}

/** The tenant's mail with a new link to the reminder's page, counted against the limits; nothing written yet. */
async function linkMail(deps: ReminderDispatchDeps, workspaceId: string, row: ReminderRow) {
  const tenancy = await findTenancy(deps.db, workspaceId, row.tenancyId);
  if (!tenancy) throw reminderNotFound();
  if (!tenancy.email) {
    throw new AppError(
      'no_email',
      409,
      'Für dieses Mietverhältnis ist keine E-Mail-Adresse hinterlegt. Bitte tragen Sie sie beim Mietverhältnis ein oder senden Sie die Mahnung per Post.',
    );
  }
  await deps.spendMail(false);
  const token = newToken();
  const expiresAt = linkExpiry(deps.now ?? new Date());
  const parties = await tenancyLetterParties(deps.db, workspaceId, tenancy);
  const landlordName = parties.letter?.landlord.name ?? '';
  const title = REMINDER_TITLES[row.level];
  const content = tenantLinkMail({
    subject: `${title}: Miete ${parties.rented}`.slice(0, 200),
    tenantName: tenancy.tenantName,
    landlordName,
    paragraphs: [
      `${landlordName || 'Ihr Vermieter'} sendet Ihnen eine ${title} über ${formatCents(reminderTotal(row))} für ${parties.rented}, zahlbar bis zum ${formatDateDe(row.payBy)}.`,
      'Über den folgenden Link können Sie das Schreiben ansehen und als PDF herunterladen; dort stehen auch die Monate, die offen sind, und die Bankverbindung. Sie brauchen dafür kein Konto.',
      `Der Link ist persönlich und bis zum ${formatDateDe(expiresAt.toISOString())} gültig. Ihr Vermieter sieht, wann Sie die Seite zuerst geöffnet haben.`,
      'Haben Sie inzwischen bezahlt? Dann betrachten Sie dieses Schreiben bitte als gegenstandslos. Fragen? Antworten Sie einfach auf diese E-Mail.',
    ],
    button: `${title} ansehen`,
    url: `${deps.publicUrl}/m/r/${token}`,
  });
  const mail = { to: tenancy.email, replyTo: await landlordEmail(deps.db, workspaceId), ...content };
  return { email: tenancy.email, token, expiresAt, mail };
}

/** Records how the reminder went out; with `sendEmail` it is mailed first. */
export async function dispatchReminder(
  deps: ReminderDispatchDeps,
  scope: Scope,
  id: string,
  input: z.output<typeof reminderDispatchBody>,
): Promise<void> {
  const row = await ownReminder(deps.db, scope.workspaceId, id);
  if (input.sendEmail) await refuseIfOutdated(deps.db, scope, row);
  const link = input.sendEmail ? await linkMail(deps, scope.workspaceId, row) : null;
  const mailId = await deps.db.transaction(async (tx) => {
    await tx
      .update(rentReminders)
      .set({ channel: input.channel, sentOn: input.sentOn })
      .where(and(eq(rentReminders.id, id), eq(rentReminders.workspaceId, scope.workspaceId)));
    if (!link) return null;
    const [stored] = await tx
      .insert(reminderLinks)
      .values({
        workspaceId: scope.workspaceId,
        reminderId: id,
        tokenHash: hashToken(link.token),
        email: link.email,
        expiresAt: link.expiresAt,
      })
      .returning({ id: reminderLinks.id });
    if (!stored) throw new Error('reminder link insert returned no row');
    return enqueueMail(tx, {
      ...link.mail,
      kind: 'rent-reminder',
      workspaceId: scope.workspaceId,
      reminderLinkId: stored.id,
    });
  });
  if (mailId) await deps.outbox.send(mailId);
}

/** Per reminder: how it went out, and for a mailed one its mail's state and the tenant's first opening. */
export async function reminderDeliveries(
  db: Db,
  workspaceId: string,
  reminders: readonly ReminderRow[],
): Promise<Map<string, ReminderDeliveryJson>> {
  const ids = reminders.map((r) => r.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .select({ link: reminderLinks, mail: mailOutbox.status })
          .from(reminderLinks)
          .leftJoin(mailOutbox, eq(mailOutbox.reminderLinkId, reminderLinks.id))
          .where(and(eq(reminderLinks.workspaceId, workspaceId), inArray(reminderLinks.reminderId, ids)))
          .orderBy(asc(reminderLinks.createdAt));
  const result = new Map<string, ReminderDeliveryJson>();
  for (const r of reminders) {
    if (!r.channel || !r.sentOn) continue;
    const last = links.filter((l) => l.link.reminderId === r.id).at(-1);
    result.set(r.id, {
      channel: r.channel,
      sentOn: r.sentOn,
      email: last?.link.email ?? null,
      mail: (last?.mail as ReminderDeliveryJson['mail']) ?? null,
      firstOpenedAt: last?.link.firstOpenedAt?.toISOString() ?? null,
      downloadedAt: last?.link.downloadedAt?.toISOString() ?? null,
    });
  }
  return result;
}
