// The landlord's confirmed fields of a receipt (PUT /api/documents/{id}/booking): they win over the
// recognised ones and are what a settlement takes. A receipt uploaded without recognition can be
// confirmed too (typed by hand): it then gets a recognition row that holds only the confirmation (stored as `booking`, the API's name).

import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ReceiptFields } from '../../shared/schemas/receipt';
import type { Db } from '../db/client';
import { documentRecognitions } from '../db/schema';

export async function confirmReceipt(
  db: Db,
  workspaceId: string,
  documentId: string,
  booking: ReceiptFields,
) {
  await db
    .insert(documentRecognitions)
    .values({ documentId, workspaceId, status: 'done', booking, confirmedAt: sql`now()` })
    .onConflictDoUpdate({
      target: documentRecognitions.documentId,
      set: { booking, confirmedAt: sql`now()`, updatedAt: sql`now()` },
    });
}

/**
 * "Alle sicher erkannten bestätigen": every receipt of the workspace read as sure and not yet confirmed is
 * confirmed as read, in one statement. Answers how many.
 */
export async function confirmSureReceipts(db: Db, workspaceId: string): Promise<number> {
  const confirmed = await db
    .update(documentRecognitions)
    .set({ booking: sql`${documentRecognitions.fields}`, confirmedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(documentRecognitions.workspaceId, workspaceId),
        eq(documentRecognitions.status, 'done'),
        eq(documentRecognitions.sure, true),
        isNull(documentRecognitions.booking),
        isNotNull(documentRecognitions.fields),
      ),
    )
    .returning({ documentId: documentRecognitions.documentId });
  return confirmed.length;
}
