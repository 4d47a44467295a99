// A free preview as pictures of its pages (issue 26, ADR 0005): the letter is drawn as usual, with its
// watermark, then every page is rendered to an image and the preview PDF holds only those images. No
// edit of the file's structure (graphics states, operators, objects) takes the watermark off: it is in
// the pixels. The figures stay readable on screen and in print; the text cannot be copied out.
// Synchronous-heavy work: runs in the PDF worker thread.

import { documentBytes, newPdfDocument } from './document';
import { PAGE } from './layout';
import { escapeXmpMetadata } from './metadata';

/** Sharp enough to read 8-point figures on screen and in print; a page is 1240 × 1754 pixels. */
const DPI = 150;
const JPEG_QUALITY = 75;
/** More pages than any letter has: a preview stops there instead of rendering without end. */
const MAX_PAGES = 20;

export async function rasterPreview(
  vector: Uint8Array,
  info: { Title: string; Author?: string; Subject: string },
): Promise<Uint8Array<ArrayBuffer>> {
  // loaded at the first preview: a worker that draws only final PDFs never needs them
  const [{ createCanvas }, { getDocument }] = await Promise.all([
    import('@napi-rs/canvas'),
    import('pdfjs-dist/legacy/build/pdf.mjs'),
  ]);
  const source = await getDocument({
    data: new Uint8Array(vector),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    if (source.numPages > MAX_PAGES) throw new Error(`preview of ${source.numPages} pages`);
    const doc = newPdfDocument(info, {
      size: [PAGE.width, PAGE.height],
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
    });
    escapeXmpMetadata(doc);
    const done = documentBytes(doc);
    for (let n = 1; n <= source.numPages; n++) {
      const page = await source.getPage(n);
      const viewport = page.getViewport({ scale: DPI / 72 });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      page.cleanup();
      if (n > 1) doc.addPage();
      doc.image(await canvas.encode('jpeg', JPEG_QUALITY), 0, 0, { width: PAGE.width, height: PAGE.height });
    }
    doc.end();
    return await done;
  } finally {
    await source.destroy();
  }
}
