// Page 2 onwards: the table of cost positions. Rows that do not fit continue on a new page under
// a repeated header; a cell's text wraps or shrinks but is never cut off.

import { formatCents } from '../../shared/money';
import type { StatementRow, StatementView } from '../../shared/statement';
import { type Doc, Flow, line, setStyle, type TextStyle } from './flow';
import { COLOR, CONTENT_WIDTH, LEFT, LINE_GAP, mm, RIGHT, SIZE, TOP } from './layout';

interface Column {
  header: string;
  /** Points; the first column takes what the others leave. */
  width: number;
  align: 'left' | 'right';
  /** Figures shrink to fit their cell before they wrap. */
  figure: boolean;
  cell: (row: StatementRow) => string;
}

// Widths fit '999.999,99 €', 'Wohnfläche in m²' and '12.345,678 m²' at 8 pt without shrinking.
const FIXED: Column[] = [
  { header: 'Gesamt-\nkosten', width: 60, align: 'right', figure: true, cell: (r) => r.amountText },
  { header: 'Umlage-\nschlüssel', width: 72, align: 'left', figure: false, cell: (r) => r.keyLabel },
  { header: 'Gesamt-\neinheiten', width: 62, align: 'right', figure: true, cell: (r) => r.totalUnits },
  { header: 'Ihre\nEinheiten', width: 60, align: 'right', figure: true, cell: (r) => r.tenantUnits },
  { header: 'Ihr Anteil\nin %', width: 48, align: 'right', figure: true, cell: (r) => r.percent },
  { header: 'Ihr Anteil\nin €', width: 60, align: 'right', figure: true, cell: (r) => r.shareText },
];

const COLUMNS: Column[] = [
  {
    header: 'Kostenart',
    width: CONTENT_WIDTH - FIXED.reduce((sum, c) => sum + c.width, 0),
    align: 'left',
    figure: false,
    cell: (r) => r.name,
  },
  ...FIXED,
];

const PAD_X = 4;
const PAD_Y = 4.5;
const MIN_FIGURE_SIZE = 6;

interface Box {
  x: number;
  width: number;
}

const BOXES: Box[] = (() => {
  let x = LEFT;
  return COLUMNS.map((c) => {
    const box = { x, width: c.width };
    x += c.width;
    return box;
  });
})();

interface CellStyle extends TextStyle {
  /** Shrink figures that are too wide (body rows; headers wrap at their line breaks). */
  fit: boolean;
  /** Align the cells of a row at their bottom (the header) instead of their top. */
  bottom?: boolean;
}

interface PreparedCell {
  text: string;
  size: number;
  height: number;
}

/**
 * Fits a cell's text. A figure too wide for its cell shrinks, to 6 pt at most, then wraps at its
 * spaces ('1.250,5' / 'm²'); a number is never split, however small it must get for that.
 */
function prepare(doc: Doc, text: string, column: Column, width: number, style: CellStyle): PreparedCell {
  const inner = width - 2 * PAD_X;
  let size = style.size;
  setStyle(doc, style);
  if (column.figure && style.fit) {
    const natural = doc.widthOfString(text);
    if (natural > inner) size = Math.max(MIN_FIGURE_SIZE, (style.size * inner) / natural);
    const widest = Math.max(...text.split(' ').map((part) => doc.widthOfString(part)));
    if ((widest * size) / style.size > inner) size = (style.size * inner) / widest;
  }
  setStyle(doc, { ...style, size });
  return { text, size, height: doc.heightOfString(text || ' ', { width: inner, lineGap: 1 }) };
}

function rowHeight(doc: Doc, texts: string[], style: CellStyle): number {
  const cells = COLUMNS.map((column, i) => prepare(doc, texts[i] ?? '', column, BOXES[i]?.width ?? 0, style));
  return Math.max(...cells.map((c) => c.height)) + 2 * PAD_Y;
}

function paintCells(doc: Doc, texts: string[], y: number, style: CellStyle): void {
  const cells = COLUMNS.map((column, i) => prepare(doc, texts[i] ?? '', column, BOXES[i]?.width ?? 0, style));
  const inner = Math.max(...cells.map((c) => c.height));
  cells.forEach((cell, i) => {
    const box = BOXES[i];
    const column = COLUMNS[i];
    if (!box || !column) return;
    setStyle(doc, { ...style, size: cell.size });
    doc.text(cell.text, box.x + PAD_X, y + PAD_Y + (style.bottom ? inner - cell.height : 0), {
      width: box.width - 2 * PAD_X,
      align: column.align,
      lineGap: 1,
    });
  });
}

const HEADER_STYLE: CellStyle = { font: 'bold', size: SIZE.tableHeader, fit: false, bottom: true };
const BODY_STYLE: CellStyle = { size: SIZE.table, fit: true };
const SUM_STYLE: CellStyle = { font: 'bold', size: SIZE.table, fit: true };

function drawHeading(flow: Flow, view: StatementView, continued: boolean): void {
  const { doc } = flow;
  line(doc, continued ? 'Kostenaufstellung (Fortsetzung)' : 'Anlage: Kostenaufstellung', LEFT, flow.y, {
    font: 'bold',
    size: SIZE.heading,
  });
  flow.space(SIZE.heading + 6);
  const details = [
    view.period.label ? `Abrechnungszeitraum ${view.period.label}` : '',
    view.tenant.name ? `Mieter: ${view.tenant.name}` : '',
    view.property.addressLine ? `Mietobjekt: ${view.property.addressLine}` : '',
  ].filter((d) => d !== '');
  if (details.length > 0) flow.paragraph(details.join('  ·  '), { size: SIZE.small, color: COLOR.muted });
  flow.space(mm(5));
}

function drawHeaderRow(flow: Flow): void {
  const { doc } = flow;
  const texts = COLUMNS.map((c) => c.header);
  const height = rowHeight(doc, texts, HEADER_STYLE);
  doc.rect(LEFT, flow.y, CONTENT_WIDTH, height).fill(COLOR.fill);
  paintCells(doc, texts, flow.y, HEADER_STYLE);
  flow.space(height);
  doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.8).strokeColor(COLOR.text).stroke();
}

/** Starts a table page: heading and column header. */
function startPage(flow: Flow, view: StatementView, continued: boolean): void {
  drawHeading(flow, view, continued);
  drawHeaderRow(flow);
}

export function drawCostTable(doc: Doc, view: StatementView): void {
  doc.addPage();
  const flow = new Flow(doc, TOP);
  startPage(flow, view, false);

  view.rows.forEach((row, index) => {
    const texts = COLUMNS.map((c) => c.cell(row));
    const height = rowHeight(doc, texts, BODY_STYLE);
    if (flow.ensure(height)) startPage(flow, view, true);
    if (index % 2 === 1) doc.rect(LEFT, flow.y, CONTENT_WIDTH, height).fill(COLOR.zebra);
    paintCells(doc, texts, flow.y, BODY_STYLE);
    flow.space(height);
    doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.4).strokeColor(COLOR.hairline).stroke();
  });

  const sumTexts = [
    'Summe',
    formatCents(view.totalCostsCents),
    '',
    '',
    '',
    '',
    formatCents(view.tenantTotalCents),
  ];
  const sumHeight = rowHeight(doc, sumTexts, SUM_STYLE);
  if (flow.ensure(sumHeight + summaryHeight())) startPage(flow, view, true);
  doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.8).strokeColor(COLOR.text).stroke();
  paintCells(doc, sumTexts, flow.y, SUM_STYLE);
  flow.space(sumHeight);
  doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.8).strokeColor(COLOR.text).stroke();
  doc
    .moveTo(LEFT, flow.y + 1.6)
    .lineTo(RIGHT, flow.y + 1.6)
    .lineWidth(0.8)
    .stroke();
  flow.space(mm(7));
  drawSummary(flow, view);
}

const SUMMARY_ROW = SIZE.body + 6;
const NOTE =
  'Ihr Anteil je Position = Gesamtkosten × Ihre Einheiten ÷ Gesamteinheiten, kaufmännisch auf volle Cent ' +
  'gerundet; pauschal umgelegte Kosten tragen Sie in voller Höhe. Die Summe Ihres Anteils ist die Summe ' +
  'der gedruckten Positionen.';

function summaryHeight(): number {
  return 3 * SUMMARY_ROW + mm(7) + 4 * (SIZE.tiny + 3);
}

/** Tenant share − prepayments = result, right-aligned under the share column like an invoice total. */
function drawSummary(flow: Flow, view: StatementView): void {
  const { doc } = flow;
  const width = mm(95);
  const x = RIGHT - width;
  const amountWidth = mm(32);
  const rows: [string, string, boolean][] = [
    ['Ihr Anteil an den Kosten', formatCents(view.tenantTotalCents), false],
    ['abzüglich Vorauszahlungen', `−${formatCents(view.prepaymentCents)}`, false],
    [view.resultLabel, formatCents(view.resultAmountCents), true],
  ];
  for (const [label, amount, strong] of rows) {
    if (strong) {
      doc
        .moveTo(x, flow.y - 2)
        .lineTo(RIGHT, flow.y - 2)
        .lineWidth(0.8)
        .strokeColor(COLOR.text)
        .stroke();
      flow.space(2);
    }
    const style = { font: strong ? 'bold' : 'regular', size: SIZE.body } as const;
    line(doc, label, x, flow.y, style);
    line(doc, amount, RIGHT - amountWidth - PAD_X, flow.y, { ...style, width: amountWidth, align: 'right' });
    flow.space(SUMMARY_ROW);
  }
  flow.space(mm(4));
  flow.paragraph(NOTE, { size: SIZE.tiny, color: COLOR.muted, lineGap: LINE_GAP - 1 });
}
