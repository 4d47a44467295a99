// A receipt PDF opened with pdfjs within limits: its embedded e-invoice (ZUGFeRD/Factur-X), the lines
// of its text layer with their boxes, and its pages as pictures (for OCR and for the review).

import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';
import type { TextLine } from '../../shared/receipts/extract';
import { despeckle } from './despeckle';
import { ReceiptUnreadable } from './unreadable';

/** Only the first pages are read: a year's receipt is one or two, a notice with its terms five. */
export const MAX_PAGES = 5;
/** File names of the CII XML inside a ZUGFeRD 1/2, Factur-X or XRechnung PDF. */
const EINVOICE_ATTACHMENTS = /^(factur-x|zugferd-invoice|xrechnung|zugferd)\.xml$/i;

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  try {
    return await getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      stopAtErrors: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new ReceiptUnreadable('Die PDF-Datei ist mit einem Passwort geschützt.');
    }
    throw new ReceiptUnreadable('Die PDF-Datei ist beschädigt und kann nicht gelesen werden.');
  }
}

/** The XML of an embedded e-invoice, or null. */
export async function embeddedEInvoice(pdf: PDFDocumentProxy): Promise<string | null> {
  const attachments = ((await pdf.getAttachments()) ?? {}) as Record<
    string,
    { filename: string; content: Uint8Array }
  >;
  const xml = Object.values(attachments).find((a) => EINVOICE_ATTACHMENTS.test(a.filename));
  return xml ? new TextDecoder().decode(xml.content) : null;
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** A text item where it stands: left edge, baseline from the top of the page, width and size. */
interface Placed {
  text: string;
  x: number;
  baseline: number;
  width: number;
  size: number;
}

function placed(item: TextItem, pageHeight: number): Placed {
  const [, , , scaleY = 0, x = 0, y = 0] = item.transform;
  return {
    text: item.str,
    x,
    baseline: pageHeight - y,
    width: item.width,
    size: item.height || Math.abs(scaleY),
  };
}

/** The text layer's lines, top to bottom: items on one baseline joined left to right. */
export async function textLines(pdf: PDFDocumentProxy): Promise<TextLine[]> {
  const lines: TextLine[] = [];
  for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES); n++) {
    const page = await pdf.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const items = (content.items as TextItem[])
      .filter((i) => typeof i.str === 'string' && i.str.trim() !== '')
      .map((i) => placed(i, height))
      .sort((a, b) => a.baseline - b.baseline || a.x - b.x);
    const rows: Placed[][] = [];
    for (const item of items) {
      const row = rows.find((r) => Math.abs((r[0]?.baseline ?? 0) - item.baseline) < 3);
      if (row) row.push(item);
      else rows.push([item]);
    }
    for (const row of rows) {
      row.sort((a, b) => a.x - b.x);
      const left = Math.min(...row.map((i) => i.x));
      const right = Math.max(...row.map((i) => i.x + i.width));
      const size = Math.max(...row.map((i) => i.size));
      const top = Math.min(...row.map((i) => i.baseline)) - size;
      // a wide gap between items (an amount column) stays a gap
      const text = row
        .map((item, k) => {
          const before = row[k - 1];
          return (before && item.x - (before.x + before.width) > 20 ? '  ' : '') + item.text;
        })
        .join('');
      lines.push({
        text,
        page: n,
        box: [left / width, top / height, (right - left) / width, (size * 1.2) / height],
      });
    }
    page.cleanup();
  }
  return lines;
}

export interface PagePicture {
  png: Uint8Array;
  width: number;
  height: number;
}

/** A page as tesseract reads it fastest: grey, uncompressed (a binary PGM file). */
export interface OcrPicture {
  pgm: Uint8Array;
  width: number;
  height: number;
}

/** The first pages drawn at about 100 dpi as PNGs, for the review. */
export async function renderPages(pdf: PDFDocumentProxy, dpi: number): Promise<PagePicture[]> {
  return drawPages(pdf, dpi, async (canvas) => ({
    png: await canvas.encode('png'),
    width: canvas.width,
    height: canvas.height,
  }));
}

/** The first pages drawn at 300 dpi in grey, for OCR. */
export async function renderForOcr(pdf: PDFDocumentProxy, dpi: number): Promise<OcrPicture[]> {
  return drawPages(pdf, dpi, async (canvas) => grayPicture(canvas));
}

type Canvas = import('@napi-rs/canvas').Canvas;

async function drawPages<T>(pdf: PDFDocumentProxy, dpi: number, encode: (canvas: Canvas) => Promise<T>) {
  const { createCanvas } = await import('@napi-rs/canvas');
  const pictures: T[] = [];
  for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES); n++) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: dpi / 72 });
    // an A0 plan scaled down to A4's size: never more than 3,600 pixels a side
    const fit = Math.min(1, 3600 / Math.max(viewport.width, viewport.height));
    const scaled = fit < 1 ? page.getViewport({ scale: (dpi / 72) * fit }) : viewport;
    const canvas = createCanvas(Math.round(scaled.width), Math.round(scaled.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport: scaled }).promise;
    page.cleanup();
    pictures.push(await encode(canvas));
  }
  return pictures;
}

/**
 * The canvas in grey as a binary PGM, dust removed: tesseract turns every page grey anyway, and an uncompressed
 * picture saves encoding and decoding a PNG of 9 megapixels (a third of a scan's time).
 */
export function grayPicture(canvas: Canvas): OcrPicture {
  const { width, height } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const pgm = new Uint8Array(header.length + width * height);
  pgm.set(header);
  // ITU-R BT.601 luma in integers
  for (let from = 0, to = header.length; to < pgm.length; from += 4, to += 1) {
    pgm[to] =
      ((rgba[from] as number) * 77 + (rgba[from + 1] as number) * 150 + (rgba[from + 2] as number) * 29) >> 8;
  }
  despeckle(pgm.subarray(header.length), width, height);
  return { pgm, width, height };
}
