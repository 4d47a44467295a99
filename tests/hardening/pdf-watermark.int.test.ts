// Hardening round three, item 2: the VORSCHAU watermark of a free preview must cost real work to remove. A
// preview's pages are pictures with the watermark in their pixels; this suite edits the file as a
// remover would (transparency and blend entries added, inverted images, operators deleted, objects
// removed) and measures the pixels: no edit may give back the clean final page.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../src/server/credits/ledger';
import {
  flatten,
  type GrayImage,
  pdfFonts,
  pdfPageImages,
  pdfText,
} from '../../src/server/pdf/testing/poppler';
import { sampleFormInput } from '../builders/statement';
import { createTestApp } from '../setup/app';
import { confirmAll } from '../setup/confirm-warnings';
import { type SignedUp, signUp } from '../setup/factories';
import {
  addToDictionaries,
  editInPlace,
  pageContents,
  removeObjects,
  rewritePageContents,
} from './pdf-streams';

type App = Awaited<ReturnType<typeof createTestApp>>;

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

/** What a remover would try, each on the whole file. */
const EDITS: [string, (pdf: Buffer) => Buffer][] = [
  ['unedited', (pdf) => pdf],
  // round two's regression: the watermark's blend mode replaced in place by alpha 0
  ['the blend mode replaced by alpha 0', (pdf) => editInPlace(pdf, /\/BM\s*\/Multiply/g, '/ca 0 /CA 0')],
  [
    'a graphics state with alpha 0 added before each page',
    (pdf) =>
      rewritePageContents(
        Buffer.from(
          pdf
            .toString('latin1')
            .replace(/\/XObject <</g, '/ExtGState << /GS0 << /ca 0 /CA 0 >> >>\n/XObject <<'),
          'latin1',
        ),
        (content) => `/GS0 gs\n${content}`,
      ),
  ],
  [
    'an inverting decode added to every image',
    (pdf) => addToDictionaries(pdf, 'XObject', '/Decode [1 0 1 0 1 0]'),
  ],
  [
    'the drawing operators deleted',
    (pdf) => rewritePageContents(pdf, (content) => content.replace(/\/\w+ Do/g, '')),
  ],
  ['the image objects removed', (pdf) => removeObjects(pdf, /\/Subtype \/Image/)],
];

describe('the VORSCHAU watermark of a free preview', () => {
  let app: App;
  let who: SignedUp;
  let preview: Buffer;
  let final: Buffer;
  beforeAll(async () => {
    app = await createTestApp();
    who = await signUp(app);
    await changeCredits(app.database.db, {
      workspaceId: who.user.id,
      userId: who.user.id,
      delta: 1,
      reason: 'adjustment',
    });
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

  it('holds its pages as pictures only: no text, no font, one image drawn per page', async () => {
    expect(await pdfFonts(preview)).toEqual([]);
    expect(flatten(await pdfText(preview))).toBe('');
    const pages = pageContents(preview);
    expect(pages).toHaveLength(3);
    for (const content of pages) {
      expect(content).not.toMatch(/\bBT\b/);
      expect(content.match(/ Do\b/g)).toHaveLength(1);
    }
    expect(await pdfFonts(final)).not.toEqual([]);
  });

  it('never gives back the clean final page, whatever edit of the file is tried', async () => {
    const finalPages = await pdfPageImages(final, DPI);
    expect(finalPages).toHaveLength(3);
    for (const [edit, apply] of EDITS) {
      const edited = apply(preview);
      const pages = await pdfPageImages(edited, DPI).catch(() => []);
      // a file the edit broke shows nothing at all: no figures either
      pages.forEach((page, i) => {
        const finalPage = finalPages[i];
        if (!finalPage) return;
        // the watermark covers about an eighth of each page; an emptied page differs by all its text
        expect(differingShare(page, finalPage), `${edit}, page ${i + 1}`).toBeGreaterThan(0.05);
      });
      expect(flatten(await pdfText(edited).catch(() => '')), edit).not.toContain('Nachzahlung');
    }
  });

  it('draws the watermark over every page of the preview before it becomes a picture', async () => {
    const [first] = await pdfPageImages(preview, DPI);
    const [clean] = await pdfPageImages(final, DPI);
    if (!first || !clean) throw new Error('no page');
    expect(differingShare(first, clean)).toBeGreaterThan(0.08);
  });
});
