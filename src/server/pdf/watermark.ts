// The VORSCHAU watermark of a free preview. It must not come off with a small edit: it is opaque
// (no transparency whose alpha could be set to 0), it is a large diagonal word plus a dense pattern
// of small ones, and the small ones are drawn between the page's text runs inside the compressed
// page content, so removing them means rewriting every content stream. It is blended by multiply:
// light on paper, it leaves the text under it as dark as printed, so every figure stays readable.

import type { Font } from 'fontkit';
import type { Doc } from './flow';
import { PAGE } from './layout';

/** Units per em of an outline's path: whole numbers keep the path short. */
const UNITS = 1000;

/**
 * Text as PDF path operators filling it, in thousandths of an em, y pointing down as on a pdfkit
 * page; `width` and `height` in ems.
 */
export interface Outline {
  fill: Uint8Array;
  width: number;
  height: number;
}

/**
 * The watermark is drawn as glyph outlines, not as text: it then cannot mix into the text that
 * is copied or extracted from the page, so every figure reads as it was printed.
 */
export function watermarkOutline(font: Font, text: string): Outline {
  const run = font.layout(text);
  const scale = UNITS / font.unitsPerEm;
  const ops: string[] = [];
  let x = 0;
  run.glyphs.forEach((glyph, i) => {
    const point = (px = 0, py = 0): [number, number] => [(x + px) * scale, -py * scale];
    let current: [number, number] = [0, 0];
    for (const { command, args } of glyph.path.commands) {
      if (command === 'moveTo' || command === 'lineTo') {
        current = point(args[0], args[1]);
        ops.push(`${numbers(current)} ${command === 'moveTo' ? 'm' : 'l'}`);
      } else if (command === 'quadraticCurveTo') {
        // PDF has cubic curves only: the same curve with its control point split in two.
        const control = point(args[0], args[1]);
        const end = point(args[2], args[3]);
        const c1 = current.map((v, k) => v + ((control[k] ?? 0) - v) * (2 / 3));
        const c2 = end.map((v, k) => v + ((control[k] ?? 0) - v) * (2 / 3));
        ops.push(`${numbers([...c1, ...c2, ...end])} c`);
        current = end;
      } else if (command === 'bezierCurveTo') {
        const end = point(args[4], args[5]);
        ops.push(`${numbers([...point(args[0], args[1]), ...point(args[2], args[3]), ...end])} c`);
        current = end;
      } else {
        ops.push('h');
      }
    }
    x += run.positions[i]?.xAdvance ?? glyph.advanceWidth;
  });
  // Written as bytes once: pdfkit copies text into a page character by character.
  const fill = new TextEncoder().encode(`${ops.join(' ')} f Q\n`);
  return { fill, width: (x * scale) / UNITS, height: (run.bbox.maxY * scale) / UNITS };
}

const numbers = (values: number[], digits = 0) =>
  values.map((n) => Math.round(n * 10 ** digits) / 10 ** digits).join(' ');

/** The diagonal from the bottom left to the top right corner, as pdfkit rotates (degrees). */
const ANGLE = (-Math.atan2(PAGE.height, PAGE.width) * 180) / Math.PI;
/** Colours as multiplied onto the page: on white paper a light red, over text no change. */
const LARGE_COLOR = '0.97 0.88 0.88 rg';
const SMALL_COLOR = '0.96 0.9 0.9 rg';
/** The small words: their size and the grid they repeat on, along and across the diagonal. */
const SMALL = { size: 11, along: 118, across: 34 } as const;

/** One placed copy of the outline: the operators before its path, how far down the page it reaches. */
interface Piece {
  start: string;
  bottom: number;
}

interface PreviewState {
  outline: Outline;
  blend: PDFKit.PDFKitReference;
  /** The small words of a page, the same on every page. */
  grid: Piece[];
  /** Per page the small words not drawn yet, the lowest last. */
  pending: Map<PDFKit.PDFPage, Piece[]>;
}

const previews = new WeakMap<Doc, PreviewState>();

/** Marks the document as a preview: every page, also those added later, gets the watermark. */
export function startWatermark(doc: Doc, outline: Outline): void {
  const blend = doc.ref({ Type: 'ExtGState', BM: 'Multiply' });
  blend.end(undefined); // the typings make end's optional last chunk a required argument
  const state: PreviewState = { outline, blend, grid: smallWords(outline), pending: new Map() };
  previews.set(doc, state);
  const plan = () => state.pending.set(doc.page, [...state.grid]);
  plan();
  doc.on('pageAdded', plan);
}

/**
 * Called after each text run at `y`: draws the small words that lie wholly above it. Content is
 * laid out downwards, so no later table shading covers them, and the pattern ends up spread
 * between the page's text runs.
 */
export function interleaveWatermark(doc: Doc, y: number): void {
  const state = previews.get(doc);
  const pending = state?.pending.get(doc.page);
  if (!state || !pending) return;
  let count = 0;
  while (count < pending.length && (pending[count]?.bottom ?? y) < y) count++;
  if (count > 0) draw(doc, state, pending.splice(0, count));
}

/** Draws what the current page still lacks: the small words below its last text, the large word. */
export function finishWatermark(doc: Doc): void {
  const state = previews.get(doc);
  if (!state) return;
  const { outline } = state;
  const size = (Math.hypot(PAGE.width, PAGE.height) * 0.62) / outline.width;
  const large = place(outline, PAGE.width / 2, PAGE.height / 2, size, LARGE_COLOR);
  draw(doc, state, [...(state.pending.get(doc.page) ?? []), large]);
  state.pending.delete(doc.page);
}

function draw(doc: Doc, state: PreviewState, pieces: Piece[]): void {
  doc.page.ext_gstates.Watermark = state.blend;
  for (const piece of pieces) doc.addContent(piece.start).addContent(state.outline.fill);
}

/** The small words on a grid along the diagonal, covering the page, sorted top to bottom. */
function smallWords(outline: Outline): Piece[] {
  const rad = (ANGLE * Math.PI) / 180;
  const [cos, sin] = [Math.cos(rad), Math.sin(rad)];
  const reach = Math.hypot(PAGE.width, PAGE.height) / 2;
  const pieces: Piece[] = [];
  for (let row = Math.floor(-reach / SMALL.across); row * SMALL.across <= reach; row++) {
    const shift = row % 2 === 0 ? 0 : SMALL.along / 2;
    for (let col = Math.floor(-reach / SMALL.along) - 1; col * SMALL.along <= reach; col++) {
      const u = col * SMALL.along + shift;
      const v = row * SMALL.across;
      const x = PAGE.width / 2 + u * cos - v * sin;
      const y = PAGE.height / 2 + u * sin + v * cos;
      const margin = SMALL.size * outline.width;
      if (x < -margin || x > PAGE.width + margin || y < -margin || y > PAGE.height + margin) continue;
      pieces.push(place(outline, x, y, SMALL.size, SMALL_COLOR));
    }
  }
  return pieces.sort((a, b) => a.bottom - b.bottom);
}

/** The outline centred on (x, y), `size` points per em, along the diagonal. */
function place(outline: Outline, x: number, y: number, size: number, color: string): Piece {
  const rad = (ANGLE * Math.PI) / 180;
  const [cos, sin] = [Math.cos(rad), Math.sin(rad)];
  // Maps outline coordinates (ems, centred on the word's middle) to the page.
  const dx = (-outline.width / 2) * size;
  const dy = (outline.height / 2) * size;
  const e = x + cos * dx - sin * dy;
  const f = y + sin * dx + cos * dy;
  const corners = [
    [0, 0],
    [outline.width, 0],
    [0, -outline.height],
    [outline.width, -outline.height],
  ].map(([u = 0, v = 0]) => f + (sin * u + cos * v) * size);
  const unit = size / UNITS;
  const matrix = numbers([cos * unit, sin * unit, -sin * unit, cos * unit], 6);
  return {
    start: `q /Watermark gs ${color} ${matrix} ${numbers([e, f], 2)} cm`,
    bottom: Math.max(...corners),
  };
}
