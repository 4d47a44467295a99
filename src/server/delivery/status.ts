// GET /api/settlements/{id}/deliveries: per final tenant statement how it was delivered, whether it
// arrived after the §556(3) deadline, and what the tenant opened and viewed through the mailed links.

import { and, asc, eq, inArray } from 'drizzle-orm';
import { isoDateInBerlin } from '../../shared/dates';
import { statementDeadline } from '../../shared/deadlines';
import type { DeliveriesJson } from '../../shared/schemas/delivery';
import type { Db } from '../db/client';
import { documents, settlementDeliveries, tenancies, tenantLinks, tenantReceiptViews } from '../db/schema';
import { letterList } from '../settlements/finalize';
import { settlementNotFound } from '../settlements/messages';
import { findSettlement } from '../settlements/queries';
import { readSnapshot } from '../settlements/stored';
import { notFinalYet } from './messages';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function deliveryStatus(db: Db, workspaceId: string, id: string): Promise<DeliveriesJson> {
  const row = await findSettlement(db, workspaceId, id);
  if (!row) throw settlementNotFound();
  if (row.status !== 'final') throw notFinalYet();
  const snapshot = readSnapshot(row.snapshot);
  const deadline = statementDeadline(row.periodEnd);
  const [letters, deliveries, links, views, emails] = await Promise.all([
    letterList(db, workspaceId, id),
    db
      .select()
      .from(settlementDeliveries)
      .where(
        and(eq(settlementDeliveries.settlementId, id), eq(settlementDeliveries.workspaceId, workspaceId)),
      ),
    db
      .select()
      .from(tenantLinks)
      .where(and(eq(tenantLinks.settlementId, id), eq(tenantLinks.workspaceId, workspaceId)))
      .orderBy(asc(tenantLinks.createdAt)),
    db
      .select({
        tenancyId: tenantLinks.tenancyId,
        documentId: tenantReceiptViews.documentId,
        name: documents.name,
        firstViewedAt: tenantReceiptViews.firstViewedAt,
        views: tenantReceiptViews.views,
      })
      .from(tenantReceiptViews)
      .innerJoin(tenantLinks, eq(tenantLinks.id, tenantReceiptViews.linkId))
      .innerJoin(documents, eq(documents.id, tenantReceiptViews.documentId))
      .where(and(eq(tenantLinks.settlementId, id), eq(tenantLinks.workspaceId, workspaceId)))
      .orderBy(asc(tenantReceiptViews.firstViewedAt)),
    db
      .select({ id: tenancies.id, email: tenancies.email })
      .from(tenancies)
      .where(
        and(
          eq(tenancies.workspaceId, workspaceId),
          inArray(
            tenancies.id,
            snapshot.tenancies.map((t) => t.id),
          ),
        ),
      ),
  ]);
  const liveEmail = new Map(emails.map((t) => [t.id, t.email]));
  return {
    deadline,
    statements: letters.map(({ tenancyId }) => {
      const delivery = deliveries.find((d) => d.tenancyId === tenancyId);
      const own = links.filter((l) => l.tenancyId === tenancyId);
      const firstOpened = own
        .map((l) => l.firstOpenedAt)
        .filter((d): d is Date => d !== null)
        .sort((a, b) => a.getTime() - b.getTime())[0];
      const openedOn = firstOpened ? isoDateInBerlin(firstOpened) : null;
      // the date the landlord entered wins; without it the first opening is the receipt
      const receivedOn = delivery?.receivedOn ?? openedOn;
      const viewsByDocument = new Map<string, DeliveriesJson['statements'][number]['receiptViews'][number]>();
      for (const v of views.filter((x) => x.tenancyId === tenancyId)) {
        const seen = viewsByDocument.get(v.documentId);
        if (seen) seen.views += v.views;
        else
          viewsByDocument.set(v.documentId, {
            documentId: v.documentId,
            name: v.name,
            firstViewedAt: v.firstViewedAt.toISOString(),
            views: v.views,
          });
      }
      return {
        tenancyId,
        email:
          liveEmail.get(tenancyId) ||
          snapshot.tenancies.find((t) => t.id === tenancyId)?.tenant.email ||
          null,
        delivery: delivery
          ? { channel: delivery.channel, sentOn: delivery.sentOn, receivedOn: delivery.receivedOn }
          : null,
        openedOn,
        late: receivedOn !== null && receivedOn > deadline,
        links: own.map((l) => ({
          email: l.email,
          sentAt: l.createdAt.toISOString(),
          expiresAt: l.expiresAt.toISOString(),
          firstOpenedAt: iso(l.firstOpenedAt),
          openCount: l.openCount,
          statementDownloadedAt: iso(l.statementDownloadedAt),
          revokedAt: iso(l.revokedAt),
        })),
        receiptViews: [...viewsByDocument.values()],
      };
    }),
  };
}
