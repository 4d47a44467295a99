// The statement as plain pdfkit makes it: the same layout code drawing into a stock pdfkit document
// with the same fontkit faces registered, so pdfkit subsets, shapes and compresses them per document.
// The baseline our prepared fonts are measured (bench/pdf.bench.ts) and compared (tests) against.

import type { Font } from 'fontkit';
import { documentBytes, newPdfDocument } from '../document';
import { parseStatementFonts } from '../fonts';
import { FONT } from '../layout';
import { drawStatement, type StatementPdfInput, statementInfo } from '../render-statement';

// pdfkit accepts a parsed fontkit font wherever it takes a font file; its typings only list files.
declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      registerFont(name: string, src: Font): this;
    }
  }
}

let fonts: ReturnType<typeof parseStatementFonts> | undefined;

export function renderWithStockPdfkit(input: StatementPdfInput): Promise<Uint8Array> {
  // Parsed once, apart from the prepared faces, as pdfkit's own documentation suggests for speed.
  fonts ??= parseStatementFonts();
  const doc = newPdfDocument(statementInfo(input));
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  const done = documentBytes(doc);
  drawStatement(doc, input);
  doc.end();
  return done;
}
