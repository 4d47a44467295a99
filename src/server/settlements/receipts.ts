// Belegeinsicht (§556(4) BGB): receipts attached to a settlement's cost positions. Attaching changes
// no figure, so it is allowed on drafts and on final settlements alike (ADR 0017). Any of the workspace's
// receipts may be attached: a contract for several houses has no single property.

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CostDocumentsJson } from '../../shared/schemas/delivery';
import type { ReceiptFields } from '../../shared/schemas/receipt';
import type { Db, Tx } from '../db/client';
import { documentRecognitions, documents, settlementCostDocuments } from '../db/schema';
import { costNotFound, documentsNotFound, settlementNotFound } from './messages';
import { findSettlement, type SettlementRow } from './queries';
import { readEntries, readSnapshot } from './stored';

/** The cost list the indexes point into: the frozen one once final. */
export function costsOf(row: SettlementRow) {
  return row.status === 'final'
    ? readSnapshot(row.snapshot).entries.costs
    : readEntries(row.input, { periodStart: row.periodStart, periodEnd: row.periodEnd }).costs;
}

/** Replaces the receipts of one cost position with `documentIds` (all the workspace's, or 404 and nothing changed). */
export async function setCostDocuments(
  db: Db,
  workspaceId: string,
  id: string,
  costIndex: number,
  documentIds: string[],
): Promise<void> {
  const row = await findSettlement(db, workspaceId, id);
  if (!row) throw settlementNotFound();
  if (costIndex >= costsOf(row).length) throw costNotFound();
  const wanted = [...new Set(documentIds)];
  if (wanted.length > 0) {
    const owned = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.workspaceId, workspaceId), inArray(documents.id, wanted)));
    if (owned.length !== wanted.length) throw documentsNotFound();
  }
  await db.transaction(async (tx) => {
    await tx
      .delete(settlementCostDocuments)
      .where(
        and(
          eq(settlementCostDocuments.settlementId, id),
          eq(settlementCostDocuments.workspaceId, workspaceId),
          eq(settlementCostDocuments.costIndex, costIndex),
        ),
      );
    if (wanted.length > 0) {
      await tx
        .insert(settlementCostDocuments)
        .values(wanted.map((documentId) => ({ settlementId: id, workspaceId, costIndex, documentId })));
    }
  });
}

/** The document ids attached to each cost position, by index (for the "same receipt twice" check). */
export async function attachedDocumentIds(
  db: Db | Tx,
  workspaceId: string,
  id: string,
): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ costIndex: settlementCostDocuments.costIndex, documentId: settlementCostDocuments.documentId })
    .from(settlementCostDocuments)
    .where(
      and(eq(settlementCostDocuments.settlementId, id), eq(settlementCostDocuments.workspaceId, workspaceId)),
    );
  const byCost = new Map<number, string[]>();
  for (const r of rows) byCost.set(r.costIndex, [...(byCost.get(r.costIndex) ?? []), r.documentId]);
  return byCost;
}

/** The receipts of every cost position that has some, with the documents' names and cost types. */
export async function listCostDocuments(db: Db, workspaceId: string, id: string): Promise<CostDocumentsJson> {
  const rows = await db
    .select({
      costIndex: settlementCostDocuments.costIndex,
      id: documents.id,
      name: documents.name,
      fileType: documents.fileType,
      booking: documentRecognitions.booking,
      fields: documentRecognitions.fields,
    })
    .from(settlementCostDocuments)
    .innerJoin(documents, eq(documents.id, settlementCostDocuments.documentId))
    .leftJoin(documentRecognitions, eq(documentRecognitions.documentId, documents.id))
    .where(
      and(eq(settlementCostDocuments.settlementId, id), eq(settlementCostDocuments.workspaceId, workspaceId)),
    )
    .orderBy(asc(settlementCostDocuments.costIndex), asc(documents.name));
  const byCost = new Map<number, CostDocumentsJson[number]>();
  for (const { costIndex, booking, fields, ...doc } of rows) {
    const entry = byCost.get(costIndex) ?? { costIndex, documents: [] };
    entry.documents.push({ ...doc, categories: categoriesOf(booking ?? fields) });
    byCost.set(costIndex, entry);
  }
  return [...byCost.values()];
}

/** The cost types a receipt's lines name. */
export function categoriesOf(fields: ReceiptFields | null): string[] {
  return [...new Set((fields?.lines ?? []).flatMap((l) => (l.category ? [l.category] : [])))];
}

/**
 * The fields of the workspace's receipts by id, as confirmed (else as recognised): what the checks of
 * receipts compare.
 */
export async function receiptFieldsOf(
  db: Db | Tx,
  workspaceId: string,
  ids: readonly string[],
): Promise<Map<string, ReceiptFields>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      documentId: documentRecognitions.documentId,
      booking: documentRecognitions.booking,
      fields: documentRecognitions.fields,
    })
    .from(documentRecognitions)
    .where(
      and(
        eq(documentRecognitions.workspaceId, workspaceId),
        inArray(documentRecognitions.documentId, [...ids]),
      ),
    );
  return new Map(
    rows.flatMap((r) => {
      const fields = r.booking ?? r.fields;
      return fields ? [[r.documentId, fields] as const] : [];
    }),
  );
}
