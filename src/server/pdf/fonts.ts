// The statement's typeface, parsed and prepared once per thread. pdfkit re-parses a font given as
// a file or buffer in every document (and lays tables out ~10× slower), and subsets and shapes a
// parsed one anew per document; a prepared font does both once (`embedded-fonts.ts`).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkit';
import { PreparedFont } from './embedded-fonts';

export interface StatementFonts {
  regular: Font;
  bold: Font;
}

/** DejaVu Sans Condensed from the `dejavu-fonts-ttf` package: umlauts, ß, €, §, ², ³, en dash. */
const FILES = { regular: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' } as const;

/** The file of a face of the statement's typeface. */
export function fontFile(face: keyof typeof FILES): string {
  const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return join(dir, FILES[face]);
}

function parse(face: keyof typeof FILES): Font {
  const file = fontFile(face);
  const font = create(readFileSync(file));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

/** The faces parsed anew, shared with nothing (the bench's plain pdfkit baseline). */
export function parseStatementFonts(): StatementFonts {
  return { regular: parse('regular'), bold: parse('bold') };
}

let prepared: { regular: PreparedFont; bold: PreparedFont } | undefined;

export function preparedFonts(): { regular: PreparedFont; bold: PreparedFont } {
  if (!prepared) {
    const fonts = parseStatementFonts();
    prepared = { regular: new PreparedFont(fonts.regular), bold: new PreparedFont(fonts.bold) };
  }
  return prepared;
}

export function statementFonts(): StatementFonts {
  const { regular, bold } = preparedFonts();
  return { regular: regular.font, bold: bold.font };
}
