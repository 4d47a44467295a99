import { describe, expect, it } from 'vitest';
import { sampleFormData } from '../../../tests/builders/statement';
import { formatCents } from '../../shared/money';
import type { StatementView } from '../../shared/print-model';
import { computeStatement } from '../../shared/statement';
import { LEFT, mm, PAGE, RIGHT } from './layout';
import { renderStatementPdf } from './render-statement';
import {
  flatten,
  pdfFonts,
  pdfPageCount,
  pdfQrCodes,
  pdfText,
  type WordBox,
  wordBoxes,
} from './testing/poppler';

const TODAY = '2025-03-14';

/** Every figure and text of the view-model that the statement must print, as printed. */
function printedFigures(view: StatementView): string[] {
  const figures = [
    ...view.tenant.lines,
    view.senderLine,
    view.letterDate,
    view.subject,
    view.period.label,
    `${view.daysInPeriod} Tage`,
    `${view.monthsInPeriod} Monate`,
    String(view.daysInYear),
    view.property.area,
    view.property.usage,
    formatCents(view.totalCostsCents),
    formatCents(view.tenantTotalCents),
    `${view.prepayment.months} × ${formatCents(view.prepayment.monthlyCents)}`,
    formatCents(view.prepaymentCents),
    `${view.resultLabel} ${formatCents(view.resultAmountCents)}`,
    view.resultText,
    ...view.legalNotice.paragraphs,
    view.closing,
    view.signatureName,
  ];
  for (const row of view.rows) {
    figures.push(
      row.name,
      row.amountText,
      row.keyLabel,
      row.totalUnits,
      row.tenantUnits,
      row.percent,
      row.shareText,
    );
  }
  const p = view.paymentRequest;
  if (p) figures.push(p.instruction, p.iban, p.bic, p.holder, p.bank, p.reference, p.dueDate);
  if (view.greeting) figures.push(...view.greeting.split(/\n+/));
  return figures.filter((f) => f !== '').map(flatten);
}

/** Every word lies between the left and right text margins and above the bottom edge. */
function expectInsideMargins(boxes: WordBox[]): void {
  expect(boxes.length).toBeGreaterThan(50);
  for (const box of boxes) {
    expect(box.xMin, box.word).toBeGreaterThanOrEqual(LEFT - 0.5);
    expect(box.xMax, box.word).toBeLessThanOrEqual(RIGHT + 0.5);
    expect(box.yMax, box.word).toBeLessThanOrEqual(PAGE.height - mm(9));
  }
}

async function render(formData: ReturnType<typeof sampleFormData>, preview = false) {
  const view = computeStatement(formData, TODAY);
  const pdf = await renderStatementPdf({ view, preview });
  return { view, pdf, text: await pdfText(pdf) };
}

describe('statement PDF', { timeout: 20_000 }, () => {
  it('prints every figure of a Nachzahlung with the payment request, in de-DE format', async () => {
    const { view, pdf, text } = await render(sampleFormData());
    expect(view.resultLabel).toBe('Nachzahlung');
    expect(view.paymentRequest).not.toBeNull();
    const flat = flatten(text);
    for (const figure of printedFigures(view)) expect(flat).toContain(figure);
    expect(flat).toContain('Summe 39.827,42 € 11.484,20 €');
    expect(flat).toContain('Bitte überweisen Sie den Betrag von 9.684,20 € bis zum 13.04.2025');
    expect(flat).toContain('Verwendungszweck NK-Abrechnung 2024 - Jürgen Weiß-Öztürk');
    expect(await pdfPageCount(pdf)).toBe(2);
    expect(flat).toContain('Seite 1 von 2');
    expect(flat).toContain('Seite 2 von 2');
    expect(flat).not.toContain('VORSCHAU');
  });

  it("puts the sender's phone and e-mail into the letterhead and the signature line under the closing", async () => {
    const view = computeStatement(sampleFormData(), TODAY);
    const pdf = await renderStatementPdf({
      view: {
        ...view,
        landlord: { ...view.landlord, phone: '030 1234567', email: 'vermieter@example.test' },
        signatureName: 'Erika Vermieter, Hausverwaltung',
      },
      preview: false,
    });
    const flat = flatten(await pdfText(pdf));
    expect(flat).toContain('Tel. 030 1234567 · vermieter@example.test');
    expect(flat).toContain('Erika Vermieter, Hausverwaltung');
  });

  it('prints a GiroCode that a banking app reads as the payee, IBAN, amount and purpose', async () => {
    const { view, pdf } = await render(sampleFormData());
    const request = view.paymentRequest;
    expect(request).not.toBeNull();
    const decoded = await pdfQrCodes(pdf);
    expect(decoded).toHaveLength(1);
    const lines = decoded[0]?.split('\n') ?? [];
    expect(lines.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
    expect(lines[5]).toBe(request?.holder);
    expect(lines[6]).toBe(request?.iban.replaceAll(' ', ''));
    expect(lines[7]).toBe(`EUR${((request?.amountCents ?? 0) / 100).toFixed(2)}`);
    expect(lines[10]).toBe(request?.reference);
  });

  it('prints a Guthaben without a payment request', async () => {
    const { view, text } = await render(sampleFormData({ monthlyPrepayment: '1.000,00' }));
    expect(view.resultLabel).toBe('Guthaben');
    const flat = flatten(text);
    for (const figure of printedFigures(view)) expect(flat).toContain(figure);
    expect(flat).toContain('Guthaben 515,80 €');
    expect(flat).toContain('−12.000,00 €');
    expect(flat).not.toContain('Bitte überweisen');
  });

  it('flows 40 positions onto three pages with the header repeated and nothing cut off', async () => {
    const { view, pdf, text } = await render(sampleFormData({ positions: 40 }));
    const flat = flatten(text);
    for (const figure of printedFigures(view)) expect(flat).toContain(figure);
    expect(await pdfPageCount(pdf)).toBe(3);
    const third = flatten(await pdfText(pdf, { first: 3, last: 3 }));
    expect(third).toContain('Kostenaufstellung (Fortsetzung)');
    expect(third).toContain('Kostenart');
    expect(third).toContain(
      `Summe ${formatCents(view.totalCostsCents)} ${formatCents(view.tenantTotalCents)}`,
    );
    // each position is printed once, in order
    const names = view.rows.map((r) => r.name);
    let from = 0;
    for (const name of names) {
      const at = flat.indexOf(`${name} `, from);
      expect(at, name).toBeGreaterThanOrEqual(from);
      from = at + name.length;
    }
    expectInsideMargins(await wordBoxes(pdf));
  });

  it('marks every page of a preview without breaking the extracted figures', async () => {
    const { view, pdf, text } = await render(sampleFormData({ positions: 40 }), true);
    const flat = flatten(text);
    for (const figure of printedFigures(view)) expect(flat).toContain(figure);
    // the watermark goes into the pixels (raster-preview.ts); each page names the preview once in its footer
    expect(text.match(/VORSCHAU – nicht zur Versendung bestimmt/g)).toHaveLength(3);
    expect(await pdfPageCount(pdf)).toBe(3);
    const finalPdf = await renderStatementPdf({ view, preview: false });
    expect(pdf.byteLength).toBeGreaterThan(finalPdf.byteLength);
  });

  it('embeds its fonts, so umlauts, ß, €, § and m² come out as written', async () => {
    const { pdf, text } = await render(sampleFormData());
    const fonts = await pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.name).toMatch(/DejaVuSansCondensed/);
      expect(font.embedded).toBe(true);
    }
    for (const sample of [
      'Müller & Söhne',
      'Weiß-Öztürk',
      '€',
      '§ 556 Abs. 3 BGB',
      'm²',
      'm³',
      'Düsseldorf',
    ]) {
      expect(text).toContain(sample);
    }
  });

  it('keeps figures that are too wide for their column whole', async () => {
    const data = sampleFormData({ positions: 2 });
    const [first] = data.costs;
    if (!first) throw new Error('sample has costs');
    data.costs[0] = {
      ...first,
      name: 'Eine sehr lange Bezeichnung für eine Kostenposition, die in der Spalte umbrechen muss',
      amount: 99_999_999_999,
      allocationKey: 'Wohnfläche in m2',
      totalArea: 999_999_999.999,
      tenantArea: 999_999_999.999,
    };
    const { view, pdf, text } = await render(data);
    const flat = flatten(text);
    for (const figure of printedFigures(view)) expect(flat).toContain(figure);
    const table = flatten(await pdfText(pdf, { first: 2, last: 2 }));
    expect(table).toContain('999.999.999,99 €');
    expect(table).toContain('999.999.999,999 m²');
    expect(table).toContain(
      `Summe ${formatCents(view.totalCostsCents)} ${formatCents(view.tenantTotalCents)}`,
    );
    expectInsideMargins(await wordBoxes(pdf));
  });

  it('lays out a document the same after other documents were rendered (shaping is remembered)', async () => {
    const view = computeStatement(sampleFormData({ positions: 5 }), TODAY);
    const first = await wordBoxes(await renderStatementPdf({ view, preview: true }));
    await renderStatementPdf({
      view: computeStatement(sampleFormData({ positions: 40 }), TODAY),
      preview: false,
    });
    const again = await wordBoxes(await renderStatementPdf({ view, preview: true }));
    expect(again).toEqual(first);
  });
});
