// POST /api/settlements/{id}/statements/{tenancyId}/dispatch: records how a final tenant statement
// was delivered and, with sendEmail, mails the tenant a private link to it. The link (as its hash),
// the mail and the delivery are written in one transaction; the mail leaves from the outbox right
// after, or later when the mail server refuses it for now. A mail that fails for good takes its link
// and the delivery by e-mail with it (mail/outbox.ts, ADR 0027).

import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { dispatchSchema } from '../../shared/schemas/delivery';
import type { Db } from '../db/client';
import { settlementDeliveries, settlementStatements, tenancies, tenantLinks } from '../db/schema';
import { hashToken, newToken } from '../http/link-tokens';
import { enqueueMail, type MailOutbox } from '../mail/outbox';
import { settlementNotFound } from '../settlements/messages';
import { findCorrection, findSettlement, type SettlementRow } from '../settlements/queries';
import { landlordEmail, landlordName } from '../settlements/sender';
import { readSnapshot, type Snapshot } from '../settlements/stored';
import { linkExpiry } from '../tenant/tokens';
import { statementMail } from './mail';
import { noEmailAddress, notFinalYet, statementNotFound, superseded } from './messages';

export interface DispatchDeps {
  db: Db;
  outbox: MailOutbox;
  publicUrl: string;
  /**
   * Counts a mail against the account's limits before it is sent (429 beyond them): every mail, and
   * a mail to an address other than the one frozen with the letter against a much lower one.
   */
  spendMail: (toChangedAddress: boolean) => Promise<void>;
  now?: Date;
}

type Dispatch = z.output<typeof dispatchSchema>;

/** The workspace's final settlement with a letter for `tenancyId`, or 404/409. */
export async function ownLetter(db: Db, workspaceId: string, id: string, tenancyId: string) {
  const row = await findSettlement(db, workspaceId, id);
  if (!row) throw settlementNotFound();
  if (row.status !== 'final') throw notFinalYet();
  const [letter] = await db
    .select({ tenancyId: settlementStatements.tenancyId })
    .from(settlementStatements)
    .where(
      and(
        eq(settlementStatements.settlementId, id),
        eq(settlementStatements.workspaceId, workspaceId),
        eq(settlementStatements.tenancyId, tenancyId),
      ),
    );
  if (!letter) throw statementNotFound();
  return row;
}

/** The letter to deliver: a final one that no final correction has replaced, or 404/409. */
async function finalStatement(db: Db, workspaceId: string, id: string, tenancyId: string) {
  const row = await ownLetter(db, workspaceId, id, tenancyId);
  const correction = await findCorrection(db, workspaceId, id);
  if (correction?.status === 'final') throw superseded();
  return { row, snapshot: readSnapshot(row.snapshot) };
}

/**
 * The address to write to: the one frozen with the letter. An address entered or changed on the
 * tenancy since is used too, but it is a changed address: the mail says so and counts against the
 * lower limit, so that editing the tenancy cannot turn a paid letter into a relay to anyone.
 */
async function tenantEmail(db: Db, workspaceId: string, snapshot: Snapshot, tenancyId: string) {
  const frozen = snapshot.tenancies.find((t) => t.id === tenancyId)?.tenant.email ?? null;
  const [live] = await db
    .select({ email: tenancies.email })
    .from(tenancies)
    .where(and(eq(tenancies.id, tenancyId), eq(tenancies.workspaceId, workspaceId)));
  const current = live?.email || frozen;
  if (!current) return null;
  return { email: current, changed: current.toLowerCase() !== frozen?.toLowerCase() };
}

/** The tenant's mail with a new link, counted against the limits; nothing is written yet. */
async function linkMail(deps: DispatchDeps, row: SettlementRow, snapshot: Snapshot, tenancyId: string) {
  const { db } = deps;
  const address = await tenantEmail(db, row.workspaceId, snapshot, tenancyId);
  if (!address) throw noEmailAddress();
  const { email, changed } = address;
  await deps.spendMail(changed);
  const token = newToken();
  const expiresAt = linkExpiry(deps.now ?? new Date());
  const tenant = snapshot.tenancies.find((t) => t.id === tenancyId);
  const content = statementMail({
    landlordName: await landlordName(db, row.workspaceId, snapshot),
    tenantName: tenant?.tenant.name ?? '',
    propertyName: snapshot.property.name,
    periodStart: snapshot.periodStart,
    periodEnd: snapshot.periodEnd,
    url: `${deps.publicUrl}/m/${token}`,
    expiresOn: expiresAt.toISOString(),
    changedAddress: changed,
  });
  // an objection is answered to the landlord, not to our no-reply sender
  const mail = { to: email, replyTo: await landlordEmail(db, row.workspaceId), ...content };
  return { email, token, expiresAt, mail };
}

export async function dispatchStatement(
  deps: DispatchDeps,
  workspaceId: string,
  id: string,
  tenancyId: string,
  input: Dispatch,
): Promise<void> {
  const { row, snapshot } = await finalStatement(deps.db, workspaceId, id, tenancyId);
  const link = input.sendEmail ? await linkMail(deps, row, snapshot, tenancyId) : null;
  const values = {
    channel: input.channel,
    sentOn: input.sentOn,
    receivedOn: input.receivedOn || null,
  };
  const mailId = await deps.db.transaction(async (tx) => {
    await tx
      .insert(settlementDeliveries)
      .values({ settlementId: id, tenancyId, workspaceId, ...values })
      .onConflictDoUpdate({
        target: [settlementDeliveries.settlementId, settlementDeliveries.tenancyId],
        set: { ...values, updatedAt: sql`now()` },
      });
    if (!link) return null;
    const [stored] = await tx
      .insert(tenantLinks)
      .values({
        workspaceId,
        settlementId: id,
        tenancyId,
        tokenHash: hashToken(link.token),
        email: link.email,
        expiresAt: link.expiresAt,
      })
      .returning({ id: tenantLinks.id });
    if (!stored) throw new Error('tenant link insert returned no row');
    return enqueueMail(tx, { ...link.mail, kind: 'tenant-statement', workspaceId, tenantLinkId: stored.id });
  });
  if (mailId) await deps.outbox.send(mailId);
}
