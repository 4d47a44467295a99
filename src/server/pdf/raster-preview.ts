// A free preview as pictures of its pages (ADR 0005): the letter is drawn as usual (its
// footer says VORSCHAU), every page is rendered to an image, the VORSCHAU watermark is multiplied
// into the pixels, and the preview PDF holds only those images. No edit of the file's structure
// (graphics states, operators, objects) takes the watermark off. The figures stay readable on screen
// and in print; the text cannot be copied out. Runs in the PDF worker thread.

import type { Canvas } from '@napi-rs/canvas';
import { documentBytes, newPdfDocument, openDocument } from './document';
import { fontFile } from './fonts';
import { FONT, PAGE } from './layout';
import { escapeXmpMetadata } from './metadata';

/** Sharp enough to read 8-point figures on screen and in print; a page is 992 × 1403 pixels. */
const DPI = 120;
const SCALE = DPI / 72;
const JPEG_QUALITY = 75;
/** More pages than any letter has: a preview stops there instead of rendering without end. */
const MAX_PAGES = 20;
export const WATERMARK_TEXT = 'VORSCHAU';
/** Light red on white paper; multiplied, it leaves text under it as dark as printed. */
const LARGE_COLOR = 'rgb(247, 224, 224)';
const SMALL_COLOR = 'rgb(245, 230, 230)';
/** The small words: their size and the grid they repeat on, along and across the diagonal (points). */
const SMALL = { size: 11, along: 118, across: 34 } as const;
const FONT_FAMILY = 'Umlage Watermark';

type CanvasModule = typeof import('@napi-rs/canvas');

let layer: Canvas | undefined;

/** The watermark of a page, drawn once per thread: a large diagonal word and a grid of small ones. */
function watermarkLayer({ createCanvas, GlobalFonts }: CanvasModule): Canvas {
  if (layer) return layer;
  GlobalFonts.registerFromPath(fontFile('bold'), FONT_FAMILY);
  const canvas = createCanvas(Math.round(PAGE.width * SCALE), Math.round(PAGE.height * SCALE));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate(-Math.atan2(canvas.height, canvas.width));
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const reach = Math.hypot(canvas.width, canvas.height) / 2;
  ctx.font = `${SMALL.size * SCALE}px "${FONT_FAMILY}"`;
  ctx.fillStyle = SMALL_COLOR;
  const [along, across] = [SMALL.along * SCALE, SMALL.across * SCALE];
  for (let row = Math.floor(-reach / across); row * across <= reach; row++) {
    const shift = row % 2 === 0 ? 0 : along / 2;
    for (let col = Math.floor(-reach / along) - 1; col * along <= reach; col++) {
      ctx.fillText(WATERMARK_TEXT, col * along + shift, row * across);
    }
  }
  ctx.font = `${100 * SCALE}px "${FONT_FAMILY}"`;
  const size = (100 * SCALE * (reach * 2 * 0.62)) / ctx.measureText(WATERMARK_TEXT).width;
  ctx.font = `${size}px "${FONT_FAMILY}"`;
  ctx.fillStyle = LARGE_COLOR;
  ctx.fillText(WATERMARK_TEXT, 0, 0);
  layer = canvas;
  return canvas;
}

/**
 * The preview of one or more drawn documents, their pages one after another (a settlement's letters
 * read in one go). Each document may have at most MAX_PAGES pages.
 */
export async function rasterPreview(
  vectors: readonly Uint8Array[],
  info: { Title: string; Author?: string; Subject: string },
): Promise<Uint8Array<ArrayBuffer>> {
  // loaded at the first preview: a worker that draws only final PDFs never needs them
  const [canvasModule, { getDocument }] = await Promise.all([
    import('@napi-rs/canvas'),
    import('pdfjs-dist/legacy/build/pdf.mjs'),
  ]);
  const watermark = watermarkLayer(canvasModule);
  const doc = newPdfDocument(info, {
    size: [PAGE.width, PAGE.height],
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
  });
  escapeXmpMetadata(doc);
  const done = documentBytes(doc);
  let pages = 0;
  for (const vector of vectors) {
    const source = await getDocument({
      data: new Uint8Array(vector),
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
    try {
      if (source.numPages > MAX_PAGES) throw new Error(`preview of ${source.numPages} pages`);
      for (let n = 1; n <= source.numPages; n++) {
        const page = await source.getPage(n);
        const viewport = page.getViewport({ scale: SCALE });
        const canvas = canvasModule.createCanvas(watermark.width, watermark.height);
        const context = canvas.getContext('2d');
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
        page.cleanup();
        context.globalCompositeOperation = 'multiply';
        context.drawImage(watermark, 0, 0);
        if (pages > 0) doc.addPage();
        pages += 1;
        doc.image(await canvas.encode('jpeg', JPEG_QUALITY), 0, 0, {
          width: PAGE.width,
          height: PAGE.height,
        });
      }
    } finally {
      await source.destroy();
    }
  }
  doc.end();
  return done;
}

/**
 * Draws one small preview so that a thread's first real one is as quick as later ones: pdfjs and the
 * canvas loaded, our fonts parsed by pdfjs once, the watermark drawn (the first preview after a start
 * took 2.5 s on a quiet machine, later ones 0.2–0.3 s).
 */
export async function warmPreviews(): Promise<void> {
  const { doc, done } = openDocument({ Title: 'Vorschau', Subject: 'Vorbereitung' });
  doc.font(FONT.bold).text('Betriebskostenabrechnung 2025');
  doc.font(FONT.regular).text('Anteil an den Kosten 1.234,56 € · Vorauszahlungen −1.200,00 €');
  doc.end();
  await rasterPreview([await done], { Title: 'Vorschau', Subject: 'Vorbereitung' });
}
