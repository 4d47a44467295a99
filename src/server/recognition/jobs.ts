// The recognition of a document is a durable job in its own row (ADR 0025, jobs/lease.ts): 'pending'
// until an instance takes it, 'running' under a lease, then 'done' or 'failed'.

import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { DEFAULT_DOCUMENT_TYPE } from '../../shared/catalog';
import { isoDateInBerlin } from '../../shared/dates';
import { formatDateDe } from '../../shared/money';
import { implausibleDates, judgeReceipt } from '../../shared/receipts/confidence';
import { holdable } from '../../shared/receipts/holdable';
import type { ReceiptFields, ReceiptWarning } from '../../shared/schemas/receipt';
import type { Db, Tx } from '../db/client';
import { documentPages, documentRecognitions, documents } from '../db/schema';
import { leaseEnd, takeable } from '../jobs/lease';
import type { ReadReceipt } from './read-receipt';

/** Longer than any receipt takes: a job still 'running' after it was left by a stopped instance. */
const LEASE_MINUTES = 5;
/** A receipt that crashed its reader this often is marked unreadable instead of tried again. */
const MAX_ATTEMPTS = 3;

export type RecognitionRow = typeof documentRecognitions.$inferSelect;

/**
 * A new job for the document, or the document's job again at the back of the queue (its result and
 * confirmation kept until read).
 */
export async function enqueueRecognition(
  db: Db | Tx,
  workspaceId: string,
  documentId: string,
): Promise<void> {
  await db
    .insert(documentRecognitions)
    .values({ documentId, workspaceId, status: 'pending' })
    .onConflictDoUpdate({
      target: documentRecognitions.documentId,
      set: { status: 'pending', error: null, attempts: 0, lockedUntil: null, updatedAt: sql`now()` },
    });
}

const waiting = takeable(documentRecognitions.status, documentRecognitions.lockedUntil);

/** What a receipt costs to read: an e-invoice or a PDF's text layer takes moments, a picture's OCR seconds. */
const cost = (fileType: unknown) =>
  sql`(case when ${fileType} = 'application/xml' then 0 when ${fileType} = 'application/pdf' then 1 else 2 end)`;

/**
 * The next job no instance holds, now held by this one; null when there is none. Accounts take
 * turns: each account's first waiting job comes before anyone's second (round robin by a job's place
 * in its account's queue). Within an account the cheap readings go first (e-invoices, then PDFs, then
 * pictures), so a year's e-invoices are read while the photos wait for OCR; then the job queued first
 * (`updatedAt`: a job read again goes to the back).
 */
export async function claimRecognition(db: Db): Promise<RecognitionRow | null> {
  // jobs of the same account ahead of this one: those being read, and those waiting before it
  const place = sql`(select count(*) from document_recognitions ahead join documents ahead_doc on ahead_doc.id = ahead.document_id
    where ahead.workspace_id = ${documentRecognitions.workspaceId}
    and (ahead.status = 'running' or (ahead.status = 'pending' and (${cost(sql`ahead_doc.file_type`)} < ${cost(documents.fileType)}
      or (${cost(sql`ahead_doc.file_type`)} = ${cost(documents.fileType)} and ahead.updated_at < ${documentRecognitions.updatedAt})))))`;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const [job] = await tx
        .select({ documentId: documentRecognitions.documentId })
        .from(documentRecognitions)
        .innerJoin(documents, eq(documents.id, documentRecognitions.documentId))
        .where(waiting)
        .orderBy(place, cost(documents.fileType), documentRecognitions.updatedAt)
        .limit(1)
        .for('update', { of: documentRecognitions, skipLocked: true });
      if (!job) return null;
      const [row] = await tx
        .update(documentRecognitions)
        .set({
          status: 'running',
          lockedUntil: leaseEnd(LEASE_MINUTES),
          attempts: sql`${documentRecognitions.attempts} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(documentRecognitions.documentId, job.documentId))
        .returning();
      return row ?? null;
    });
    if (!claimed || claimed.attempts <= MAX_ATTEMPTS) return claimed;
    await failRecognition(db, claimed.documentId, 'Der Beleg konnte wiederholt nicht gelesen werden.');
  }
}

/**
 * The result of a job, with the warning when the same invoice was recorded before, how sure each field
 * is (dates judged against the upload's year), and its pages.
 */
export async function finishRecognition(db: Db, job: RecognitionRow, read: ReadReceipt): Promise<void> {
  const held = holdable(read.fields, read.warnings);
  await db.transaction(async (tx) => {
    const [doc] = await tx
      .select({ uploadDate: documents.uploadDate, type: documents.type, docDate: documents.docDate })
      .from(documents)
      .where(eq(documents.id, job.documentId));
    const uploaded = isoDateInBerlin(doc?.uploadDate ?? new Date());
    const warnings = [
      ...held.warnings,
      ...implausibleDates(held.fields, uploaded),
      ...(await duplicateWarning(tx, job, read)),
    ];
    const { confidence, sure } = judgeReceipt(read.method, held.fields, warnings, read.bases);
    const [updated] = await tx
      .update(documentRecognitions)
      .set({
        status: 'done',
        method: read.method,
        fields: held.fields,
        evidence: read.evidence,
        warnings,
        confidence,
        sure,
        error: null,
        pages: read.pages.length,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      // a document deleted or recognised again meanwhile keeps what it has now
      .where(
        and(eq(documentRecognitions.documentId, job.documentId), eq(documentRecognitions.status, 'running')),
      )
      .returning({ documentId: documentRecognitions.documentId });
    if (!updated) return;
    if (doc) await takeReadTypeAndDate(tx, job.documentId, doc, uploaded, held.fields);
    await tx.delete(documentPages).where(eq(documentPages.documentId, job.documentId));
    if (read.pages.length > 0) {
      await tx.insert(documentPages).values(
        read.pages.map((p, i) => ({
          documentId: job.documentId,
          page: i + 1,
          width: p.width,
          height: p.height,
          image: p.png,
        })),
      );
    }
  });
}

/**
 * The upload's defaults (type "Sonstiges", the upload day as its date) give way to what was read: a
 * bill is a Rechnung (a repair's a Reparatur) dated as it says. What the landlord chose stays.
 */
async function takeReadTypeAndDate(
  tx: Tx,
  documentId: string,
  doc: { type: string; docDate: string | null },
  uploaded: string,
  fields: ReceiptFields,
): Promise<void> {
  const set: { type?: string; docDate?: string } = {};
  if (doc.type === DEFAULT_DOCUMENT_TYPE && fields.lines.length > 0) {
    set.type = fields.lines.every((l) => l.category === null) ? 'Reparatur' : 'Rechnung';
  }
  if ((doc.docDate === null || doc.docDate === uploaded) && fields.invoiceDate)
    set.docDate = fields.invoiceDate;
  if (Object.keys(set).length > 0) await tx.update(documents).set(set).where(eq(documents.id, documentId));
}

/** "nicht lesbar", with the reason; the document and its file stay. */
export async function failRecognition(db: Db, documentId: string, reason: string): Promise<void> {
  await db
    .update(documentRecognitions)
    .set({ status: 'failed', error: reason, lockedUntil: null, updatedAt: sql`now()` })
    .where(eq(documentRecognitions.documentId, documentId));
}

/** Same issuer and number, or same issuer, date and amount, as another receipt of the workspace (domain §7). */
async function duplicateWarning(tx: Tx, job: RecognitionRow, read: ReadReceipt): Promise<ReceiptWarning[]> {
  const { issuer, invoiceNumber, invoiceDate, totalCents } = read.fields;
  if (!issuer) return [];
  const others = await tx
    .select({
      fields: documentRecognitions.fields,
      booking: documentRecognitions.booking,
      uploadDate: documents.uploadDate,
      name: documents.name,
    })
    .from(documentRecognitions)
    .innerJoin(documents, eq(documents.id, documentRecognitions.documentId))
    .where(
      and(
        eq(documentRecognitions.workspaceId, job.workspaceId),
        ne(documentRecognitions.documentId, job.documentId),
        inArray(documentRecognitions.status, ['done']),
      ),
    );
  const same = others.find(({ fields, booking }) => {
    const f = booking ?? fields;
    if (!f || f.issuer?.toLocaleLowerCase('de-DE') !== issuer.toLocaleLowerCase('de-DE')) return false;
    if (invoiceNumber && f.invoiceNumber === invoiceNumber) return true;
    return (
      invoiceDate !== null &&
      f.invoiceDate === invoiceDate &&
      totalCents !== null &&
      f.totalCents === totalCents
    );
  });
  if (!same) return [];
  return [
    {
      code: 'duplicate',
      message: `Dieser Beleg scheint bereits am ${formatDateDe(isoDateInBerlin(same.uploadDate))} erfasst („${same.name}“).`,
    },
  ];
}
