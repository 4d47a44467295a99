// The reading chain of a receipt (ADR 0025), stopping at the first step that yields its fields:
// (1) e-invoice data, exact; (2) the PDF's text layer; (3) OCR of images and scanned pages; then the
// extraction rules of shared/receipts. Runs in a recognition worker thread, never on the event loop.

import type { Bases } from '../../shared/receipts/confidence';
import { extractFields, type TextLine } from '../../shared/receipts/extract';
import type {
  Evidence,
  ReceiptFields,
  ReceiptWarning,
  RecognitionMethod,
} from '../../shared/schemas/receipt';
import { readEInvoice } from './einvoice';
import { loadForOcr, loadPicture, ocrLines } from './ocr';
import {
  embeddedEInvoice,
  type OcrPicture,
  openPdf,
  type PagePicture,
  renderForOcr,
  renderPages,
  textLines,
} from './pdf-pages';
import { ReceiptUnreadable } from './unreadable';

export interface ReadReceipt {
  method: RecognitionMethod;
  fields: ReceiptFields;
  evidence: Record<string, Evidence>;
  warnings: ReceiptWarning[];
  /** How each field was found, for its confidence (an e-invoice states its fields: none needed). */
  bases: Bases;
  /** The pages as pictures for the review (none for an XML e-invoice). */
  pages: PagePicture[];
}

/** A text layer with fewer letters than this is a scan with a stray word, read by OCR. */
const MIN_TEXT_CHARACTERS = 40;
const OCR_DPI = 300;
const REVIEW_DPI = 100;
const REVIEW_LONG_SIDE = 1400;

export async function readReceipt(bytes: Uint8Array, fileType: string): Promise<ReadReceipt> {
  if (fileType === 'application/xml') {
    const { fields, warnings } = readEInvoice(new TextDecoder().decode(bytes));
    return { method: 'e-invoice', fields, evidence: {}, warnings, bases: {}, pages: [] };
  }
  if (fileType === 'application/pdf') {
    const pdf = await openPdf(bytes);
    try {
      const pages = await renderPages(pdf, REVIEW_DPI);
      const xml = await embeddedEInvoice(pdf);
      const notes: ReceiptWarning[] = [];
      if (xml) {
        try {
          const { fields, warnings } = readEInvoice(xml);
          return { method: 'e-invoice', fields, evidence: {}, warnings, bases: {}, pages };
        } catch (error) {
          // an attachment we cannot read does not cost the receipt: its pages say the same
          if (!(error instanceof ReceiptUnreadable)) throw error;
          notes.push({ code: 'einvoice-unread', message: `${error.message} Die Werte stammen aus der PDF.` });
        }
      }
      const lines = await textLines(pdf);
      if (lines.reduce((n, l) => n + l.text.replace(/\s/g, '').length, 0) >= MIN_TEXT_CHARACTERS) {
        const read = extractFields(lines);
        return { method: 'text', ...read, warnings: [...notes, ...read.warnings], pages };
      }
      const scans = await renderForOcr(pdf, OCR_DPI);
      return { method: 'ocr', ...extractFields(await ocrAll(scans)), pages };
    } finally {
      await pdf.destroy();
    }
  }
  const picture = await loadForOcr(bytes);
  const review = await loadPicture(bytes, REVIEW_LONG_SIDE);
  return { method: 'ocr', ...extractFields(await ocrAll([picture])), pages: [review] };
}

async function ocrAll(pictures: OcrPicture[]): Promise<TextLine[]> {
  const lines: TextLine[] = [];
  for (const [i, picture] of pictures.entries()) lines.push(...(await ocrLines(picture, i + 1)));
  return lines;
}
