// A new pdfkit document as every PDF of ours starts: A4 (portrait unless told), our fonts, escaped
// metadata, and a promise of its bytes once it ends.

import PDFDocument from 'pdfkit';
import { DocumentFont } from './embedded-fonts';
import { preparedFonts, type StatementFonts, statementFonts } from './fonts';
import { BOTTOM, FONT, LEFT, PAGE, RIGHT, TOP } from './layout';
import { escapeXmpMetadata } from './metadata';

export interface OpenedDocument {
  doc: PDFKit.PDFDocument;
  fonts: StatementFonts;
  /** Resolves with the file once `doc.end()` was called. */
  done: Promise<Uint8Array<ArrayBuffer>>;
}

type DocumentInfo = { Title: string; Author?: string; Subject: string };
type PageSetup = { size: [number, number]; margins: PDFKit.Mixins.ExpandedSides<number> };

const A4: PageSetup = {
  size: [PAGE.width, PAGE.height],
  // Content is placed explicitly; the margins only tell pdfkit where running text must break.
  margins: { top: TOP, bottom: PAGE.height - BOTTOM, left: LEFT, right: PAGE.width - RIGHT },
};

/** The pdfkit document with our settings and no fonts yet. */
export function newPdfDocument(info: DocumentInfo, page: PageSetup = A4): PDFKit.PDFDocument {
  return new PDFDocument({
    ...page,
    bufferPages: true,
    font: '',
    lang: 'de-DE',
    displayTitle: true,
    pdfVersion: '1.7',
    info: { ...info, Creator: 'Umlage', Producer: 'Umlage' },
  });
}

/** pdfkit's fonts of a document by name (not in its typings): `doc.font(name)` takes them from here. */
interface WithFontFamilies {
  _fontFamilies: Record<string, unknown>;
  _fontCount: number;
}

export function openDocument(info: DocumentInfo, page: PageSetup = A4): OpenedDocument {
  const doc = newPdfDocument(info, page);
  escapeXmpMetadata(doc);
  // Our faces, prepared once per thread, in place of the fonts pdfkit would embed anew.
  const prepared = preparedFonts();
  const families = doc as unknown as WithFontFamilies;
  families._fontFamilies[FONT.regular] = new DocumentFont(doc, prepared.regular, `F${++families._fontCount}`);
  families._fontFamilies[FONT.bold] = new DocumentFont(doc, prepared.bold, `F${++families._fontCount}`);
  return { doc, fonts: statementFonts(), done: documentBytes(doc) };
}

export function documentBytes(doc: PDFKit.PDFDocument): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
  });
}
