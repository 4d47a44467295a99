import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../src/server/credits/ledger';
import { sampleFormInput } from '../../src/server/pdf/sample-statements';
import { flatten, type GrayImage, pdfPageImages, pdfText } from '../../src/server/pdf/testing/poppler';
import { createTestApp } from '../setup/app';
import { confirmAll } from '../setup/confirm-warnings';
import { type SignedUp, signUp } from '../setup/factories';
import { editInPlace, pageContents } from './pdf-streams';

type App = Awaited<ReturnType<typeof createTestApp>>;

const FOOTER_MARK = 'VORSCHAU – nicht zur Versendung bestimmt';
/** Low resolution is enough to see a watermark, and keeps the test fast. */
const DPI = 30;

/** Share of the page's pixels that differ visibly between two renderings of it. */
function differingShare(a: GrayImage, b: GrayImage): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let differing = 0;
  a.pixels.forEach((value, i) => {
    if (Math.abs(value - (b.pixels[i] ?? 0)) > 8) differing++;
  });
  return differing / a.pixels.length;
}

/** Edits that switch transparency off or on, as in a hex editor, without touching compressed content. */
const ALPHA_EDITS: [string, RegExp, string][] = [
  ['fill alpha 0', /\/ca\s+[\d.]+/g, '/ca 0'],
  ['fill alpha 1', /\/ca\s+[\d.]+/g, '/ca 1'],
  ['stroke alpha 0', /\/CA\s+[\d.]+/g, '/CA 0'],
];

describe('the VORSCHAU watermark of a free preview', () => {
  let app: App;
  let who: SignedUp;
  let preview: Buffer;
  let final: Buffer;
  beforeAll(async () => {
    app = await createTestApp();
    who = await signUp(app);
    await changeCredits(app.database.db, { userId: who.user.id, delta: 1, reason: 'adjustment' });
    const formData = sampleFormInput({ positions: 40 });
    const request = (isPreview: boolean) =>
      app.inject({
        method: 'POST',
        url: '/api/statements/pdf',
        headers: who.headers,
        payload: { formData, isPreview, confirmedWarnings: confirmAll(formData) },
      });
    const [p, f] = [await request(true), await request(false)];
    expect([p.statusCode, f.statusCode]).toEqual([200, 200]);
    preview = p.rawPayload;
    final = f.rawPayload;
  });
  afterAll(() => app.close());

  it('has no transparency: editing alpha values changes not a pixel', async () => {
    const text = preview.toString('latin1');
    for (const m of text.matchAll(/\/(ca|CA)\s+([\d.]+)/g)) expect(Number(m[2]), m[0]).toBe(1);
    const original = await pdfPageImages(preview, DPI);
    for (const [edit, pattern, replacement] of ALPHA_EDITS) {
      const edited = await pdfPageImages(editInPlace(preview, pattern, replacement), DPI);
      expect(edited.length, edit).toBe(original.length);
      edited.forEach((page, i) => {
        expect(
          Buffer.compare(page.pixels, original[i]?.pixels ?? new Uint8Array()),
          `${edit}, page ${i + 1}`,
        ).toBe(0);
      });
    }
  });

  it('still marks every page when its blend mode or alpha is edited', async () => {
    const finalPages = await pdfPageImages(final, DPI);
    expect(finalPages).toHaveLength(3);
    const edits: [string, Buffer][] = [
      ['unedited', preview],
      ['alpha 0', editInPlace(preview, /\/(ca|CA)\s+[\d.]+/g, '/ca 0')],
      ['blend mode Normal', editInPlace(preview, /\/BM\s*\/\w+/g, '/BM /Normal')],
    ];
    for (const [edit, pdf] of edits) {
      const pages = await pdfPageImages(pdf, DPI);
      expect(pages.length, edit).toBe(finalPages.length);
      pages.forEach((page, i) => {
        const finalPage = finalPages[i];
        if (!finalPage) throw new Error('pages differ');
        // the watermark shows on about an eighth of each page's pixels (the old, translucent one
        // on a twentieth, and on none once its alpha was set to 0)
        expect(differingShare(page, finalPage), `${edit}, page ${i + 1}`).toBeGreaterThan(0.08);
      });
    }
    for (let page = 1; page <= finalPages.length; page++) {
      expect(await pdfText(preview, { first: page, last: page })).toContain(FOOTER_MARK);
    }
  });

  it("is drawn between the text runs of every page's compressed content", () => {
    const pages = pageContents(preview);
    expect(pages).toHaveLength(3);
    for (const [i, content] of pages.entries()) {
      // W for a piece of the watermark, T for a text object, in the order they are drawn
      const order = [...content.matchAll(/\/Watermark gs|\bBT\b/g)].map((m) => (m[0] === 'BT' ? 'T' : 'W'));
      const pieces = order.filter((o) => o === 'W').length;
      const runs = order.join('').match(/W+/g) ?? [];
      expect(pieces, `page ${i + 1}`).toBeGreaterThan(100);
      // not one block that could be cut out: many separate runs of pieces between text
      expect(runs.length, `page ${i + 1}`).toBeGreaterThan(10);
    }
    for (const content of pageContents(final)) expect(content).not.toContain('/Watermark');
  });

  it('leaves every figure extractable as it is printed on the final PDF', async () => {
    const previewText = flatten((await pdfText(preview)).replaceAll(FOOTER_MARK, ''));
    expect(previewText).toBe(flatten(await pdfText(final)));
    expect(previewText).toContain('Nachzahlung');
  });
});
