import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receipt, scanPng, ublXml } from '../../../tests/builders/receipts';
import { createTestApp } from '../../../tests/setup/app';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import type { FilePart } from '../../../tests/setup/multipart';
import { readReceipt, receiptPdfPart, uploadReceiptFile } from '../../../tests/setup/receipt-uploads';
import type { App } from '../app';
import { documentRecognitions } from '../db/schema';
import { claimRecognition } from './jobs';

// The queue of receipts to read (ADR 0027): a job taken once by one instance, taken up again when its
// instance stopped, accounts taking turns, cheap reading first. Its SQL locks differ between the
// databases, so this file runs on PGlite as well (ADR 0026); what is read is tested in
// recognition.int.test.ts.

let app: App;
let owner: SignedUp;

beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app);
});
afterAll(() => app.close());

const upload = (file: FilePart, who = owner) => uploadReceiptFile(app, who, file);
const read = (id: string, who = owner) => readReceipt(app, who, id);
const pdf = receiptPdfPart;

/**
 * The order in which the queue hands out these documents' jobs: every waiting job is claimed as an
 * instance would, then all are put back to wait.
 */
async function claimOrder(ids: Array<string | undefined>): Promise<string[]> {
  const ours = new Set(ids);
  const order: string[] = [];
  for (
    let job = await claimRecognition(app.database.db);
    job;
    job = await claimRecognition(app.database.db)
  ) {
    if (ours.has(job.documentId)) order.push(job.documentId);
  }
  await app.database.db
    .update(documentRecognitions)
    .set({ status: 'pending', lockedUntil: null })
    .where(eq(documentRecognitions.status, 'running'));
  return order;
}

describe('the queue of receipts to read', { timeout: 120_000 }, () => {
  it('takes up a job whose instance stopped, and gives each job to one taker', async () => {
    const a = await upload(await pdf('versicherung'));
    const b = await upload(await pdf('grundbesitz'));
    // an instance took `a` and stopped: its lease has run out
    await app.database.db
      .update(documentRecognitions)
      .set({ status: 'running', lockedUntil: sql`now() - interval '1 second'`, attempts: 1 })
      .where(eq(documentRecognitions.documentId, a.id));
    const [one, two] = await Promise.all([
      claimRecognition(app.database.db),
      claimRecognition(app.database.db),
    ]);
    expect(new Set([one?.documentId, two?.documentId])).toEqual(new Set([a.id, b.id]));
    // taken: the next look finds neither
    expect(await claimRecognition(app.database.db)).toBeNull();
    await app.database.db
      .update(documentRecognitions)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(documentRecognitions.status, 'running'));
    await app.recognition.drain();
    expect((await read(a.id)).recognition).toMatchObject({
      status: 'done',
      fields: receipt('versicherung').truth,
    });
    expect((await read(b.id)).recognition?.status).toBe('done');
  });

  it('lets accounts take turns, puts a receipt read again at the back, and refuses it while it waits', async () => {
    const busy = await signUp(app);
    const quiet = await signUp(app);
    const [a1, a2, a3] = [
      await upload(await pdf('wasser'), busy),
      await upload(await pdf('wasser'), busy),
      await upload(await pdf('wasser'), busy),
    ];
    const b1 = await upload(await pdf('wasser'), quiet);
    const order = await claimOrder([a1?.id, a2?.id, a3?.id, b1.id]);
    // the quiet account's one receipt comes second, not after the busy account's three
    expect(order).toEqual([a1?.id, b1.id, a2?.id, a3?.id]);

    const again = () =>
      app.inject({ method: 'POST', url: `/api/documents/${b1.id}/recognition`, headers: quiet.headers });
    const refused = await again();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Der Beleg wird gerade gelesen. Bitte warten Sie, bis er fertig ist.',
    );
    await app.recognition.drain();
    expect((await again()).statusCode).toBe(202);
    await app.recognition.drain();
    expect((await read(b1.id, quiet)).recognition?.status).toBe('done');
  });

  it('reads an account’s e-invoices and PDFs before its pictures, whatever came first', async () => {
    const landlord = await signUp(app);
    const photo = await upload(
      { name: 'foto.png', type: 'image/png', content: Buffer.from(await scanPng(receipt('garten'))) },
      landlord,
    );
    const text = await upload(await pdf('aufzug'), landlord);
    const xml = await upload(
      {
        name: 'rechnung.xml',
        type: 'application/xml',
        content: Buffer.from(ublXml(receipt('versicherung'))),
      },
      landlord,
    );
    expect(await claimOrder([photo.id, text.id, xml.id])).toEqual([xml.id, text.id, photo.id]);
    // the picture is not read here (OCR takes seconds and is tested elsewhere): deleted, its job with it
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/documents/${photo.id}`,
      headers: landlord.headers,
    });
    expect(gone.statusCode).toBe(204);
    await app.recognition.drain();
    expect((await read(xml.id, landlord)).recognition?.status).toBe('done');
  });
});
