// A short letter (the § 560 prepayment adjustment, a reminder of late rent): one DIN 5008 form B page
// with the statement letter's letterhead, address field, fold marks and footer.

import type { ShortLetterView } from '../../shared/print-model/short-letter';
import { openDocument } from './document';
import { type Doc, Flow, line, setStyle } from './flow';
import { drawFurniture } from './furniture';
import { drawGirocode, GIROCODE_SIZE, girocodeMatrix } from './girocode';
import { COLOR, CONTENT_WIDTH, INFO, LEFT, mm, RIGHT, SIZE, SUBJECT_Y } from './layout';
import { drawAddressField, drawLetterhead } from './letter';
import { drawSignature } from './signature';

export function renderShortLetterPdf(view: ShortLetterView): Promise<Uint8Array<ArrayBuffer>> {
  const { doc, done } = openDocument({
    Title: view.subject,
    Author: view.landlord.name,
    Subject: `${view.subject} für ${view.tenant.name}`,
  });

  drawLetterhead(doc, view);
  drawAddressField(doc, view);
  drawInfo(doc, view.info);
  const flow = new Flow(doc, SUBJECT_Y);
  flow.paragraph(view.subject, { font: 'bold', size: SIZE.subject });
  if (view.objectLine) flow.paragraph(view.objectLine, { size: SIZE.body, color: COLOR.muted });
  flow.space(mm(6));
  flow.paragraph(view.greeting, { size: SIZE.body });
  for (const paragraph of view.paragraphs) {
    flow.space(mm(3));
    flow.paragraph(paragraph, { size: SIZE.body });
  }
  flow.space(mm(4));
  drawFigures(flow, view.figures, view.strongFigure);
  flow.space(mm(4));
  flow.paragraph(view.effective, { size: SIZE.body });
  if (view.girocode && view.bankDetails) drawPaymentCode(flow, view.bankDetails, view.girocode);
  flow.space(mm(6));
  drawSignature(flow, { above: view.closing, name: view.signatureName, signed: true });

  drawFurniture(doc, view, false);
  doc.end();
  return done;
}

/** The GiroCode of the amount to pay, with what it pays beside it. */
function drawPaymentCode(
  flow: Flow,
  bank: NonNullable<ShortLetterView['bankDetails']>,
  payment: NonNullable<ShortLetterView['girocode']>,
): void {
  const matrix = girocodeMatrix({
    name: bank.holder,
    iban: bank.iban,
    bic: bank.bic,
    amountCents: payment.amountCents,
    text: payment.text,
  });
  if (!matrix) return;
  const size = GIROCODE_SIZE;
  flow.space(mm(4));
  flow.ensure(size);
  const top = flow.y;
  drawGirocode(flow.doc, matrix, LEFT, top);
  setStyle(flow.doc, { size: SIZE.small, color: COLOR.muted });
  flow.doc.text(
    `${payment.caption} Empfänger ${bank.holder}, IBAN ${bank.iban}.`,
    LEFT + size + mm(5),
    top + mm(3),
    { width: CONTENT_WIDTH - size - mm(5), lineGap: 1.5 },
  );
  flow.y = top + size;
}

function drawInfo(doc: Doc, rows: Array<[string, string]>): void {
  let y = INFO.y;
  for (const [label, value] of rows) {
    line(doc, label, INFO.x, y, { size: SIZE.small, color: COLOR.muted });
    setStyle(doc, { size: SIZE.small });
    doc.text(value, INFO.x + INFO.labelWidth, y, { width: INFO.width - INFO.labelWidth, lineGap: 1 });
    y = doc.y + 2.5;
  }
}

/** The figures, boxed, the strong one highlighted. */
function drawFigures(flow: Flow, rows: Array<[string, string]>, strongRow: number): void {
  const { doc } = flow;
  const rowHeight = SIZE.body + 6.5;
  const amountWidth = mm(40);
  flow.ensure(rows.length * rowHeight + 4);
  doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.5).strokeColor(COLOR.hairline).stroke();
  rows.forEach(([label, amount], i) => {
    const strong = i === strongRow;
    if (strong) doc.rect(LEFT, flow.y, CONTENT_WIDTH, rowHeight).fill(COLOR.fill);
    const font = strong ? 'bold' : 'regular';
    line(doc, label, LEFT + 6, flow.y + 4, { font, size: SIZE.body });
    line(doc, amount, RIGHT - amountWidth - 6, flow.y + 4, {
      font,
      size: SIZE.body,
      width: amountWidth,
      align: 'right',
    });
    flow.space(rowHeight);
    doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.5).strokeColor(COLOR.hairline).stroke();
  });
}
