// Every mail goes through the outbox (ADR 0027): written in the transaction that causes it, sent at
// once after that commits, and when the mail server refuses it, tried again by the job runner with
// growing pauses, also after a restart and by whichever instance comes first (jobs/lease.ts). A mail
// that fails for good is kept with its reason; a tenant's link it carried is removed with it.

import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { mailOutbox, reminderLinks, rentReminders, settlementDeliveries, tenantLinks } from '../db/schema';
import { leaseEnd, takeable } from '../jobs/lease';
import { createJobRunner } from '../jobs/runner';
import type { Mailer, MailMessage } from './mailer';

/** Longer than one SMTP delivery takes. */
const LEASE_MINUTES = 2;
/** Tries in all: the pauses between them grow from one minute to about four hours, some eight hours in all. */
export const MAIL_ATTEMPTS = 9;

export type MailKind =
  | 'verify-email'
  | 'existing-account'
  | 'reset-password'
  | 'sign-in-link'
  | 'tenant-statement'
  | 'rent-reminder'
  | 'invitation'
  | 'contact';

export interface OutgoingMail extends MailMessage {
  kind: MailKind;
  /** The account a mail about the person belongs to (deleted with it). */
  userId?: string | null;
  /** The workspace a mail of its work belongs to (deleted with it): letters, invitations. */
  workspaceId?: string | null;
  /** A tenant statement's mail: the link it carries. */
  tenantLinkId?: string;
  /** A reminder's mail: the link it carries. */
  reminderLinkId?: string;
}

/** Writes the mail into the outbox inside the caller's transaction; send it with `MailOutbox.send`. */
export async function enqueueMail(db: Db | Tx, mail: OutgoingMail): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      userId: mail.userId ?? null,
      workspaceId: mail.workspaceId ?? null,
      kind: mail.kind,
      recipient: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      tenantLinkId: mail.tenantLinkId ?? null,
      reminderLinkId: mail.reminderLinkId ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail outbox insert returned no row');
  return row.id;
}

/** The pause before try `attempts + 1`: 1, 2, 4 … minutes, at most four hours. */
export function pauseMinutes(attempts: number): number {
  return Math.min(240, 2 ** Math.max(0, attempts - 1));
}

type MailRow = typeof mailOutbox.$inferSelect;

export interface MailOutbox {
  /** Sends a mail written with `enqueueMail` now; resolves whether it left (else it is tried again later). */
  send(id: string): Promise<boolean>;
  /** Writes and sends a mail that no other write depends on. */
  deliver(mail: OutgoingMail): Promise<boolean>;
  /** Sends every mail that is due now (tests). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export function createMailOutbox({
  db,
  mailer,
  log,
  auto,
}: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Whether to look for mails to try again by itself (off in tests). */
  auto: boolean;
}): MailOutbox {
  /** The mail, held by this instance; null when another holds it, it is not due or already sent. */
  async function claim(only?: string): Promise<MailRow | null> {
    return db.transaction(async (tx) => {
      const due: SQL[] = [
        takeable(mailOutbox.status, mailOutbox.lockedUntil),
        sql`${mailOutbox.notBefore} <= now()`,
      ];
      if (only) due.push(eq(mailOutbox.id, only));
      const [job] = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(...due))
        .orderBy(mailOutbox.notBefore)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return null;
      const [row] = await tx
        .update(mailOutbox)
        .set({
          status: 'running',
          lockedUntil: leaseEnd(LEASE_MINUTES),
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(eq(mailOutbox.id, job.id))
        .returning();
      return row ?? null;
    });
  }

  async function run(row: MailRow): Promise<boolean> {
    try {
      await mailer.send({
        to: row.recipient,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
    } catch (error) {
      await failed(row, error instanceof Error ? error.message : String(error));
      return false;
    }
    // the text may hold a one-time link: only what was sent to whom, and when, stays
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, error: null, text: '', html: '' })
      .where(eq(mailOutbox.id, row.id));
    return true;
  }

  async function failed(row: MailRow, reason: string): Promise<void> {
    const final = row.attempts >= MAIL_ATTEMPTS;
    log.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, final }, 'mail not sent');
    await db.transaction(async (tx) => {
      await tx
        .update(mailOutbox)
        .set({
          status: final ? 'failed' : 'pending',
          error: reason.slice(0, 500),
          lockedUntil: null,
          notBefore: sql`now() + make_interval(mins => ${pauseMinutes(row.attempts)})`,
          ...(final ? { text: '', html: '' } : {}),
        })
        .where(eq(mailOutbox.id, row.id));
      if (final && row.tenantLinkId) await withdrawLink(tx, row.tenantLinkId);
      if (final && row.reminderLinkId) await withdrawReminderLink(tx, row.reminderLinkId);
    });
  }

  const runner = createJobRunner({
    name: 'mail',
    claim: () => claim(),
    run: async (row) => void (await run(row)),
    log,
    places: 1,
    auto,
    idlePollMs: 30_000,
  });

  const send = async (id: string) => {
    const row = await claim(id);
    return row ? run(row) : false;
  };
  return {
    send,
    deliver: async (mail) => send(await enqueueMail(db, mail)),
    drain: () => runner.drain(),
    close: () => runner.close(),
  };
}

/**
 * A tenant statement's mail that never left: its link is removed, and the delivery by e-mail it was
 * recorded as, unless another link of that letter was mailed.
 */
async function withdrawLink(tx: Tx, linkId: string): Promise<void> {
  const [link] = await tx.delete(tenantLinks).where(eq(tenantLinks.id, linkId)).returning();
  if (!link) return;
  const [other] = await tx
    .select({ id: tenantLinks.id })
    .from(tenantLinks)
    .where(and(eq(tenantLinks.settlementId, link.settlementId), eq(tenantLinks.tenancyId, link.tenancyId)))
    .limit(1);
  if (other) return;
  await tx
    .delete(settlementDeliveries)
    .where(
      and(
        eq(settlementDeliveries.settlementId, link.settlementId),
        eq(settlementDeliveries.tenancyId, link.tenancyId),
        eq(settlementDeliveries.channel, 'email'),
      ),
    );
}

/** A reminder's mail that never left: its link is removed, and its record as sent by e-mail. */
async function withdrawReminderLink(tx: Tx, linkId: string): Promise<void> {
  const [link] = await tx.delete(reminderLinks).where(eq(reminderLinks.id, linkId)).returning();
  if (!link) return;
  const [other] = await tx
    .select({ id: reminderLinks.id })
    .from(reminderLinks)
    .where(eq(reminderLinks.reminderId, link.reminderId))
    .limit(1);
  if (other) return;
  await tx
    .update(rentReminders)
    .set({ channel: null, sentOn: null })
    .where(and(eq(rentReminders.id, link.reminderId), eq(rentReminders.channel, 'email')));
}
