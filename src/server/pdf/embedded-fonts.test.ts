import { describe, expect, it } from 'vitest';
import { sampleFormData } from '../../../tests/builders/statement';
import { computeStatement } from '../../shared/statement';
import { preparedFonts } from './fonts';
import { renderStatementPdf } from './render-statement';
import { pdfFonts, pdfPageImages, pdfText, wordBoxes } from './testing/poppler';
import { renderWithStockPdfkit } from './testing/stock-pdfkit';

const TODAY = '2025-03-14';

/** Letters outside the prepared subset (Czech, Vietnamese, Croatian): a document's own glyphs. */
const RARE_NAME = 'Čapek Nguyễn Đorđević';

function statement(tenantName?: string) {
  const data = sampleFormData();
  if (tenantName) data.tenant.name = tenantName;
  return computeStatement(data, TODAY);
}

const contains = (pdf: Uint8Array, part: Uint8Array) => Buffer.from(pdf).includes(Buffer.from(part));

describe('prepared fonts', () => {
  it('draw a statement word for word as stock pdfkit does', async () => {
    for (const input of [
      { view: statement(), preview: false },
      { view: statement(RARE_NAME), preview: true },
    ]) {
      const ours = await renderStatementPdf(input);
      const stock = await renderWithStockPdfkit(input);
      expect(await pdfText(ours)).toBe(await pdfText(stock));
      expect(await wordBoxes(ours)).toEqual(await wordBoxes(stock));
    }
  }, 30_000);

  it('draw a preview pixel for pixel as stock pdfkit does', async () => {
    const input = { view: statement(RARE_NAME), preview: true };
    const ours = await pdfPageImages(await renderStatementPdf(input), 50);
    expect(ours).toHaveLength(2);
    expect(ours).toEqual(await pdfPageImages(await renderWithStockPdfkit(input), 50));
  }, 30_000);

  it('embed the font files prepared once in every ordinary document', async () => {
    const { regular, bold } = preparedFonts();
    const pdfs = [
      await renderStatementPdf({ view: statement(), preview: false }),
      await renderStatementPdf({ view: statement('Zoë Şahin-Łukaszewski'), preview: true }),
    ];
    for (const pdf of pdfs) {
      expect(contains(pdf, regular.fontFile)).toBe(true);
      expect(contains(pdf, bold.fontFile)).toBe(true);
    }
  });

  it('print letters beyond the prepared subset from a subset of the document’s own', async () => {
    const { regular, bold } = preparedFonts();
    const pdf = await renderStatementPdf({ view: statement(RARE_NAME), preview: false });
    expect(await pdfText(pdf)).toContain(RARE_NAME);
    for (const font of await pdfFonts(pdf)) expect(font.embedded).toBe(true);
    // The name is set in the regular face only: the bold face stays the prepared one.
    expect(contains(pdf, regular.fontFile)).toBe(false);
    expect(contains(pdf, bold.fontFile)).toBe(true);
  });
});
