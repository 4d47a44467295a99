// What a tenant link opens, resolved from the token alone: one final statement of one settlement and
// the receipts attached to the costs in that statement. Nothing else of the landlord's account is
// reachable, and every miss looks the same.

import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  documents,
  settlementCostDocuments,
  settlementStatements,
  settlements,
  tenantLinks,
  tenantReceiptViews,
} from '../db/schema';
import { readSnapshot, type Snapshot } from '../settlements/stored';
import type { StoredResult } from '../settlements/view';
import { tenantNotFound } from './messages';
import { hashToken, isToken } from './tokens';

export interface TenantAccess {
  linkId: string;
  userId: string;
  settlementId: string;
  tenancyId: string;
  finalizedAt: Date;
  snapshot: Snapshot;
  result: StoredResult;
}

/** The live link of `token` with its final settlement, or 404. */
export async function resolveToken(db: Db, token: string, now = new Date()): Promise<TenantAccess> {
  if (!isToken(token)) throw tenantNotFound();
  const [found] = await db
    .select({
      linkId: tenantLinks.id,
      userId: tenantLinks.userId,
      settlementId: tenantLinks.settlementId,
      tenancyId: tenantLinks.tenancyId,
      status: settlements.status,
      finalizedAt: settlements.finalizedAt,
      snapshot: settlements.snapshot,
      result: settlements.result,
    })
    .from(tenantLinks)
    .innerJoin(
      settlements,
      and(eq(settlements.id, tenantLinks.settlementId), eq(settlements.userId, tenantLinks.userId)),
    )
    .where(and(eq(tenantLinks.tokenHash, hashToken(token)), gt(tenantLinks.expiresAt, now)));
  if (found?.status !== 'final' || !found.finalizedAt) throw tenantNotFound();
  return {
    linkId: found.linkId,
    userId: found.userId,
    settlementId: found.settlementId,
    tenancyId: found.tenancyId,
    finalizedAt: found.finalizedAt,
    snapshot: readSnapshot(found.snapshot),
    result: found.result as StoredResult,
  };
}

/** The cost positions printed in this tenant's letter: every shared cost, and direct costs of theirs. */
export function statementCostIndexes(access: TenantAccess): number[] {
  const costs = access.snapshot.entries.costs;
  const rows = access.result.tenancies.find((t) => t.tenancyId === access.tenancyId)?.rows ?? [];
  return rows
    .map((r) => r.costIndex)
    .filter((i) => {
      const cost = costs[i];
      return cost !== undefined && (cost.key !== 'direct' || cost.tenancyId === access.tenancyId);
    });
}

/** The receipts the tenant may see, by cost position. */
export function tenantReceipts(db: Db, access: TenantAccess) {
  const indexes = statementCostIndexes(access);
  if (indexes.length === 0) return Promise.resolve([]);
  return db
    .select({
      costIndex: settlementCostDocuments.costIndex,
      id: documents.id,
      name: documents.name,
      fileType: documents.fileType,
      storageKey: documents.storageKey,
      docDate: documents.docDate,
    })
    .from(settlementCostDocuments)
    .innerJoin(
      documents,
      and(eq(documents.id, settlementCostDocuments.documentId), eq(documents.userId, access.userId)),
    )
    .where(
      and(
        eq(settlementCostDocuments.settlementId, access.settlementId),
        eq(settlementCostDocuments.userId, access.userId),
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
        eq(settlementStatements.userId, access.userId),
        eq(settlementStatements.tenancyId, access.tenancyId),
      ),
    );
  if (!letter) throw tenantNotFound();
  return letter;
}

/** The first opening is the proof of receipt: set once, never moved by later openings. */
export async function recordOpening(db: Db, linkId: string) {
  await db
    .update(tenantLinks)
    .set({ firstOpenedAt: sql`coalesce(${tenantLinks.firstOpenedAt}, now())` })
    .where(eq(tenantLinks.id, linkId));
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
