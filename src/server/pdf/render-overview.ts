// The landlord's overview of a settlement (A4 landscape): one row per party, one column per cost,
// sums and the check that every cost is fully distributed. Wide buildings continue in column blocks.

import type { OverviewView } from '../../shared/settlement-view/overview-view';
import { openDocument } from './document';
import { type Doc, line, setStyle } from './flow';
import { COLOR, mm, SIZE } from './layout';

const PAGE = { width: mm(297), height: mm(210) };
const LEFT = mm(15);
const RIGHT = PAGE.width - mm(15);
const TOP = mm(15);
const BOTTOM = PAGE.height - mm(15);
const NAME_WIDTH = mm(62);
const CELL_WIDTH = mm(27);
const COSTS_PER_BLOCK = Math.floor((RIGHT - LEFT - NAME_WIDTH - CELL_WIDTH) / CELL_WIDTH);
const ROW = 22;

export function renderOverviewPdf(view: OverviewView): Promise<Uint8Array<ArrayBuffer>> {
  const { doc, done } = openDocument(
    { Title: view.title, Subject: 'Übersicht der Hausabrechnung' },
    {
      size: [PAGE.width, PAGE.height],
      margins: { top: TOP, bottom: 0, left: LEFT, right: PAGE.width - RIGHT },
    },
  );

  let y = heading(doc, view);
  for (let first = 0; first < Math.max(1, view.costs.length); first += COSTS_PER_BLOCK) {
    const block = view.costs
      .slice(first, first + COSTS_PER_BLOCK)
      .map((c, i) => ({ ...c, index: first + i }));
    const last = first + COSTS_PER_BLOCK >= view.costs.length;
    const height = (view.parties.length + 6) * ROW;
    if (y + Math.min(height, 6 * ROW) > BOTTOM) {
      doc.addPage();
      y = TOP;
    }
    y = table(doc, view, block, last, y) + mm(6);
  }
  doc.end();
  return done;
}

function heading(doc: Doc, view: OverviewView): number {
  line(doc, view.title, LEFT, TOP, { font: 'bold', size: SIZE.heading });
  line(doc, view.subtitle, LEFT, TOP + 18, { size: SIZE.small, color: COLOR.muted });
  line(doc, view.status, LEFT, TOP + 30, { size: SIZE.small, color: COLOR.muted });
  return TOP + 48;
}

interface Column {
  index: number;
  name: string;
  keyLabel: string;
  amountText: string;
}

function table(doc: Doc, view: OverviewView, block: Column[], withTotal: boolean, top: number): number {
  let y = top;
  const cellX = (i: number) => LEFT + NAME_WIDTH + i * CELL_WIDTH;
  const cell = (text: string, i: number, rowY: number, bold = false) =>
    line(doc, text, cellX(i) + 2, rowY, {
      font: bold ? 'bold' : 'regular',
      size: SIZE.table,
      width: CELL_WIDTH - 6,
      align: 'right',
    });
  const cells = (text: (column: Column) => string, rowY: number, bold = false) => {
    block.forEach((c, i) => {
      cell(text(c), i, rowY, bold);
    });
  };
  const HEADER = ROW * 2;
  const header = (rowY: number) => {
    doc.rect(LEFT, rowY - 4, RIGHT - LEFT, HEADER).fill(COLOR.fill);
    line(doc, 'Partei', LEFT + 4, rowY, { font: 'bold', size: SIZE.tableHeader });
    block.forEach((c, i) => {
      // the cost's name on up to two lines, its key below
      setStyle(doc, { font: 'bold', size: SIZE.tableHeader });
      // a long word shrinks rather than breaking inside it
      const widest = Math.max(...c.name.split(/\s+/).map((word) => doc.widthOfString(word)));
      const size = Math.max(5.5, Math.min(SIZE.tableHeader, (SIZE.tableHeader * (CELL_WIDTH - 6)) / widest));
      setStyle(doc, { font: 'bold', size });
      doc.text(c.name, cellX(i) + 2, rowY, {
        width: CELL_WIDTH - 6,
        align: 'right',
        height: 20,
        ellipsis: true,
      });
      line(doc, c.keyLabel, cellX(i) + 2, rowY + 22, {
        size: SIZE.tiny,
        color: COLOR.muted,
        width: CELL_WIDTH - 6,
        align: 'right',
      });
    });
    if (withTotal) {
      line(doc, 'Summe', cellX(block.length) + 2, rowY, {
        font: 'bold',
        size: SIZE.tableHeader,
        width: CELL_WIDTH - 6,
        align: 'right',
      });
    }
    return rowY + HEADER;
  };
  y = header(y);
  view.parties.forEach((party, p) => {
    if (y + ROW > BOTTOM) {
      doc.addPage();
      y = header(TOP);
    }
    if (p % 2 === 1) doc.rect(LEFT, y - 4, RIGHT - LEFT, ROW).fill(COLOR.zebra);
    line(doc, party.label, LEFT + 4, y - 1, { size: SIZE.table });
    line(doc, party.detail, LEFT + 4, y + 8, { size: SIZE.tiny, color: COLOR.muted });
    cells((c) => party.shares[c.index] ?? '', y);
    if (withTotal) cell(party.total, block.length, y, true);
    y += ROW;
  });
  doc
    .moveTo(LEFT, y - 4)
    .lineTo(RIGHT, y - 4)
    .lineWidth(0.8)
    .strokeColor(COLOR.text)
    .stroke();
  line(doc, 'Summe aller Parteien', LEFT + 4, y, { font: 'bold', size: SIZE.table });
  cells((c) => view.sums.shares[c.index] ?? '', y, true);
  if (withTotal) cell(view.sums.total, block.length, y, true);
  y += ROW;
  line(doc, 'Gesamtkosten', LEFT + 4, y, { size: SIZE.table });
  cells((c) => c.amountText, y);
  y += ROW;
  line(doc, 'Prüfung: Summe = Gesamtkosten', LEFT + 4, y, { size: SIZE.table, color: COLOR.muted });
  cells((c) => view.checks[c.index] ?? '', y);
  return y + ROW;
}
