// The statement's typeface, parsed once per thread. pdfkit re-parses a font given as a file or
// buffer in every document (and lays tables out ~10× slower); a fontkit object is parsed once, and
// its text shaping is remembered across documents (labels, headers and the legal text repeat).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font, type GlyphRun } from 'fontkit';

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

/** Words shaped per font before the memory is cleared (pdfkit lays text out word by word). */
const MAX_SHAPED_WORDS = 20_000;

/**
 * Remembers fontkit's shaping of each word. pdfkit scales the positions of every run it is given
 * in place, so each call hands out a run of its own with fresh positions over the shared glyphs.
 */
function rememberShaping(font: Font): Font {
  const shape = font.layout.bind(font);
  const shaped = new Map<string, GlyphRun>();
  font.layout = (text, features, ...rest) => {
    if (features !== undefined || rest.length > 0) return shape(text, features, ...rest);
    let run = shaped.get(text);
    if (!run) {
      if (shaped.size >= MAX_SHAPED_WORDS) shaped.clear();
      run = shape(text);
      shaped.set(text, run);
    }
    // A run whose getters (advanceWidth, bbox) read these positions; glyphs stay shared.
    const own: GlyphRun = Object.create(run);
    own.positions = run.positions.map((p) => ({ ...p }));
    return own;
  };
  return font;
}

function parse(file: string): Font {
  const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const font = create(readFileSync(join(dir, file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return rememberShaping(font);
}

export function statementFonts(): StatementFonts {
  loaded ??= { regular: parse(FILES.regular), bold: parse(FILES.bold) };
  return loaded;
}
