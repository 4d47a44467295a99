// Page 2 onwards: the table of cost positions. Rows that do not fit continue on a new page under
// a repeated header; a cell's text wraps or shrinks but is never cut off.

import { formatCents } from '../../shared/money';
import type { StatementRow, StatementView } from '../../shared/print-model';
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

const BOXES: { x: number; width: number }[] = (() => {
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
  /** Fits on one line: drawn without pdfkit's line wrapper. */
  single: boolean;
}

interface PreparedRow {
  cells: PreparedCell[];
  /** Height of the tallest cell, without the padding. */
  inner: number;
  height: number;
  style: CellStyle;
}

const CELL_LINE_GAP = 1;

/**
 * Fits a cell's text. A figure too wide for its cell shrinks, to 6 pt at most, then wraps at its
 * spaces ('1.250,5' / 'm²'); a number is never split, however small it must get for that.
 */
function prepareCell(doc: Doc, text: string, column: Column, style: CellStyle): PreparedCell {
  const inner = column.width - 2 * PAD_X;
  let size = style.size;
  setStyle(doc, style);
  const natural = doc.widthOfString(text);
  if (column.figure && style.fit && natural > inner) {
    size = Math.max(MIN_FIGURE_SIZE, (style.size * inner) / natural);
    const widest = Math.max(...text.split(' ').map((part) => doc.widthOfString(part)));
    if ((widest * size) / style.size > inner) size = (style.size * inner) / widest;
  }
  setStyle(doc, { ...style, size });
  if (!text.includes('\n') && (natural * size) / style.size <= inner) {
    return { text, size, height: doc.currentLineHeight(true) + CELL_LINE_GAP, single: true };
  }
  return {
    text,
    size,
    height: doc.heightOfString(text, { width: inner, lineGap: CELL_LINE_GAP }),
    single: false,
  };
}

function prepareRow(doc: Doc, texts: string[], style: CellStyle): PreparedRow {
  const cells = COLUMNS.map((column, i) => prepareCell(doc, texts[i] ?? '', column, style));
  const inner = Math.max(...cells.map((c) => c.height));
  return { cells, inner, height: inner + 2 * PAD_Y, style };
}

function paintRow(doc: Doc, row: PreparedRow, y: number): void {
  row.cells.forEach((cell, i) => {
    const box = BOXES[i];
    const column = COLUMNS[i];
    if (!box || !column || cell.text === '') return;
    const top = y + PAD_Y + (row.style.bottom ? row.inner - cell.height : 0);
    const width = box.width - 2 * PAD_X;
    const style = { ...row.style, size: cell.size };
    if (cell.single) {
      line(doc, cell.text, box.x + PAD_X, top, { ...style, width, align: column.align });
    } else {
      setStyle(doc, style);
      doc.text(cell.text, box.x + PAD_X, top, { width, align: column.align, lineGap: CELL_LINE_GAP });
    }
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
  const header = prepareRow(
    doc,
    COLUMNS.map((c) => c.header),
    HEADER_STYLE,
  );
  doc.rect(LEFT, flow.y, CONTENT_WIDTH, header.height).fill(COLOR.fill);
  paintRow(doc, header, flow.y);
  flow.space(header.height);
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
    const prepared = prepareRow(
      doc,
      COLUMNS.map((c) => c.cell(row)),
      BODY_STYLE,
    );
    if (flow.ensure(prepared.height)) startPage(flow, view, true);
    if (index % 2 === 1) doc.rect(LEFT, flow.y, CONTENT_WIDTH, prepared.height).fill(COLOR.zebra);
    paintRow(doc, prepared, flow.y);
    flow.space(prepared.height);
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
  const sum = prepareRow(doc, sumTexts, SUM_STYLE);
  if (flow.ensure(sum.height + summaryHeight())) startPage(flow, view, true);
  doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.8).strokeColor(COLOR.text).stroke();
  paintRow(doc, sum, flow.y);
  flow.space(sum.height);
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
  flow.paragraph(view.settlement?.tableNote ?? NOTE, {
    size: SIZE.tiny,
    color: COLOR.muted,
    lineGap: LINE_GAP - 1,
  });
}
