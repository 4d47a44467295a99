// A vertical cursor over the pages of a document: content below the letter head flows down the
// page and onto new pages, never past the footer.

import { BOTTOM, COLOR, FONT, LEFT, LINE_GAP, TOP } from './layout';

export type Doc = PDFKit.PDFDocument;

export interface TextStyle {
  font?: keyof typeof FONT;
  size: number;
  color?: string;
}

export interface DrawOptions extends TextStyle {
  x?: number;
  width?: number;
  align?: 'left' | 'right' | 'center';
  lineGap?: number;
}

export function setStyle(doc: Doc, style: TextStyle): Doc {
  return doc
    .font(FONT[style.font ?? 'regular'])
    .fontSize(style.size)
    .fillColor(style.color ?? COLOR.text);
}

/**
 * Draws one line that never wraps (labels, figures), aligned within `width`. The position is
 * computed here: pdfkit runs its line wrapper for any text given a width, which costs time.
 */
export function line(doc: Doc, text: string, x: number, y: number, o: DrawOptions): void {
  setStyle(doc, o);
  let left = x;
  if (o.width !== undefined && o.align !== undefined && o.align !== 'left') {
    const free = o.width - doc.widthOfString(text);
    left += o.align === 'right' ? free : free / 2;
  }
  doc.text(text, left, y, { lineBreak: false });
}

/** Height of wrapped text at the given width and style. */
export function measure(doc: Doc, text: string, width: number, o: TextStyle & { lineGap?: number }): number {
  return setStyle(doc, o).heightOfString(text, { width, lineGap: o.lineGap ?? LINE_GAP });
}

export class Flow {
  y: number;

  constructor(
    readonly doc: Doc,
    startY: number,
  ) {
    this.y = startY;
  }

  /** Starts a new page unless `height` still fits above the footer; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.doc.addPage();
    this.y = TOP;
    return true;
  }

  space(points: number): void {
    this.y += points;
  }

  /**
   * Running text, wrapped to the width. Text taller than the rest of the page continues on the
   * next page (pdfkit breaks lines at the document's bottom margin, which is the footer line).
   */
  paragraph(text: string, o: DrawOptions): void {
    const x = o.x ?? LEFT;
    const width = o.width ?? this.doc.page.width - this.doc.page.margins.right - x;
    const lineGap = o.lineGap ?? LINE_GAP;
    setStyle(this.doc, o);
    this.ensure(this.doc.currentLineHeight(true) + lineGap);
    this.doc.text(text, x, this.y, { width, align: o.align ?? 'left', lineGap });
    this.y = this.doc.y;
  }
}
