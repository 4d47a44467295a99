// What every page carries once the content is laid out: fold marks, the footer with the page
// number (on a preview with the VORSCHAU note).

import type { StatementView } from '../../shared/print-model';
import { type Doc, line } from './flow';
import { COLOR, CONTENT_WIDTH, FOOTER, LEFT, MARKS, mm, RIGHT, SIZE } from './layout';

type FooterSource = Pick<StatementView, 'senderLine' | 'bankDetails'>;

export function drawFurniture(doc: Doc, view: FooterSource, preview: boolean): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits below the bottom margin that breaks running text; lift it for the page.
    doc.page.margins.bottom = 0;
    drawMarks(doc);
    drawFooter(doc, view, i - range.start + 1, range.count, preview);
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

function drawFooter(doc: Doc, view: FooterSource, page: number, pages: number, preview: boolean): void {
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
