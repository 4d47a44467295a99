// The heating annex page after the cost table (and the § 35a annex): per section a heading, lines of
// a label and a figure, and the notes; a tenant can recompute his heating shares from it.

import type { HeatingAnnexView } from '../../shared/settlement-view/heating-annex-view';
import { type Doc, Flow, line, measure } from './flow';
import { COLOR, CONTENT_WIDTH, LEFT, LINE_GAP, mm, RIGHT, SIZE, TOP } from './layout';

const VALUE_WIDTH = mm(55);
const LABEL_WIDTH = CONTENT_WIDTH - VALUE_WIDTH - mm(4);

export function drawHeatingAnnex(doc: Doc, annex: HeatingAnnexView): void {
  doc.addPage();
  const flow = new Flow(doc, TOP);
  flow.paragraph(annex.title, { font: 'bold', size: SIZE.heading });
  flow.space(mm(3));
  flow.paragraph(annex.intro, { size: SIZE.body });
  for (const section of annex.sections) {
    flow.space(mm(5));
    flow.ensure(SIZE.small + 6 + (SIZE.table + 7) * 3);
    line(doc, section.heading.toUpperCase(), LEFT, flow.y, {
      font: 'bold',
      size: SIZE.small,
      color: COLOR.accent,
    });
    flow.space(SIZE.small + 6);
    for (const row of section.lines) {
      const style = { font: row.strong ? ('bold' as const) : ('regular' as const), size: SIZE.table };
      const height = measure(doc, row.label, LABEL_WIDTH, style);
      flow.ensure(height + 6);
      flow.paragraph(row.label, { ...style, width: LABEL_WIDTH });
      line(doc, row.value, LEFT + LABEL_WIDTH, flow.y - height, {
        ...style,
        width: CONTENT_WIDTH - LABEL_WIDTH,
        align: 'right',
      });
      flow.space(3);
      doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.5).strokeColor(COLOR.hairline).stroke();
      flow.space(3);
    }
    for (const note of section.notes) {
      flow.space(2);
      flow.paragraph(note, { size: SIZE.small, lineGap: 1.5, color: COLOR.muted });
    }
  }
  flow.space(LINE_GAP);
}
