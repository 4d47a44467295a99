// Page 1 of the statement: a DIN 5008 form B letter with the overview, the payment request, the
// legal notice, the greeting and the signature.

import { formatCents } from '../../shared/money';
import type { StatementView } from '../../shared/print-model';
import { type Doc, Flow, line, measure, setStyle } from './flow';
import { drawGirocode, GIROCODE_SIZE, girocodeMatrix } from './girocode';
import { ADDRESS, COLOR, CONTENT_WIDTH, INFO, LEFT, mm, RIGHT, SIZE, SUBJECT_Y } from './layout';
import { drawSignature } from './signature';

const MINUS = '−';

/** Draws the letter and returns the flow below it. */
export function drawLetter(doc: Doc, view: StatementView): Flow {
  drawLetterhead(doc, view);
  drawAddressField(doc, view);
  drawInfoBlock(doc, view);

  const flow = new Flow(doc, SUBJECT_Y);
  flow.paragraph(view.subject, { font: 'bold', size: SIZE.subject });
  if (view.property.addressLine) {
    flow.paragraph(objectLine(view), { size: SIZE.body, color: COLOR.muted });
  }
  flow.space(mm(6));

  if (view.greeting) {
    flow.paragraph(view.greeting, { size: SIZE.body });
    flow.space(mm(4));
  }
  if (view.settlement?.intro) {
    flow.paragraph(view.settlement.intro, { size: SIZE.body });
    flow.space(mm(4));
  }
  drawOverview(flow, view);
  flow.space(mm(3));
  flow.paragraph(view.resultText, { size: SIZE.body });
  if (view.paymentRequest) drawPaymentRequest(flow, view.paymentRequest);
  flow.space(mm(5));
  drawLegalNotice(flow, view);
  flow.space(mm(5));
  drawSignature(flow, { above: view.closing, name: view.signatureName, signed: view.includeSignature });
  return flow;
}

function objectLine(view: StatementView): string {
  const details = [view.property.floor, view.property.typeLabel].filter((p) => p !== '');
  const suffix = details.length > 0 ? ` (${details.join(', ')})` : '';
  return `Mietobjekt: ${view.property.addressLine}${suffix}`;
}

/** The sender's name and address above the accent rule (also the § 560 letter's). */
export function drawLetterhead(
  doc: Doc,
  view: { landlord: { name: string; street: string; city: string; phone?: string; email?: string } },
): void {
  const name = view.landlord.name;
  line(doc, name, LEFT, mm(16), {
    font: 'bold',
    size: SIZE.letterhead,
    width: CONTENT_WIDTH,
    align: 'right',
  });
  const { street, city, phone, email } = view.landlord;
  const address = [street, city, phone ? `Tel. ${phone}` : '', email ?? '']
    .filter((p) => p !== '')
    .join(' · ');
  if (address)
    line(doc, address, LEFT, mm(23), {
      size: SIZE.small,
      color: COLOR.muted,
      width: CONTENT_WIDTH,
      align: 'right',
    });
  doc.moveTo(LEFT, mm(29)).lineTo(RIGHT, mm(29)).lineWidth(1.2).strokeColor(COLOR.accent).stroke();
}

export function drawAddressField(doc: Doc, view: { senderLine: string; tenant: { lines: string[] } }): void {
  if (view.senderLine) {
    setStyle(doc, { size: SIZE.tiny, color: COLOR.muted });
    // The return address must stay on one line inside the window; long ones shrink to fit.
    const width = doc.widthOfString(view.senderLine);
    const size = width > ADDRESS.width ? (SIZE.tiny * ADDRESS.width) / width : SIZE.tiny;
    line(doc, view.senderLine, ADDRESS.x, ADDRESS.returnY, { size, color: COLOR.muted });
    const underline = ADDRESS.returnY + size + 1.5;
    doc
      .moveTo(ADDRESS.x, underline)
      .lineTo(ADDRESS.x + Math.min(width, ADDRESS.width), underline)
      .lineWidth(0.4)
      .strokeColor(COLOR.muted)
      .stroke();
  }
  setStyle(doc, { size: SIZE.body });
  doc.text(view.tenant.lines.join('\n'), ADDRESS.x, ADDRESS.recipientY, { width: ADDRESS.width, lineGap: 1 });
}

function drawInfoBlock(doc: Doc, view: StatementView): void {
  const p = view.property;
  const period = view.period.label;
  const rows: [string, string][] = [
    ['Datum', view.letterDate],
    ['Zeitraum', period],
    ['Dauer', period ? `${view.daysInPeriod} Tage · ${view.monthsInPeriod} Monate` : ''],
    // a settlement counts the period's real days; the single wizard prints its 365-day year
    view.settlement
      ? ['Ihre Mietzeit', view.settlement.occupancy]
      : ['Tage pro Jahr', String(view.daysInYear)],
    ['Wohnfläche', p.area],
    ['Nutzung', p.usage],
  ];
  let y = INFO.y;
  const valueX = INFO.x + INFO.labelWidth;
  const valueWidth = INFO.width - INFO.labelWidth;
  for (const [label, value] of rows) {
    if (!value) continue;
    line(doc, label, INFO.x, y, { size: SIZE.small, color: COLOR.muted });
    setStyle(doc, { size: SIZE.small });
    doc.text(value, valueX, y, { width: valueWidth, lineGap: 1 });
    y = doc.y + 2.5;
  }
}

/** The three figures and the result, as a boxed table with the amounts right-aligned. */
function drawOverview(flow: Flow, view: StatementView): void {
  const { doc } = flow;
  const rowHeight = SIZE.body + 6.5;
  const prepayment = view.prepayment;
  const rows: [string, string][] = [
    ['Gesamtkosten des Abrechnungszeitraums', formatCents(view.totalCostsCents)],
    ['Ihr Anteil an den Kosten (Aufstellung in der Anlage)', formatCents(view.tenantTotalCents)],
    [
      view.settlement?.prepaymentLabel ??
        `abzüglich Ihrer Vorauszahlungen (${prepayment.months} × ${formatCents(prepayment.monthlyCents)})`,
      `${MINUS}${formatCents(prepayment.totalCents)}`,
    ],
  ];
  const titleHeight = SIZE.small + 8;
  flow.ensure(titleHeight + rows.length * rowHeight + rowHeight + 8);
  line(doc, 'IHRE ABRECHNUNG IM ÜBERBLICK', LEFT, flow.y, {
    font: 'bold',
    size: SIZE.small,
    color: COLOR.accent,
  });
  flow.space(titleHeight);
  const amountWidth = mm(40);
  const labelWidth = CONTENT_WIDTH - amountWidth - 12;
  for (const [label, amount] of rows) {
    line(doc, label, LEFT + 6, flow.y + 4, { size: SIZE.body, width: labelWidth });
    line(doc, amount, RIGHT - amountWidth - 6, flow.y + 4, {
      size: SIZE.body,
      width: amountWidth,
      align: 'right',
    });
    flow.space(rowHeight);
    doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.5).strokeColor(COLOR.hairline).stroke();
  }
  const resultHeight = rowHeight + 6;
  doc.rect(LEFT, flow.y, CONTENT_WIDTH, resultHeight).fill(COLOR.fill);
  doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(1).strokeColor(COLOR.text).stroke();
  const textY = flow.y + (resultHeight - SIZE.subject) / 2;
  line(doc, view.resultLabel, LEFT + 6, textY, { font: 'bold', size: SIZE.subject, width: labelWidth });
  line(doc, formatCents(view.resultAmountCents), RIGHT - amountWidth - 6, textY, {
    font: 'bold',
    size: SIZE.subject,
    width: amountWidth,
    align: 'right',
  });
  flow.space(resultHeight);
}

function drawPaymentRequest(flow: Flow, request: NonNullable<StatementView['paymentRequest']>): void {
  const { doc } = flow;
  const rows: [string, string][] = [
    ['Empfänger', request.holder],
    ['IBAN', request.iban],
    ['BIC', request.bic],
    ['Kreditinstitut', request.bank],
    ['Verwendungszweck', request.reference],
  ].filter((r): r is [string, string] => r[1] !== '');
  const labelWidth = mm(36);
  const rowHeight = SIZE.body + 4;
  // the GiroCode beside the account: a banking app fills the transfer from it
  const qr = girocodeMatrix({
    name: request.holder,
    iban: request.iban,
    bic: request.bic,
    amountCents: request.amountCents,
    text: request.reference,
  });
  const qrSize = qr ? GIROCODE_SIZE : 0;
  flow.space(mm(3));
  const introHeight = measure(doc, request.instruction, CONTENT_WIDTH, { size: SIZE.body });
  flow.ensure(introHeight + Math.max(rows.length * rowHeight, qrSize + SIZE.tiny + 4) + 12);
  flow.paragraph(request.instruction, { size: SIZE.body });
  flow.space(4);
  const top = flow.y;
  for (const [label, value] of rows) {
    line(doc, label, LEFT + 10, flow.y, { size: SIZE.body, color: COLOR.muted });
    line(doc, value, LEFT + 10 + labelWidth, flow.y, {
      font: label === 'IBAN' ? 'bold' : 'regular',
      size: SIZE.body,
      width: CONTENT_WIDTH - labelWidth - 10 - (qr ? qrSize + mm(4) : 0),
    });
    flow.space(rowHeight);
  }
  if (qr) {
    drawGirocode(doc, qr, RIGHT - qrSize, top - 2);
    line(doc, 'GiroCode: mit der Banking-App scannen', RIGHT - qrSize - mm(10), top + qrSize, {
      size: SIZE.tiny,
      color: COLOR.muted,
      width: qrSize + mm(10),
      align: 'right',
    });
    flow.y = Math.max(flow.y, top + qrSize + SIZE.tiny + 4);
  }
  doc
    .moveTo(LEFT + 2, top - 2)
    .lineTo(LEFT + 2, flow.y - 3)
    .lineWidth(2)
    .strokeColor(COLOR.accent)
    .stroke();
}

/** A QR code's dark modules as squares, `size` points wide, at (x, y). */
function drawLegalNotice(flow: Flow, view: StatementView): void {
  const { doc } = flow;
  const first = view.legalNotice.paragraphs[0] ?? '';
  flow.ensure(SIZE.small + 6 + measure(doc, first, CONTENT_WIDTH, { size: SIZE.small, lineGap: 1.5 }));
  line(doc, view.legalNotice.title, LEFT, flow.y, { font: 'bold', size: SIZE.small });
  flow.space(SIZE.small + 5);
  for (const paragraph of view.legalNotice.paragraphs) {
    flow.paragraph(keepCitationsTogether(paragraph), { size: SIZE.small, lineGap: 1.5 });
    flow.space(3);
  }
}

/** A citation such as '§ 556 Abs. 3 Satz 5 BGB' is never broken across lines. */
function keepCitationsTogether(text: string): string {
  return text
    .replace(/(§|Abs\.|Satz|Nr\.) (\d)/g, '$1\u00a0$2')
    .replace(/(\d) (Abs\.|Satz|BGB)/g, '$1\u00a0$2');
}
