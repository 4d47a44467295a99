// The landlord's confirmed fields of a receipt (PUT /api/documents/{id}/booking): they win over the
// recognised ones and are what a settlement takes. A receipt uploaded without recognition can be
// confirmed too (typed by hand): it then gets a recognition row that holds only the confirmation (stored as `booking`, the API's name).

import { sql } from 'drizzle-orm';
import type { ReceiptFields } from '../../shared/schemas/receipt';
import type { Db } from '../db/client';
import { documentRecognitions } from '../db/schema';

export async function confirmReceipt(db: Db, userId: string, documentId: string, booking: ReceiptFields) {
  await db
    .insert(documentRecognitions)
    .values({ documentId, userId, status: 'done', booking, confirmedAt: sql`now()` })
    .onConflictDoUpdate({
      target: documentRecognitions.documentId,
      set: { booking, confirmedAt: sql`now()`, updatedAt: sql`now()` },
    });
}
