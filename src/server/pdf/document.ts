// A new pdfkit document as every PDF of ours starts: A4 (portrait unless told), our fonts, escaped
// metadata, and a promise of its bytes once it ends.

import PDFDocument from 'pdfkit';
import { type StatementFonts, statementFonts } from './fonts';
import { BOTTOM, FONT, LEFT, PAGE, RIGHT, TOP } from './layout';
import { escapeXmpMetadata } from './metadata';

export interface OpenedDocument {
  doc: PDFKit.PDFDocument;
  fonts: StatementFonts;
  /** Resolves with the file once `doc.end()` was called. */
  done: Promise<Uint8Array<ArrayBuffer>>;
}

export function openDocument(
  info: { Title: string; Author?: string; Subject: string },
  page: { size: [number, number]; margins: PDFKit.Mixins.ExpandedSides<number> } = {
    size: [PAGE.width, PAGE.height],
    // Content is placed explicitly; the margins only tell pdfkit where running text must break.
    margins: { top: TOP, bottom: PAGE.height - BOTTOM, left: LEFT, right: PAGE.width - RIGHT },
  },
): OpenedDocument {
  const fonts = statementFonts();
  const doc = new PDFDocument({
    ...page,
    bufferPages: true,
    font: '',
    lang: 'de-DE',
    displayTitle: true,
    pdfVersion: '1.7',
    info: { ...info, Creator: 'Umlage', Producer: 'Umlage' },
  });
  escapeXmpMetadata(doc);
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  return { doc, fonts, done: collect(doc) };
}

function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
  });
}
