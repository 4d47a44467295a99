// What every page carries once the content is laid out: fold marks, the footer with the page
// number, and on a preview the VORSCHAU watermark.

import type { Font } from 'fontkit';
import type { StatementView } from '../../shared/statement';
import { type Doc, line } from './flow';
import { COLOR, CONTENT_WIDTH, FOOTER, LEFT, MARKS, mm, PAGE, RIGHT, SIZE } from './layout';

export function drawFurniture(doc: Doc, view: StatementView, watermark: Outline | null): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits below the bottom margin that breaks running text; lift it for the page.
    doc.page.margins.bottom = 0;
    drawMarks(doc);
    drawFooter(doc, view, i - range.start + 1, range.count, watermark !== null);
    if (watermark) drawWatermark(doc, watermark);
  }
}

function drawMarks(doc: Doc): void {
  doc.lineWidth(0.4).strokeColor(COLOR.muted);
  for (const y of MARKS.folds)
    doc
      .moveTo(MARKS.x, y)
      .lineTo(MARKS.x + MARKS.length, y)
      .stroke();
  doc
    .moveTo(MARKS.x, MARKS.punch)
    .lineTo(MARKS.x + MARKS.length * 1.5, MARKS.punch)
    .stroke();
}

function drawFooter(doc: Doc, view: StatementView, page: number, pages: number, preview: boolean): void {
  doc.moveTo(LEFT, FOOTER.ruleY).lineTo(RIGHT, FOOTER.ruleY).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
  const style = { size: SIZE.tiny, color: COLOR.muted } as const;
  const pageLabel = `Seite ${page} von ${pages}`;
  const lines = [view.senderLine];
  const bank = view.bankDetails;
  if (bank) {
    const parts = [bank.bank, `IBAN ${bank.iban}`, bank.bic ? `BIC ${bank.bic}` : ''].filter((p) => p !== '');
    lines.push(`Bankverbindung: ${parts.join(' · ')}`);
  }
  if (preview) lines.push('VORSCHAU – nicht zur Versendung bestimmt');
  lines.forEach((text, i) => {
    if (text)
      line(doc, text, LEFT, FOOTER.textY + i * (SIZE.tiny + 2.5), {
        ...style,
        width: CONTENT_WIDTH - mm(25),
      });
  });
  line(doc, pageLabel, LEFT, FOOTER.textY, { ...style, width: CONTENT_WIDTH, align: 'right' });
}

/** Text as an SVG path in units of one em, y pointing down as on a pdfkit page. */
export interface Outline {
  path: string;
  width: number;
  height: number;
}

/**
 * The watermark is drawn as glyph outlines, not as text: it then cannot mix into the text that
 * is copied or extracted from the page, so every figure reads as it was printed.
 */
export function watermarkOutline(font: Font, text: string): Outline {
  const run = font.layout(text);
  const scale = 1 / font.unitsPerEm;
  const parts: string[] = [];
  let x = 0;
  run.glyphs.forEach((glyph, i) => {
    for (const { command, args } of glyph.path.commands) {
      const points: string[] = [];
      for (let k = 0; k < args.length; k += 2) {
        points.push(`${round((x + (args[k] ?? 0)) * scale)} ${round(-(args[k + 1] ?? 0) * scale)}`);
      }
      parts.push(`${SVG_COMMANDS[command]}${points.join(' ')}`);
    }
    x += run.positions[i]?.xAdvance ?? glyph.advanceWidth;
  });
  return { path: parts.join(''), width: x * scale, height: run.bbox.maxY * scale };
}

const SVG_COMMANDS = {
  moveTo: 'M',
  lineTo: 'L',
  quadraticCurveTo: 'Q',
  bezierCurveTo: 'C',
  closePath: 'Z',
} as const;
const round = (n: number) => Math.round(n * 10000) / 10000;

function drawWatermark(doc: Doc, outline: Outline): void {
  const angle = (-Math.atan2(PAGE.height, PAGE.width) * 180) / Math.PI;
  const size = (Math.hypot(PAGE.width, PAGE.height) * 0.62) / outline.width;
  doc.save();
  doc.translate(PAGE.width / 2, PAGE.height / 2).rotate(angle);
  doc.translate((-outline.width * size) / 2, (outline.height * size) / 2).scale(size);
  doc.path(outline.path).fillOpacity(0.09).fill(COLOR.watermark);
  doc.restore();
}
