// Our fonts as every document embeds them. pdfkit subsets, encodes and compresses each font anew in
// every document and shapes its words per document; that was about a third of a statement's time.
// Here a face is prepared once per thread: a fixed subset (Latin-1, the typographic marks of our
// letters, the Turkish and Polish letters of many tenants' names) encoded and compressed once, and
// each word shaped and encoded once. A document then writes the prepared font file and looks its
// words up. A glyph outside that subset still prints: it is appended to that document's copy of
// the subset, encoded once per such set of glyphs (a tenant's name recurs in their documents).
// The document-side object stands in for pdfkit's EmbeddedFont: same layout (words split after
// spaces, positions in thousandths of an em), same font dictionaries, so the pages look the same.

import { deflateSync } from 'node:zlib';
import type { Font, Glyph } from 'fontkit';

/** Characters whose glyphs every document carries (✓: the overview's checks). */
const PREPARED_CHARACTERS = [
  range(0x20, 0x7e),
  range(0xa0, 0xff),
  '€–—‘’‚“”„…•‹›′″−≤≥≈≠✓',
  'ĞğİıŞşĄąĆćĘęŁłŃńŚśŹźŻż',
].join('');
/** fontkit substitutes these ligatures in running text (its default features). */
const LIGATURES = 'ff fi fl ffi ffl';

/** Words and lines shaped per face before the memory is cleared. */
const MAX_RUNS = 20_000;
/** Extended subsets kept per face before the memory is cleared. */
const MAX_EXTENDED = 100;

function range(from: number, to: number): string {
  return String.fromCharCode(...Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

/** A glyph's place as pdfkit's text drawing reads it, in thousandths of an em. */
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** Shaped text, shared by every document: frozen, as pdfkit only reads it. */
interface Run {
  glyphs: readonly Glyph[];
  positions: readonly Position[];
  advanceWidth: number;
  /** The glyphs as the 4-digit hex CIDs of the prepared subset; absent if one lies outside it. */
  codes?: readonly string[];
}

/** The parts of a fontkit font and subset pdfkit's font dictionaries read (not in the typings). */
interface FontTables {
  post: { isFixedPitch: boolean };
  head: { macStyle: { italic: boolean } };
  'OS/2'?: { sFamilyClass: number };
}
interface FontFiles {
  fontFile: Uint8Array;
  toUnicode: Uint8Array;
}
interface GlyphSubset {
  includeGlyph(glyph: number): number;
  encode(): Uint8Array;
}

const hex = (cid: number) => cid.toString(16).padStart(4, '0');

/** One face, prepared once per thread. */
export class PreparedFont {
  readonly scale: number;
  /** Glyphs of the prepared subset by CID (0 is .notdef). */
  readonly glyphs: Glyph[] = [];
  readonly cids = new Map<number, number>();
  readonly widths: number[] = [];
  readonly unicode: number[][] = [];
  /** The prepared subset's font file and ToUnicode map, compressed. */
  readonly fontFile: Uint8Array;
  readonly toUnicode: Uint8Array;
  /** The same with further glyphs appended, by their glyph ids in order (a tenant's rarer letters). */
  private readonly extended = new Map<string, FontFiles>();
  /** The FontDescriptor's flags as pdfkit computes them. */
  readonly flags: number;
  private readonly runs = new Map<string, Run>();

  constructor(readonly font: Font) {
    this.scale = 1000 / font.unitsPerEm;
    const glyphs = [
      font.getGlyph(0),
      ...Array.from(PREPARED_CHARACTERS, (c) => font.glyphForCodePoint(c.codePointAt(0) ?? 0)),
      ...font.layout(`${PREPARED_CHARACTERS} ${LIGATURES}`).glyphs,
    ];
    for (const glyph of glyphs) this.add(glyph);
    ({ fontFile: this.fontFile, toUnicode: this.toUnicode } = this.encode([]));
    this.flags = descriptorFlags(font);
  }

  /** The font file and ToUnicode map of the prepared subset plus `extra` glyphs, compressed. */
  files(extra: Glyph[]): FontFiles {
    if (extra.length === 0) return this;
    const key = extra.map((glyph) => glyph.id).join(' ');
    let files = this.extended.get(key);
    if (!files) {
      if (this.extended.size >= MAX_EXTENDED) this.extended.clear();
      files = this.encode(extra);
      this.extended.set(key, files);
    }
    return files;
  }

  private encode(extra: Glyph[]): FontFiles {
    const subset = this.font.createSubset() as unknown as GlyphSubset;
    for (const glyph of [...this.glyphs, ...extra]) subset.includeGlyph(glyph.id);
    const unicode = [...this.unicode, ...extra.map((glyph) => glyph.codePoints)];
    return {
      fontFile: deflateSync(subset.encode()),
      // pdfkit ends text it writes into a stream with a line break.
      toUnicode: deflateSync(`${toUnicodeCmap(unicode)}\n`),
    };
  }

  private add(glyph: Glyph): void {
    if (this.cids.has(glyph.id)) return;
    this.cids.set(glyph.id, this.glyphs.length);
    this.glyphs.push(glyph);
    this.widths.push(glyph.advanceWidth * this.scale);
    this.unicode.push(glyph.codePoints);
  }

  /** Text laid out as pdfkit lays it out: word by word, each word with the space after it. */
  run(text: string): Run {
    let run = this.runs.get(text);
    if (run) return run;
    const words = splitWords(text);
    run = words.length === 1 ? this.shape(text) : joinRuns(words.map((word) => this.run(word)));
    if (this.runs.size >= MAX_RUNS) this.runs.clear();
    this.runs.set(text, run);
    return run;
  }

  /** fontkit's shaping, scaled to thousandths of an em as pdfkit's `layoutRun` scales it. */
  shape(text: string, features?: string[] | Record<string, boolean>): Run {
    const { glyphs, positions: raw } = this.font.layout(text, features);
    let advanceWidth = 0;
    const positions = raw.map((p, i) => {
      const position: Position = {
        xAdvance: p.xAdvance * this.scale,
        yAdvance: p.yAdvance * this.scale,
        xOffset: p.xOffset * this.scale,
        yOffset: p.yOffset * this.scale,
        advanceWidth: (glyphs[i]?.advanceWidth ?? 0) * this.scale,
      };
      advanceWidth += position.xAdvance;
      return Object.freeze(position);
    });
    const cids = glyphs.map((g) => this.cids.get(g.id));
    const codes = cids.every((cid) => cid !== undefined) ? Object.freeze(cids.map(hex)) : undefined;
    return { glyphs: Object.freeze(glyphs), positions: Object.freeze(positions), advanceWidth, codes };
  }
}

/** pdfkit's split of text into words: each word keeps the space or tab after it. */
function splitWords(text: string): string[] {
  const words: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ' ' || c === '\t') {
      words.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) words.push(text.slice(start));
  return words;
}

function joinRuns(runs: Run[]): Run {
  // Summed word by word, as pdfkit sums them, so widths come out to the same last bit.
  let advanceWidth = 0;
  for (const run of runs) advanceWidth += run.advanceWidth;
  const complete = runs.every((run) => run.codes);
  return {
    glyphs: Object.freeze(runs.flatMap((run) => run.glyphs)),
    positions: Object.freeze(runs.flatMap((run) => run.positions)),
    advanceWidth,
    codes: complete ? Object.freeze(runs.flatMap((run) => run.codes ?? [])) : undefined,
  };
}

/**
 * A face in one document, in place of pdfkit's EmbeddedFont (pdfkit calls `encode`,
 * `widthOfString`, `lineHeight`, `ref` and, at the end, `finalize`).
 */
export class DocumentFont {
  readonly name: string;
  readonly ascender: number;
  readonly descender: number;
  readonly xHeight: number;
  readonly capHeight: number;
  readonly lineGap: number;
  readonly bbox: Font['bbox'];
  private dictionary?: PDFKit.PDFKitReference;
  private embedded = false;
  /** Glyphs this document uses beyond the prepared subset, by glyph id: their CIDs follow it. */
  private readonly extra = new Map<number, { cid: number; glyph: Glyph }>();

  constructor(
    private readonly document: PDFKit.PDFDocument,
    private readonly face: PreparedFont,
    readonly id: string,
  ) {
    const { font, scale } = face;
    this.name = font.postscriptName;
    this.ascender = font.ascent * scale;
    this.descender = font.descent * scale;
    this.xHeight = font.xHeight * scale;
    this.capHeight = font.capHeight * scale;
    this.lineGap = font.lineGap * scale;
    this.bbox = font.bbox;
  }

  private layout(text: string, features?: string[] | Record<string, boolean>): Run {
    return features ? this.face.shape(text, features) : this.face.run(text);
  }

  encode(
    text: string,
    features?: string[] | Record<string, boolean>,
  ): [readonly string[], readonly Position[]] {
    const run = this.layout(text, features);
    return [run.codes ?? run.glyphs.map((glyph) => hex(this.cid(glyph))), run.positions];
  }

  private cid(glyph: Glyph): number {
    const prepared = this.face.cids.get(glyph.id);
    if (prepared !== undefined) return prepared;
    let extra = this.extra.get(glyph.id);
    if (!extra) {
      extra = { cid: this.face.glyphs.length + this.extra.size, glyph };
      this.extra.set(glyph.id, extra);
    }
    return extra.cid;
  }

  widthOfString(text: string, size: number, features?: string[] | Record<string, boolean>): number {
    return this.layout(text, features).advanceWidth * (size / 1000);
  }

  lineHeight(size: number, includeGap = false): number {
    const gap = includeGap ? this.lineGap : 0;
    return ((this.ascender + gap - this.descender) / 1000) * size;
  }

  ref(): PDFKit.PDFKitReference {
    this.dictionary ??= this.document.ref({});
    return this.dictionary;
  }

  finalize(): void {
    if (this.embedded || !this.dictionary) return;
    this.embed(this.dictionary);
    this.embedded = true;
  }

  /** The font dictionaries pdfkit's EmbeddedFont writes, with font files compressed once per thread. */
  private embed(dictionary: PDFKit.PDFKitReference): void {
    const { face, document } = this;
    const { font, scale } = face;
    const extra = [...this.extra.values()].map((e) => e.glyph);
    const widths = [...face.widths, ...extra.map((g) => g.advanceWidth * scale)];

    const files = face.files(extra);
    const fontFile = prepared(document, files.fontFile);
    const toUnicode = prepared(document, files.toUnicode);

    // The subset tag pdfkit derives from the font's resource name.
    const tag = [1, 2, 3, 4, 5, 6]
      .map((i) => String.fromCharCode((this.id.charCodeAt(i) || 73) + 17))
      .join('');
    const name = `${tag}+${font.postscriptName.replaceAll(' ', '_')}`;
    const { bbox } = font;
    const descriptor = document.ref({
      Type: 'FontDescriptor',
      FontName: name,
      Flags: face.flags,
      FontBBox: [bbox.minX * scale, bbox.minY * scale, bbox.maxX * scale, bbox.maxY * scale],
      ItalicAngle: font.italicAngle,
      Ascent: this.ascender,
      Descent: this.descender,
      CapHeight: (font.capHeight || font.ascent) * scale,
      XHeight: (font.xHeight || 0) * scale,
      StemV: 0,
      FontFile2: fontFile,
    });
    descriptor.end(undefined);
    const descendant = document.ref({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: [0, widths],
      CIDToGIDMap: 'Identity',
    });
    descendant.end(undefined);
    Object.assign(dictionary.data, {
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: name,
      Encoding: 'Identity-H',
      DescendantFonts: [descendant],
      ToUnicode: toUnicode,
    });
    dictionary.end(undefined);
  }
}

/** A stream written as it was compressed once (pdfkit compresses no stream that has a filter). */
function prepared(document: PDFKit.PDFDocument, deflated: Uint8Array): PDFKit.PDFKitReference {
  const ref = document.ref({ Filter: 'FlateDecode' });
  ref.end(Buffer.from(deflated.buffer, deflated.byteOffset, deflated.byteLength));
  return ref;
}

function descriptorFlags(font: Font): number {
  const tables = font as unknown as FontTables;
  const familyClass = (tables['OS/2']?.sFamilyClass ?? 0) >> 8;
  let flags = 1 << 2; // symbolic: the glyphs are addressed by CID, not a standard encoding
  if (tables.post.isFixedPitch) flags |= 1 << 0;
  if (familyClass >= 1 && familyClass <= 7) flags |= 1 << 1;
  if (familyClass === 10) flags |= 1 << 3;
  if (tables.head.macStyle.italic) flags |= 1 << 6;
  return flags;
}

/** The ToUnicode CMap pdfkit writes, from each CID's code points: what text extraction reads. */
function toUnicodeCmap(unicode: number[][]): string {
  const entries = unicode.map((codePoints) => {
    const encoded: string[] = [];
    for (let value of codePoints) {
      if (value > 0xffff) {
        value -= 0x10000;
        encoded.push(hex(((value >>> 10) & 0x3ff) | 0xd800));
        value = 0xdc00 | (value & 0x3ff);
      }
      encoded.push(hex(value));
    }
    return `<${encoded.join(' ')}>`;
  });
  const ranges: string[] = [];
  for (let start = 0; start < entries.length; start += 256) {
    const end = Math.min(start + 256, entries.length);
    ranges.push(`<${hex(start)}> <${hex(end - 1)}> [${entries.slice(start, end).join(' ')}]`);
  }
  return `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo <<
  /Registry (Adobe)
  /Ordering (UCS)
  /Supplement 0
>> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000><ffff>
endcodespacerange
${ranges.length} beginbfrange
${ranges.join('\n')}
endbfrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end`;
}
