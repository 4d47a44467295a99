import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt053 } from '../../../tests/builders/bank-files';
import { buildFourUnitHouse, houseDraft } from '../../../tests/builders/building';
import { ciiXml, jpegClaiming, receipt, receiptPdf, scanPng, ublXml } from '../../../tests/builders/receipts';
import { createTestApp } from '../../../tests/setup/app';
import { bankUpload } from '../../../tests/setup/bank-upload';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';
import { type FilePart, multipart } from '../../../tests/setup/multipart';
import { readReceipt, receiptPdfPart, uploadReceiptFile } from '../../../tests/setup/receipt-uploads';
import type { DocumentJson } from '../../shared/schemas/document';
import type { SettlementJson as Settlement } from '../../shared/schemas/settlement-json';
import type { App } from '../app';

// OCR runs in reader processes at a lower priority (ADR 0025): on a 2-core machine busy with other
// test workers a scan has taken over 30 s, and the tests after it wait for it in `drain`. The budget is
// the reader's own time limit.
const READER_BUDGET = { timeout: 120_000 };

let app: App;
let owner: SignedUp;
let stranger: SignedUp;

beforeAll(async () => {
  app = await createTestApp();
  owner = await signUp(app);
  stranger = await signUp(app);
});
afterAll(() => app.close());

const upload = (file: FilePart, recognize = true, who = owner, propertyId?: string) =>
  uploadReceiptFile(app, who, file, { recognize, propertyId });
const read = (id: string, who = owner) => readReceipt(app, who, id);
const pdf = receiptPdfPart;

describe('receipts read offline', READER_BUDGET, () => {
  it('reads a text PDF in the background: fields, where each stands, nothing to warn', async () => {
    const doc = await upload(await pdf('wasser'));
    expect(doc.recognition).toMatchObject({ status: 'pending', method: null, fields: null });
    await app.recognition.drain();
    const done = await read(doc.id);
    expect(done.recognition).toMatchObject({
      status: 'done',
      method: 'text',
      fields: receipt('wasser').truth,
      warnings: [],
      pages: 1,
    });
    const total = done.recognition?.evidence.totalCents;
    expect(total).toMatchObject({ page: 1, text: '1.204,82' });
    // the amount column is on the right half, below the address
    expect(total?.box[0]).toBeGreaterThan(0.5);
    expect(total?.box[1]).toBeGreaterThan(0.3);

    const page = await app.inject({ url: `/api/documents/${doc.id}/pages/1`, headers: owner.headers });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect(page.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const none = await app.inject({ url: `/api/documents/${doc.id}/pages/2`, headers: owner.headers });
    expect(none.statusCode).toBe(404);
  });

  it('reads e-invoices exactly: XRechnung UBL and CII, and the XML inside a ZUGFeRD PDF', async () => {
    const insurance = receipt('versicherung');
    const ubl = await upload({
      name: 'rechnung.xml',
      type: 'text/xml',
      content: Buffer.from(ublXml(insurance)),
    });
    const tax = receipt('grundbesitz');
    const cii = await upload({
      name: 'bescheid.xml',
      type: 'application/xml',
      content: Buffer.from(ciiXml(tax)),
    });
    const sweep = receipt('schornstein');
    const zugferd = await upload({
      name: 'schornstein-zugferd.pdf',
      type: 'application/pdf',
      content: Buffer.from(await receiptPdf(sweep, { name: 'factur-x.xml', xml: ciiXml(sweep) })),
    });
    await app.recognition.drain();
    expect((await read(ubl.id)).recognition).toMatchObject({
      method: 'e-invoice',
      fields: insurance.truth,
      pages: 0,
    });
    expect((await read(cii.id)).recognition).toMatchObject({ method: 'e-invoice', fields: tax.truth });
    // the e-invoice has no field for the §35a share: the exact figures, labour left to the landlord
    const sweepTruth = { ...sweep.truth, lines: sweep.truth.lines.map((l) => ({ ...l, labourCents: null })) };
    expect((await read(zugferd.id)).recognition).toMatchObject({
      method: 'e-invoice',
      fields: sweepTruth,
      pages: 1,
    });
  });

  it('takes an e-invoice without XML declaration, refuses other XML, and serves XML as a sandboxed download', async () => {
    const bare = ciiXml(receipt('grundbesitz')).replace(/^<\?xml[^>]*\?>\s*/, '');
    const doc = await upload({ name: 'bescheid.xml', type: 'application/xml', content: Buffer.from(bare) });
    const page = multipart(
      { type: 'Rechnung' },
      {
        name: 'seite.xml',
        type: 'application/xml',
        content: Buffer.from(
          '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="refresh" content="0;url=https://example.test"/></head></html>',
        ),
      },
    );
    const refused = await app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...owner.headers, 'content-type': page.contentType },
      payload: page.payload,
    });
    expect(refused.statusCode).toBe(415);
    const file = await app.inject({ url: `/api/documents/${doc.id}/file`, headers: owner.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['content-security-policy']).toBe('sandbox');
    await app.recognition.drain();
    expect((await read(doc.id)).recognition).toMatchObject({
      method: 'e-invoice',
      fields: receipt('grundbesitz').truth,
    });
  });

  it('reads a scanned page by OCR, its dust removed, every field sure', async () => {
    const sweep = receipt('schornstein');
    // another landlord: the owner has this invoice already (as an e-invoice)
    const landlord = await signUp(app);
    const scan = { name: 'scan.png', type: 'image/png', content: Buffer.from(await scanPng(sweep)) };
    const doc = await upload(scan, true, landlord);
    await app.recognition.drain();
    const done = await read(doc.id, landlord);
    expect(done.recognition).toMatchObject({
      status: 'done',
      method: 'ocr',
      fields: sweep.truth,
      warnings: [],
      sure: true,
    });
  });

  it('keeps a file it cannot read and says why; refuses XML with a DTD', async () => {
    const broken = await upload({
      name: 'kaputt.pdf',
      type: 'application/pdf',
      content: Buffer.from('%PDF-1.7\nnothing of a PDF follows'),
    });
    const dtd = await upload({
      name: 'boese.xml',
      type: 'application/xml',
      content: Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&a;</Invoice>',
      ),
    });
    await app.recognition.drain();
    expect((await read(broken.id)).recognition).toMatchObject({
      status: 'failed',
      error: 'Die PDF-Datei ist beschädigt und kann nicht gelesen werden.',
    });
    expect((await read(dtd.id)).recognition).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('DTD'),
    });
    const file = await app.inject({ url: `/api/documents/${broken.id}/file`, headers: owner.headers });
    expect(file.statusCode).toBe(200);
  });

  it('refuses a JPEG that claims 60,000 × 60,000 pixels behind a fill byte, and reads on', async () => {
    const bomb = await upload({
      name: 'foto.jpg',
      type: 'image/jpeg',
      content: Buffer.from(jpegClaiming(60_000, 60_000, 1)),
    });
    await app.recognition.drain();
    expect((await read(bomb.id)).recognition).toMatchObject({
      status: 'failed',
      error: 'Das Bild ist zu groß (über 40 Megapixel). Bitte laden Sie es kleiner hoch.',
    });
    const next = await upload(await pdf('wasser'));
    await app.recognition.drain();
    expect((await read(next.id)).recognition?.status).toBe('done');
  });

  it('holds an e-invoice beyond what a receipt holds: fields cut, an absurd total left out, the list still answers', async () => {
    const base = receipt('wasser');
    const long = {
      ...base,
      truth: {
        ...base.truth,
        issuer: `Stadtwerke ${'Musterstadt '.repeat(30)}GmbH`,
        invoiceNumber: 'N'.repeat(150),
      },
    };
    const xml = ciiXml(long);
    const absurd = xml.replace(
      /<ram:GrandTotalAmount>[^<]*<\/ram:GrandTotalAmount>/,
      '<ram:GrandTotalAmount>100000000000000000000.00</ram:GrandTotalAmount>',
    );
    const doc = await upload({ name: 'lang.xml', type: 'application/xml', content: Buffer.from(xml) });
    const other = await upload({ name: 'absurd.xml', type: 'application/xml', content: Buffer.from(absurd) });
    await app.recognition.drain();
    const list = await app.inject({ url: '/api/documents', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    const held = (await read(doc.id)).recognition;
    expect(held?.fields).toMatchObject({ totalCents: 120_482, lines: base.truth.lines });
    expect(held?.fields?.issuer).toHaveLength(200);
    expect(held?.fields?.invoiceNumber).toHaveLength(100);
    expect(held?.warnings.map((w) => w.code)).toContain('field-cut');
    const left = (await read(other.id)).recognition;
    expect(left).toMatchObject({ status: 'done', fields: { totalCents: null, lines: [] } });
    expect(left?.warnings.map((w) => w.code)).toContain('total-unreadable');
  });

  it('warns when the same invoice was recorded before', async () => {
    const first = await upload(await pdf('hauswart'));
    await app.recognition.drain();
    const again = await upload(await pdf('hauswart'));
    await app.recognition.drain();
    expect((await read(first.id)).recognition?.warnings).toEqual([]);
    expect((await read(again.id)).recognition?.warnings).toEqual([
      expect.objectContaining({
        code: 'duplicate',
        message: expect.stringMatching(/^Dieser Beleg scheint bereits am \d\d\.\d\d\.\d{4} erfasst/),
      }),
    ]);
  });

  it('keeps the landlord’s confirmed fields, checks them, and shows a receipt to its owner only', async () => {
    const doc = await upload(await pdf('schornstein'));
    await app.recognition.drain();
    const fields = { ...receipt('schornstein').truth, totalCents: 17_000 };
    const put = (body: unknown, who = owner) =>
      app.inject({
        method: 'PUT',
        url: `/api/documents/${doc.id}/booking`,
        headers: who.headers,
        payload: body as object,
      });
    const res = await put(fields);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ booking: fields, confirmedAt: expect.any(String) });
    expect((await read(doc.id)).recognition?.fields?.totalCents).toBe(16_898);

    const bad = await put({ ...fields, servicePeriod: { start: '2025-12-31', end: '2025-01-01' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Der Leistungszeitraum endet vor seinem Beginn.');

    // read again: the booking stays
    const again = await app.inject({
      method: 'POST',
      url: `/api/documents/${doc.id}/recognition`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ recognition: { status: 'pending' }, booking: fields });
    await app.recognition.drain();

    for (const res of [
      await app.inject({ url: `/api/documents/${doc.id}`, headers: stranger.headers }),
      await put(fields, stranger),
      await app.inject({
        method: 'POST',
        url: `/api/documents/${doc.id}/recognition`,
        headers: stranger.headers,
      }),
      await app.inject({ url: `/api/documents/${doc.id}/pages/1`, headers: stranger.headers }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
  });

  it('uploads without recognition as before', async () => {
    const doc = await upload(await pdf('wasser'), false);
    expect(doc.recognition).toBeNull();
  });
});

describe('receipts booked into a settlement', READER_BUDGET, () => {
  const confirmReceipt = (who: SignedUp, documentId: string, fields: object) =>
    app.inject({
      method: 'PUT',
      url: `/api/documents/${documentId}/booking`,
      headers: who.headers,
      payload: fields,
    });
  /** A new landlord's house with a draft, and the water bill uploaded and read. */
  const draftWithWaterBill = async () => {
    const landlord = await signUp(app);
    const api = injectApi(app, landlord);
    const house = await buildFourUnitHouse(api);
    const id = await houseDraft(api, house);
    const doc = await upload(await pdf('wasser'), true, landlord, house.property.id);
    await app.recognition.drain();
    return { landlord, api, id, doc };
  };
  const bookInto = (who: SignedUp, settlementId: string, documentIds: string[]) =>
    app.inject({
      method: 'POST',
      url: `/api/settlements/${settlementId}/costs/from-documents`,
      headers: who.headers,
      payload: { documentIds },
    });

  it('extends or opens positions, by days where the service period crosses the year, with §35a and the receipts attached', async () => {
    const landlord = await signUp(app);
    const api = injectApi(app, landlord);
    const house = await buildFourUnitHouse(api);
    const id = await houseDraft(api, house);
    const docs: Record<string, string> = {};
    for (const key of ['grundbesitz', 'versicherung', 'schornstein', 'reparatur']) {
      docs[key] = (await upload(await pdf(key), true, landlord, house.property.id)).id;
    }
    await app.recognition.drain();
    const before = (await api('GET', `/api/settlements/${id}`)).body as unknown as Settlement;
    const amount = (s: Settlement, name: string) => s.costs.find((c) => c.name === name);

    const book = (ids: string[], who = landlord, settlement = id) =>
      app.inject({
        method: 'POST',
        url: `/api/settlements/${settlement}/costs/from-documents`,
        headers: who.headers,
        payload: { documentIds: ids },
      });
    const res = await book(Object.values(docs));
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as Settlement;
    // the tax notice extends the existing positions and opens the others with their usual keys
    expect(amount(after, 'Grundsteuer')?.amountCents).toBe(
      (amount(before, 'Grundsteuer')?.amountCents ?? 0) + 61_240,
    );
    expect(amount(after, 'Müllabfuhr')?.amountCents).toBe(
      (amount(before, 'Müllabfuhr')?.amountCents ?? 0) + 49_800,
    );
    expect(amount(after, 'Straßenreinigung')).toMatchObject({ amountCents: 12_160, key: 'area' });
    expect(amount(after, 'Abwasser')).toMatchObject({ amountCents: 20_520, key: 'persons' });
    // 01.07.2025–30.06.2026: 184 of 365 days fall into 2025
    expect(amount(after, 'Versicherungen')?.amountCents).toBe(Math.round((210_530 * 184) / 365));
    expect(amount(after, 'Schornsteinreinigung')).toMatchObject({
      amountCents: 16_898,
      labour35a: { category: 'craftsman', amountCents: 13_100 },
    });
    // the repair is not allocatable: no position
    expect(after.costs.map((c) => c.name)).not.toContain('Nicht umlagefähig');

    const receipts = (await api('GET', `/api/settlements/${id}/cost-documents`)).body as unknown as Array<{
      costIndex: number;
      documents: Array<{ id: string }>;
    }>;
    const attachedTo = (name: string) =>
      receipts
        .find((r) => r.costIndex === after.costs.findIndex((c) => c.name === name))
        ?.documents.map((d) => d.id);
    expect(attachedTo('Straßenreinigung')).toEqual([docs.grundbesitz]);
    expect(attachedTo('Versicherungen')).toEqual([docs.versicherung]);

    // a position typed over afterwards no longer matches its receipts: the settlement says so
    // the notice is meant for each of its four positions: not "the same receipt twice"
    expect(after.warnings.map((w) => w.code)).not.toContain('receipt-twice');
    // positions opened from receipts match them; those typed before and extended say so
    expect(after.warnings.filter((w) => w.code === 'receipts-differ').map((w) => w.path)).toEqual([
      `costs.${after.costs.findIndex((c) => c.name === 'Grundsteuer')}.amount`,
      `costs.${after.costs.findIndex((c) => c.name === 'Müllabfuhr')}.amount`,
    ]);
    const typedOver = after.costs.map((c) =>
      c.name === 'Versicherungen' ? { ...c, amountCents: 110_000 } : c,
    );
    const changed = await api('PUT', `/api/settlements/${id}`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: typedOver,
    });
    expect((changed.body as unknown as Settlement).warnings).toContainEqual(
      expect.objectContaining({
        code: 'receipts-differ',
        message:
          '„Versicherungen“ steht mit 1.100,00 € in der Abrechnung, die angehängten Belege ergeben 1.061,30 € für den Zeitraum.',
      }),
    );
    await api('PUT', `/api/settlements/${id}`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: after.costs,
    });

    // booked twice: counted once
    const again = (await book([docs.versicherung ?? ''])).json() as Settlement;
    expect(amount(again, 'Versicherungen')?.amountCents).toBe(amount(after, 'Versicherungen')?.amountCents);

    // another user's receipt or settlement: 404, nothing changed
    const stranger2 = await signUp(app);
    const foreign = await upload(await pdf('hauswart'), true, stranger2);
    expect((await book([foreign.id])).statusCode).toBe(404);
    expect((await book([docs.versicherung ?? ''], stranger2)).statusCode).toBe(404);
    expect(((await api('GET', `/api/settlements/${id}`)).body as unknown as Settlement).costs).toEqual(
      again.costs,
    );

    // the next year starts from that year's confirmed receipts: the insurance's other 181 days
    for (const doc of Object.values(docs)) {
      const fields = (await read(doc, landlord)).recognition?.fields;
      expect((await api('PUT', `/api/documents/${doc}/booking`, fields)).status).toBe(200);
    }
    await api('PUT', `/api/settlements/${id}`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: after.costs,
    });
    const next = await api('POST', `/api/properties/${house.property.id}/settlements/from/${id}`);
    expect(next.status).toBe(201);
    const nextYear = next.body as unknown as Settlement;
    expect(nextYear.periodStart).toBe('2026-01-01');
    expect(amount(nextYear, 'Versicherungen')?.amountCents).toBe(Math.round((210_530 * 181) / 365));
    // the tax notice and the sweep were 2025's: their positions stay empty
    expect(amount(nextYear, 'Grundsteuer')?.amountCents).toBe(0);
    expect(amount(nextYear, 'Schornsteinreinigung')?.amountCents).toBe(0);

    // a receipt not read yet: 409 with a German reason
    const unread = await upload(await pdf('wasser'), true, landlord);
    const refused = await book([unread.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('ist noch nicht erkannt');
    await app.recognition.drain();
  });

  it('books every line of a receipt, two of one cost type as well', async () => {
    const { landlord, id, doc } = await draftWithWaterBill();
    const sewage = (name: string, amountCents: number) => ({
      category: 'Abwasser',
      name,
      amountCents,
      labourCents: null,
    });
    const confirmed = await confirmReceipt(landlord, doc.id, {
      ...receipt('wasser').truth,
      totalCents: 334_862,
      lines: [sewage('Schmutzwasser', 300_538), sewage('Niederschlagswasser', 34_324)],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const res = await bookInto(landlord, id, [doc.id]);
    expect(res.statusCode, res.body).toBe(200);
    const costs = (res.json() as Settlement).costs;
    expect(costs.find((c) => c.name === 'Abwasser')?.amountCents).toBe(334_862);
    // booked again: the receipt is attached to the position and not counted twice
    const again = await bookInto(landlord, id, [doc.id]);
    expect((again.json() as Settlement).costs.find((c) => c.name === 'Abwasser')?.amountCents).toBe(334_862);
  });
  it('books an invoice in another currency only once the landlord confirmed its euro amounts', async () => {
    const landlord = await signUp(app);
    const api = injectApi(app, landlord);
    const house = await buildFourUnitHouse(api);
    const id = await houseDraft(api, house);
    const huf = ciiXml(receipt('versicherung')).replace(
      '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>',
      '<ram:InvoiceCurrencyCode>HUF</ram:InvoiceCurrencyCode>',
    );
    const doc = await upload(
      { name: 'huf.xml', type: 'application/xml', content: Buffer.from(huf) },
      true,
      landlord,
      house.property.id,
    );
    await app.recognition.drain();
    expect((await read(doc.id, landlord)).recognition?.warnings.map((w) => w.code)).toContain(
      'foreign-currency',
    );
    const book = () => bookInto(landlord, id, [doc.id]);
    const refused = await book();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('nicht in Euro');
    const confirmed = await confirmReceipt(landlord, doc.id, receipt('versicherung').truth);
    expect(confirmed.statusCode).toBe(200);
    expect((await book()).statusCode).toBe(200);
  });

  it('answers 400 naming the position when receipts would take a cost past its maximum', async () => {
    const { landlord, api, id, doc } = await draftWithWaterBill();
    // eleven lines of 100 million € each: more than a position may hold (1 billion €)
    const line = { category: 'Abwasser', name: 'Abwasser', amountCents: 10_000_000_000, labourCents: null };
    const confirmed = await confirmReceipt(landlord, doc.id, {
      ...receipt('wasser').truth,
      totalCents: null,
      lines: Array(11).fill(line),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const res = await bookInto(landlord, id, [doc.id]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(
      'Die Belege lassen sich so nicht übernehmen („Abwasser“): Der Betrag ist zu groß.',
    );
    // nothing was booked: the draft still answers
    expect((await api('GET', `/api/settlements/${id}`)).status).toBe(200);
  });
});

describe('receipts and the bank file', READER_BUDGET, () => {
  it('links a debit of a receipt’s amount to its payee with the receipt it paid', async () => {
    const landlord = await signUp(app);
    const insurance = receipt('versicherung');
    const doc = await upload(
      { name: 'versicherung.xml', type: 'application/xml', content: Buffer.from(ublXml(insurance)) },
      true,
      landlord,
    );
    await app.recognition.drain();
    const debit = (day: string, amountCents: number) => ({
      bookingDate: day,
      valueDate: day,
      amountCents,
      counterpartyName: 'Hanse Gebäudeschutz Versicherung AG',
      counterpartyIban: 'DE02500105170137075030',
      reference: 'Beitrag WG-88120-7',
      bankReference: `REF-${day}-${amountCents}`,
    });
    const imported = await bankUpload(app)(
      landlord,
      'umsaetze.xml',
      camt053([debit('2025-07-01', -210_530), debit('2025-08-01', -5_000)]),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const list = (
      await app.inject({ url: '/api/bank/transactions?status=all', headers: landlord.headers })
    ).json().transactions as Array<{ amountCents: number; match: unknown }>;
    expect(list.find((t) => t.amountCents === -210_530)?.match).toEqual({ kind: 'cost', documentId: doc.id });
    // another amount to the same insurer is a cost of the house, but not this receipt
    expect(list.find((t) => t.amountCents === -5_000)?.match).toEqual({ kind: 'cost' });
  });
});

describe('receipts read as sure', READER_BUDGET, () => {
  const custom = (key: string, lines: string[]) => ({
    key,
    lines,
    truth: receipt('wasser').truth,
  });
  const confirmSure = (who: SignedUp) =>
    app.inject({ method: 'POST', url: '/api/documents/confirm-sure', headers: who.headers });
  const pdfOf = async (r: ReturnType<typeof custom>) => ({
    name: `${r.key}.pdf`,
    type: 'application/pdf',
    content: Buffer.from(await receiptPdf(r)),
  });

  it('says how sure each field is, and confirms the sure ones in one step, the landlord’s own only', async () => {
    const landlord = await signUp(app);
    const other = await signUp(app);
    const water = await upload(await pdf('wasser'), true, landlord);
    // no labelled total: the largest amount is a guess
    const garden = await upload(
      await pdfOf(
        custom('garten', [
          'Grünwerk Gartenpflege GmbH · Am Park 2 · 12345 Musterstadt',
          'Herrn Karl Beispiel',
          'Rechnungsdatum: 03.11.2025',
          'Rechnung Nr. GW-2025-17',
          'Rasen mähen, 8 Einsätze\t480,00 €',
          'Hecke schneiden\t150,00 €',
        ]),
      ),
      true,
      landlord,
    );
    // a period in 2028, two years after the upload: never filled in silently
    const sweep = await upload(
      await pdfOf(
        custom('kehrer', [
          'Bezirksschornsteinfegermeister Otto Ruß · Kaminweg 3 · 12345 Musterstadt',
          'Rechnungsdatum: 14.10.2025',
          'Rechnung Nr. 2025-318',
          'Leistungszeitraum: 01.01.2028 - 31.12.2028',
          'Feuerstättenschau\t142,00 €',
          'Nettobetrag\t142,00 €',
          'MwSt 19 %\t26,98 €',
          'Rechnungsbetrag\t168,98 €',
        ]),
      ),
      true,
      landlord,
    );
    const othersWater = await upload(await pdf('wasser'), true, other);
    await app.recognition.drain();

    const sure = (await read(water.id, landlord)).recognition;
    expect(sure?.sure).toBe(true);
    expect(sure?.confidence).toEqual({
      issuer: 'sure',
      invoiceNumber: 'sure',
      invoiceDate: 'sure',
      servicePeriod: 'sure',
      totalCents: 'sure',
      iban: 'sure',
      lines: 'sure',
    });
    const guessed = (await read(garden.id, landlord)).recognition;
    expect(guessed?.sure).toBe(false);
    expect(guessed?.confidence.totalCents).toBe('unsure');
    expect(guessed?.confidence.issuer).toBe('sure');
    const late = (await read(sweep.id, landlord)).recognition;
    expect(late?.sure).toBe(false);
    expect(late?.confidence.servicePeriod).toBe('unsure');
    expect(late?.warnings.map((w) => w.code)).toContain('implausible-period');

    const res = await confirmSure(landlord);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ confirmed: 1 });
    const confirmed = await read(water.id, landlord);
    expect(confirmed.booking).toEqual(receipt('wasser').truth);
    expect(confirmed.confirmedAt).not.toBeNull();
    for (const id of [garden.id, sweep.id]) expect((await read(id, landlord)).booking).toBeNull();
    expect((await read(othersWater.id, other)).booking).toBeNull();
    // what is confirmed stays as confirmed: a second click confirms nothing
    expect((await confirmSure(landlord)).json()).toEqual({ confirmed: 0 });
  });

  it('replaces the upload’s default type and date by what was read, and keeps what the landlord chose', async () => {
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
    const send = async (fields: Record<string, string>) => {
      const body = multipart({ ...fields, recognize: 'true' }, await pdf('wasser'));
      const res = await app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { ...owner.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      return res.json() as DocumentJson;
    };
    const defaults = await send({ type: 'Sonstiges', docDate: today });
    const chosen = await send({ type: 'Vertrag', docDate: '2025-12-01' });
    await app.recognition.drain();
    expect(await read(defaults.id)).toMatchObject({ type: 'Rechnung', docDate: '2026-01-20' });
    expect(await read(chosen.id)).toMatchObject({ type: 'Vertrag', docDate: '2025-12-01' });
  });

  it('reads the PDF’s text when its embedded e-invoice cannot be read, and says so', async () => {
    const content = Buffer.from(
      await receiptPdf(receipt('wasser'), {
        name: 'factur-x.xml',
        xml: '<?xml version="1.0"?><Bestellung/>',
      }),
    );
    const landlord = await signUp(app);
    const doc = await upload(
      { name: 'wasser-zugferd.pdf', type: 'application/pdf', content },
      true,
      landlord,
    );
    await app.recognition.drain();
    const done = (await read(doc.id, landlord)).recognition;
    expect(done).toMatchObject({ status: 'done', method: 'text', fields: receipt('wasser').truth });
    expect(done?.warnings.map((w) => w.code)).toEqual(['einvoice-unread']);
  });

  it('answers 401 without a session', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents/confirm-sure',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(401);
  });
});
