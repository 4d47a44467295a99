// The "Ausfüllhilfe Anlage V" (A4 portrait): the form's lines as a table, then an annex with every
// bank line, receipt, loan and AfA each line sums, continued over as many pages as it takes.

import type { AnlageVHelpView } from '../../shared/print-model/anlage-v-help';
import { openDocument } from './document';
import { type Doc, Flow, line, measure, setStyle } from './flow';
import { COLOR, CONTENT_WIDTH, FOOTER, LEFT, LINE_GAP, mm, RIGHT, SIZE, TOP } from './layout';

const LINE_WIDTH = mm(14);
const KZ_WIDTH = mm(12);
const AMOUNT_WIDTH = mm(32);
const CHECK_WIDTH = mm(16);
const LABEL_WIDTH = CONTENT_WIDTH - LINE_WIDTH - KZ_WIDTH - AMOUNT_WIDTH - CHECK_WIDTH - mm(4);

export function renderTaxHelpPdf(view: AnlageVHelpView): Promise<Uint8Array<ArrayBuffer>> {
  const { doc, done } = openDocument({ Title: view.title, Subject: view.property });
  const flow = new Flow(doc, TOP);
  flow.paragraph(view.title, { font: 'bold', size: SIZE.heading });
  flow.paragraph(view.property, { size: SIZE.body, color: COLOR.muted });
  flow.space(mm(4));
  for (const note of view.notes) {
    flow.paragraph(note, { size: SIZE.small, color: COLOR.muted });
    flow.space(mm(1));
  }
  flow.space(mm(4));
  drawLines(flow, view.rows);
  if (view.owners.length > 0) {
    flow.space(mm(6));
    flow.paragraph('Aufteilung auf die Miteigentümer', { font: 'bold', size: SIZE.subject });
    for (const owner of view.owners) flow.paragraph(owner, { size: SIZE.small });
  }
  flow.space(mm(8));
  flow.paragraph('Anhang: woraus sich jede Zeile ergibt', { font: 'bold', size: SIZE.subject });
  for (const group of view.annex) {
    flow.space(mm(3));
    flow.ensure(SIZE.body * 3);
    flow.paragraph(group.heading, { font: 'bold', size: SIZE.small });
    for (const row of group.rows) drawSource(flow, row);
  }
  footers(doc, view.footer);
  doc.end();
  return done;
}

function drawLines(flow: Flow, rows: AnlageVHelpView['rows']): void {
  const { doc } = flow;
  const header = SIZE.tableHeader + 8;
  flow.ensure(header);
  const top = flow.y;
  line(doc, 'Zeile', LEFT, top, { size: SIZE.tableHeader, color: COLOR.muted });
  line(doc, 'Kz', LEFT + LINE_WIDTH, top, { size: SIZE.tableHeader, color: COLOR.muted });
  line(doc, 'Bezeichnung', LEFT + LINE_WIDTH + KZ_WIDTH, top, { size: SIZE.tableHeader, color: COLOR.muted });
  line(doc, 'Betrag', RIGHT - AMOUNT_WIDTH, top, {
    size: SIZE.tableHeader,
    color: COLOR.muted,
    width: AMOUNT_WIDTH,
    align: 'right',
  });
  flow.space(header);
  for (const row of rows) {
    const font = row.total ? 'bold' : 'regular';
    const height = Math.max(
      SIZE.table + 7,
      measure(doc, row.label, LABEL_WIDTH, { font, size: SIZE.table }) + 7,
    );
    flow.ensure(height);
    const y = flow.y;
    if (row.total) doc.rect(LEFT, y, CONTENT_WIDTH, height).fill(COLOR.fill);
    line(doc, row.line, LEFT + 2, y + 3.5, { font, size: SIZE.table });
    line(doc, row.kz, LEFT + LINE_WIDTH, y + 3.5, { font, size: SIZE.table });
    setStyle(doc, { font, size: SIZE.table });
    doc.text(row.label, LEFT + LINE_WIDTH + KZ_WIDTH, y + 3.5, { width: LABEL_WIDTH, lineGap: LINE_GAP });
    if (row.check)
      line(doc, 'zu prüfen', RIGHT - AMOUNT_WIDTH - CHECK_WIDTH, y + 3.5, {
        size: SIZE.tiny,
        color: COLOR.accent,
      });
    line(doc, row.amount, RIGHT - AMOUNT_WIDTH, y + 3.5, {
      font,
      size: SIZE.table,
      width: AMOUNT_WIDTH - 2,
      align: 'right',
    });
    flow.space(height);
    doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.5).strokeColor(COLOR.hairline).stroke();
  }
}

function drawSource(flow: Flow, row: AnlageVHelpView['annex'][number]['rows'][number]): void {
  const { doc } = flow;
  const width = CONTENT_WIDTH - AMOUNT_WIDTH - mm(4);
  const text = row.note ? `${row.what} – ${row.note}` : row.what;
  const height = measure(doc, text, width, { size: SIZE.tiny }) + 3;
  flow.ensure(height);
  const y = flow.y;
  setStyle(doc, { size: SIZE.tiny });
  doc.text(text, LEFT + mm(2), y, { width, lineGap: LINE_GAP });
  line(doc, row.amount, RIGHT - AMOUNT_WIDTH, y, {
    size: SIZE.tiny,
    width: AMOUNT_WIDTH - 2,
    align: 'right',
  });
  flow.space(height);
}

/** "Seite n von m" and the footer line on every page, once all pages exist. */
function footers(doc: Doc, text: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // the footer sits below the bottom margin that breaks running text; lift it for the page
    doc.page.margins.bottom = 0;
    doc
      .moveTo(LEFT, FOOTER.ruleY)
      .lineTo(RIGHT, FOOTER.ruleY)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    line(doc, `${text} · Seite ${i + 1} von ${range.count}`, LEFT, FOOTER.textY, {
      size: SIZE.tiny,
      color: COLOR.muted,
    });
  }
}
