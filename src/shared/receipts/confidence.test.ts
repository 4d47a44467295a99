import { describe, expect, it } from 'vitest';
import { RECEIPTS } from '../../../tests/builders/receipts';
import type { ReceiptFields } from '../schemas/receipt';
import { type Bases, implausibleDates, judgeReceipt } from './confidence';
import { extractFields, type TextLine } from './extract';

const water = RECEIPTS[0]?.truth as ReceiptFields;
const labelled: Bases = {
  issuer: 'labelled',
  invoiceNumber: 'labelled',
  invoiceDate: 'labelled',
  servicePeriod: 'labelled',
  totalCents: 'labelled',
  iban: 'checked',
  lines: 'labelled',
};

describe('how sure a reading is', () => {
  it('takes an e-invoice’s fields as sure, unless a warning applies', () => {
    expect(judgeReceipt('e-invoice', water, [], {}).sure).toBe(true);
    const foreign = judgeReceipt('e-invoice', water, [{ code: 'foreign-currency', message: '' }], {});
    expect(foreign.sure).toBe(false);
    expect(foreign.confidence).toMatchObject({ totalCents: 'unsure', lines: 'unsure', issuer: 'sure' });
  });

  it('takes a text layer’s labelled fields as sure, and a guessed one as unsure', () => {
    expect(judgeReceipt('text', water, [], labelled).sure).toBe(true);
    const guessed = judgeReceipt('text', water, [], { ...labelled, issuer: 'guessed' });
    expect(guessed).toMatchObject({ sure: false, confidence: { issuer: 'unsure', totalCents: 'sure' } });
  });

  it('needs a second figure for an amount OCR read, and then trusts the one line carrying it', () => {
    const read = judgeReceipt('ocr', water, [], labelled);
    expect(read.confidence).toMatchObject({ totalCents: 'unsure', lines: 'unsure', issuer: 'sure' });
    const checked = judgeReceipt('ocr', water, [], { ...labelled, totalCents: 'checked' });
    expect(checked).toMatchObject({ sure: true, confidence: { totalCents: 'sure', lines: 'sure' } });
  });

  it('doubts what a warning touches, and leaves a possible duplicate to the landlord', () => {
    const mismatch = judgeReceipt('text', water, [{ code: 'vat-mismatch', message: '' }], labelled);
    expect(mismatch.confidence.totalCents).toBe('unsure');
    const twice = judgeReceipt('text', water, [{ code: 'duplicate', message: '' }], labelled);
    expect(twice.sure).toBe(false);
    expect(Object.values(twice.confidence).every((c) => c === 'sure')).toBe(true);
  });

  it('needs the issuer, total, cost type and a date, and everything allocatable', () => {
    expect(judgeReceipt('text', { ...water, issuer: null }, [], labelled).sure).toBe(false);
    expect(
      judgeReceipt('text', { ...water, servicePeriod: null, invoiceDate: null }, [], labelled).sure,
    ).toBe(false);
    const repair = { ...water, lines: water.lines.map((l) => ({ ...l, category: null })) };
    expect(judgeReceipt('text', repair, [], labelled).sure).toBe(false);
  });

  it('warns of a date before 2000 or after the year past the upload, and of a period over two years', () => {
    const late = { ...water, servicePeriod: { start: '2028-01-01', end: '2028-12-31' } };
    expect(implausibleDates(late, '2026-03-01').map((w) => w.code)).toEqual(['implausible-period']);
    expect(
      implausibleDates({ ...water, invoiceDate: '1999-12-31' }, '2026-03-01').map((w) => w.code),
    ).toEqual(['implausible-date']);
    const long = { ...water, servicePeriod: { start: '2023-01-01', end: '2025-12-31' } };
    expect(implausibleDates(long, '2026-03-01').map((w) => w.code)).toEqual(['implausible-period']);
    expect(implausibleDates(water, '2026-03-01')).toEqual([]);
  });
});

describe('what OCR read clearly', () => {
  const ocrLine = (text: string, y: number, clarity = 95): TextLine => ({
    text,
    page: 1,
    box: [0.1, y, 0.8, 0.02],
    words: text.split(' ').map((w) => ({ text: w, clarity })),
  });

  it('takes a name or number read unclearly, or with a stray mark in it, as guessed', () => {
    const clear = extractFields([
      ocrLine('Grünwerk Gartenpflege GmbH', 0.05),
      ocrLine('Rechnung Nr. GW-7781', 0.2),
      ocrLine('Rechnungsbetrag 120,00 €', 0.5),
    ]);
    expect(clear.bases).toMatchObject({ issuer: 'labelled', invoiceNumber: 'labelled' });
    const blurred = extractFields([
      ocrLine('Grünwerk Gartenpflege GmbH', 0.05, 60),
      ocrLine('Rechnung Nr. GW-7781', 0.2, 70),
      ocrLine('Rechnungsbetrag 120,00 €', 0.5),
    ]);
    expect(blurred.bases).toMatchObject({ issuer: 'guessed', invoiceNumber: 'guessed' });
    const speck = extractFields([ocrLine('Nordlift. Aufzugsservice GmbH', 0.05)]);
    expect(speck.bases.issuer).toBe('guessed');
  });

  it('takes the dots of a legal form for what they are, not for stray marks', () => {
    for (const name of ['Entsorgung Nord GmbH & Co. KG', 'Hausservice Petersen e.K.', 'Malerei Roth e. K.']) {
      const read = extractFields([
        ocrLine(`${name} · Hafenweg 2`, 0.05),
        ocrLine('Rechnungsbetrag 120,00 €', 0.5),
      ]);
      expect([read.fields.issuer, read.bases.issuer]).toEqual([name, 'labelled']);
    }
    // a stray mark beside a legal form still is one
    const speck = extractFields([ocrLine('Aufzüge Nord. GmbH & Co. KG', 0.05)]);
    expect(speck.bases.issuer).toBe('guessed');
  });

  it('takes the name of a sender line (name · street and number · postcode and town) as its issuer', () => {
    const sender = extractFields([
      ocrLine('Grün & Schön Garten- und Landschaftsbau + Wiesenweg 3 - 12351 Musterstadt', 0.05),
      ocrLine('Rechnungsbetrag 120,00 €', 0.5),
    ]);
    expect([sender.fields.issuer, sender.bases.issuer]).toEqual([
      'Grün & Schön Garten- und Landschaftsbau',
      'labelled',
    ]);
    // a first line without a street and a town, or with the town before the street, names nobody for sure
    for (const top of [
      'Grün & Schön Garten- und Landschaftsbau',
      'Rechnung · 12351 Musterstadt · Wiesenweg 3',
    ]) {
      const read = extractFields([ocrLine(top, 0.05), ocrLine('Rechnungsbetrag 120,00 €', 0.5)]);
      expect(read.bases.issuer, top).toBe('guessed');
    }
  });

  it('confirms a total by the stated rate when OCR could not read the tax amount', () => {
    const lines = (net: string, tax: string) => [
      ocrLine('Entsorgung Nord GmbH', 0.05),
      ocrLine('Restmüllbehälter 1.100 l 1.690,00 €', 0.3),
      ocrLine(`Summe netto ${net} €`, 0.35),
      ocrLine(tax, 0.4),
      ocrLine('Rechnungsbetrag 2.011,10 €', 0.45),
    ];
    const read = extractFields(lines('1.690,00', 'zzgl. 19 % USt 3210 ©'));
    expect(read.bases.totalCents).toBe('checked');
    expect(judgeReceipt('ocr', read.fields, read.warnings, read.bases).confidence.totalCents).toBe('sure');
    // a net the rate does not lead to the total from, or two rates, confirm nothing
    expect(extractFields(lines('1.960,00', 'zzgl. 19 % USt 3210 ©')).bases.totalCents).toBe('labelled');
    expect(extractFields(lines('1.690,00', 'USt 7 % und 19 % 3210 ©')).bases.totalCents).toBe('labelled');
  });

  it('takes the amount that is net plus VAT as the total where no total stands under its label', () => {
    const read = extractFields([
      ocrLine('Aufzugstechnik Sommer GmbH', 0.05),
      ocrLine('Wartungsvertrag Personenaufzug 1.180,00 €', 0.3),
      ocrLine('Aufzugsnotruf 144,00 €', 0.32),
      ocrLine('Summe netto 1.324,00 €', 0.35),
      ocrLine('USt. 19 % 251,56 €', 0.4),
      ocrLine('Zahlbetrag 1.575,56 €', 0.45),
    ]);
    expect([read.fields.totalCents, read.bases.totalCents]).toEqual([157_556, 'checked']);
    expect(read.warnings.map((w) => w.code)).not.toContain('guessed-total');
  });

  it('doubts the lines when a § 35a share is named but its amount cannot be read', () => {
    const read = extractFields([
      ocrLine('Winterdienst Schneider', 0.05),
      ocrLine('Winterdienst Gehweg 450,00 €', 0.3),
      ocrLine('Nettobetrag 450,00 €', 0.35),
      ocrLine('MwSt 19 % 85,50 €', 0.4),
      ocrLine('Rechnungsbetrag 535,50 €', 0.45),
      ocrLine('Darin Arbeitskosten 535,501', 0.5),
    ]);
    expect(read.fields.lines).toEqual([
      { category: 'Straßenreinigung', name: 'Straßenreinigung', amountCents: 53_550, labourCents: null },
    ]);
    expect(read.warnings.map((w) => w.code)).toContain('labour-unreadable');
    expect(judgeReceipt('ocr', read.fields, read.warnings, read.bases).confidence.lines).toBe('unsure');
  });
});
