// The annex page "Bescheinigung nach § 35a EStG" after the cost table: per category the costs with
// a labour part, the labour and the tenant's part of it, the category's sum and the notes.

import type { Annex35aView } from '../../shared/settlement-view/annex-35a-view';
import { type Doc, Flow, line } from './flow';
import { COLOR, CONTENT_WIDTH, LEFT, mm, RIGHT, SIZE, TOP } from './layout';
import { drawSignature } from './signature';

const FIGURE = mm(30);
const COLUMNS = [
  { header: 'Kostenart', width: CONTENT_WIDTH - 3 * FIGURE, align: 'left' },
  { header: 'Gesamtbetrag', width: FIGURE, align: 'right' },
  { header: 'Arbeitskosten', width: FIGURE, align: 'right' },
  { header: 'Ihr Anteil', width: FIGURE, align: 'right' },
] as const;

export function drawAnnex35a(doc: Doc, annex: Annex35aView, signatureName: string, date: string): void {
  doc.addPage();
  const flow = new Flow(doc, TOP);
  flow.paragraph(annex.title, { font: 'bold', size: SIZE.heading });
  flow.space(mm(3));
  flow.paragraph(annex.intro, { size: SIZE.body });
  for (const category of annex.categories) {
    flow.space(mm(5));
    const rowHeight = SIZE.table + 7;
    flow.ensure(SIZE.small + 6 + rowHeight * 3);
    line(doc, category.label.toUpperCase(), LEFT, flow.y, {
      font: 'bold',
      size: SIZE.small,
      color: COLOR.accent,
    });
    flow.space(SIZE.small + 6);
    drawRow(
      flow,
      COLUMNS.map((c) => c.header),
      'bold',
    );
    for (const row of category.rows) {
      flow.ensure(rowHeight * 2);
      drawRow(flow, [row.name, row.amount, row.labour, row.share], 'regular');
    }
    doc.rect(LEFT, flow.y, CONTENT_WIDTH, rowHeight).fill(COLOR.fill);
    drawRow(flow, ['Summe Ihres Anteils', '', '', category.total], 'bold');
  }
  flow.space(mm(5));
  for (const note of annex.notes) {
    flow.paragraph(note, { size: SIZE.small, lineGap: 1.5 });
    flow.space(3);
  }
  flow.space(mm(8));
  drawSignature(flow, { above: date, name: signatureName, signed: true, room: mm(9) });
}

function drawRow(flow: Flow, cells: string[], font: 'regular' | 'bold'): void {
  const { doc } = flow;
  let x = LEFT;
  COLUMNS.forEach((column, i) => {
    line(doc, cells[i] ?? '', x + 4, flow.y + 3.5, {
      font,
      size: SIZE.table,
      width: column.width - 8,
      align: column.align,
    });
    x += column.width;
  });
  flow.space(SIZE.table + 7);
  doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.5).strokeColor(COLOR.hairline).stroke();
}
