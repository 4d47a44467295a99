// What a tenant link opens, resolved from the token alone: one final statement of one settlement and
// the receipts attached to the costs in that statement. Nothing else of the landlord's account is
// reachable, and every miss looks the same.

import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  documents,
  settlementCostDocuments,
  settlementStatements,
  settlements,
  tenantLinks,
  tenantReceiptViews,
} from '../db/schema';
import { hashToken, isToken } from '../http/link-tokens';
import { readSnapshot, type Snapshot } from '../settlements/stored';
import type { StoredResult } from '../settlements/view';
import { tenantNotFound } from './messages';

export interface TenantAccess {
  linkId: string;
  workspaceId: string;
  settlementId: string;
  tenancyId: string;
  finalizedAt: Date;
  snapshot: Snapshot;
  result: StoredResult;
  /**
   * The letter of the link was corrected since: `shown` when the correction was sent to the same
   * address and is what the page shows now, else the page shows only that it was replaced.
   */
  corrected: { on: Date; shown: boolean } | null;
}

const settlementColumns = {
  id: settlements.id,
  status: settlements.status,
  finalizedAt: settlements.finalizedAt,
  snapshot: settlements.snapshot,
  result: settlements.result,
};

/**
 * The live link of `token` (not expired, not revoked) with its final settlement, or 404. Once the
 * settlement was corrected, the link follows the corrections as far as each was sent to the same
 * tenant at the same address; a later version the tenant was not sent stays out of sight.
 */
export async function resolveToken(db: Db, token: string, now = new Date()): Promise<TenantAccess> {
  if (!isToken(token)) throw tenantNotFound();
  const [found] = await db
    .select({
      linkId: tenantLinks.id,
      workspaceId: tenantLinks.workspaceId,
      tenancyId: tenantLinks.tenancyId,
      email: tenantLinks.email,
      settlement: settlementColumns,
    })
    .from(tenantLinks)
    .innerJoin(
      settlements,
      and(eq(settlements.id, tenantLinks.settlementId), eq(settlements.workspaceId, tenantLinks.workspaceId)),
    )
    .where(
      and(
        eq(tenantLinks.tokenHash, hashToken(token)),
        gt(tenantLinks.expiresAt, now),
        isNull(tenantLinks.revokedAt),
      ),
    );
  if (found?.settlement.status !== 'final') throw tenantNotFound();
  let shown = found.settlement;
  let corrected: TenantAccess['corrected'] = null;
  for (;;) {
    const [next] = await db
      .select(settlementColumns)
      .from(settlements)
      .where(
        and(
          eq(settlements.correctsId, shown.id),
          eq(settlements.workspaceId, found.workspaceId),
          eq(settlements.status, 'final'),
        ),
      );
    if (!next?.finalizedAt) break;
    const [sent] = await db
      .select({ id: tenantLinks.id })
      .from(tenantLinks)
      .where(
        and(
          eq(tenantLinks.settlementId, next.id),
          eq(tenantLinks.workspaceId, found.workspaceId),
          eq(tenantLinks.tenancyId, found.tenancyId),
          sql`lower(${tenantLinks.email}) = lower(${found.email})`,
          isNull(tenantLinks.revokedAt),
        ),
      )
      .limit(1);
    corrected = { on: next.finalizedAt, shown: sent !== undefined };
    if (!sent) break;
    shown = next;
  }
  if (!shown.finalizedAt) throw tenantNotFound();
  return {
    linkId: found.linkId,
    workspaceId: found.workspaceId,
    settlementId: shown.id,
    tenancyId: found.tenancyId,
    finalizedAt: shown.finalizedAt,
    snapshot: readSnapshot(shown.snapshot),
    result: shown.result as StoredResult,
    corrected,
  };
}

/** The letter and its receipts: not while it was replaced by a correction the tenant was not sent. */
export function requireCurrent(access: TenantAccess): TenantAccess {
  if (access.corrected && !access.corrected.shown) throw tenantNotFound();
  return access;
}

/** The cost positions printed in this tenant's letter: every cost of all or of their group, and their direct costs. */
export function statementCostIndexes(access: TenantAccess): number[] {
  const costs = access.snapshot.entries.costs;
  const tenancy = access.result.tenancies.find((t) => t.tenancyId === access.tenancyId);
  return (tenancy?.rows ?? [])
    .map((r) => r.costIndex)
    .filter((i) => {
      const cost = costs[i];
      const group = access.result.costs[i]?.unitIds;
      return (
        cost !== undefined &&
        (cost.key !== 'direct' || cost.tenancyId === access.tenancyId) &&
        (!group || (tenancy !== undefined && group.includes(tenancy.unitId)))
      );
    });
}

/**
 * The metering company's statement enclosed with the letter's heating row: its document and the
 * row's index, or null (no heating from a statement, or no heating row in this letter).
 */
export function heatingStatement(access: TenantAccess): { costIndex: number; documentId: string } | null {
  const documentId = access.snapshot.entries.heating?.service?.documentId;
  const heating = access.result.costs.find((c) => c.key === 'heating');
  const tenancy = access.result.tenancies.find((t) => t.tenancyId === access.tenancyId);
  if (!documentId || !heating || !tenancy?.rows.some((r) => r.costIndex === heating.index)) return null;
  return { costIndex: heating.index, documentId };
}

const receiptColumns = {
  id: documents.id,
  name: documents.name,
  fileType: documents.fileType,
  storageKey: documents.storageKey,
  docDate: documents.docDate,
};

/** The receipts the tenant may see, by cost position (the heating row's: the metering statement). */
export async function tenantReceipts(db: Db, access: TenantAccess) {
  const statement = heatingStatement(access);
  const heating = statement
    ? (
        await db
          .select(receiptColumns)
          .from(documents)
          .where(and(eq(documents.id, statement.documentId), eq(documents.workspaceId, access.workspaceId)))
      ).map((d) => ({ ...d, costIndex: statement.costIndex }))
    : [];
  return [...(await costReceipts(db, access)), ...heating];
}

function costReceipts(db: Db, access: TenantAccess) {
  const indexes = statementCostIndexes(access);
  if (indexes.length === 0) return Promise.resolve([]);
  return db
    .select({
      costIndex: settlementCostDocuments.costIndex,
      ...receiptColumns,
    })
    .from(settlementCostDocuments)
    .innerJoin(
      documents,
      and(
        eq(documents.id, settlementCostDocuments.documentId),
        eq(documents.workspaceId, access.workspaceId),
      ),
    )
    .where(
      and(
        eq(settlementCostDocuments.settlementId, access.settlementId),
        eq(settlementCostDocuments.workspaceId, access.workspaceId),
        inArray(settlementCostDocuments.costIndex, indexes),
      ),
    )
    .orderBy(asc(settlementCostDocuments.costIndex), asc(documents.name));
}

export async function tenantLetter(db: Db, access: TenantAccess) {
  const [letter] = await db
    .select({ fileName: settlementStatements.fileName, content: settlementStatements.content })
    .from(settlementStatements)
    .where(
      and(
        eq(settlementStatements.settlementId, access.settlementId),
        eq(settlementStatements.workspaceId, access.workspaceId),
        eq(settlementStatements.tenancyId, access.tenancyId),
      ),
    );
  if (!letter) throw tenantNotFound();
  return letter;
}

/**
 * The first opening is the proof of receipt: set once, never moved by later openings, which are
 * counted. Called from the page's own request after it loaded in a browser, never for a HEAD or a
 * plain fetch of the page (what mail link scanners send).
 */
export async function recordOpening(db: Db, linkId: string) {
  await db
    .update(tenantLinks)
    .set({
      firstOpenedAt: sql`coalesce(${tenantLinks.firstOpenedAt}, now())`,
      openCount: sql`${tenantLinks.openCount} + 1`,
    })
    .where(eq(tenantLinks.id, linkId));
}

/** Withdraws every live link to the letter (a link sent to a wrong address); answers how many. */
export async function revokeLinks(db: Db, workspaceId: string, settlementId: string, tenancyId: string) {
  const rows = await db
    .update(tenantLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(tenantLinks.workspaceId, workspaceId),
        eq(tenantLinks.settlementId, settlementId),
        eq(tenantLinks.tenancyId, tenancyId),
        isNull(tenantLinks.revokedAt),
      ),
    )
    .returning({ id: tenantLinks.id });
  return rows.length;
}

export async function recordDownload(db: Db, linkId: string) {
  await db
    .update(tenantLinks)
    .set({
      firstOpenedAt: sql`coalesce(${tenantLinks.firstOpenedAt}, now())`,
      statementDownloadedAt: sql`coalesce(${tenantLinks.statementDownloadedAt}, now())`,
    })
    .where(eq(tenantLinks.id, linkId));
}

export async function recordReceiptView(db: Db, linkId: string, documentId: string) {
  await db
    .insert(tenantReceiptViews)
    .values({ linkId, documentId })
    .onConflictDoUpdate({
      target: [tenantReceiptViews.linkId, tenantReceiptViews.documentId],
      set: { views: sql`${tenantReceiptViews.views} + 1` },
    });
}
