// The statement's typeface, parsed once per thread. pdfkit re-parses a font given as a file or
// buffer in every document (and lays tables out ~10× slower); a fontkit object is parsed once.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkit';

export interface StatementFonts {
  regular: Font;
  bold: Font;
}

// pdfkit accepts a parsed fontkit font wherever it takes a font source; its typings only list files.
declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      registerFont(name: string, src: Font): this;
    }
  }
}

/** DejaVu Sans Condensed from the `dejavu-fonts-ttf` package: umlauts, ß, €, §, ², ³, en dash. */
const FILES = { regular: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' } as const;

let loaded: StatementFonts | undefined;

function parse(file: string): Font {
  const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const font = create(readFileSync(join(dir, file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

export function statementFonts(): StatementFonts {
  loaded ??= { regular: parse(FILES.regular), bold: parse(FILES.bold) };
  return loaded;
}
