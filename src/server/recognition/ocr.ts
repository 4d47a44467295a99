// OCR of images and scanned pages with tesseract.js and its German model from node_modules
// (@tesseract.js-data/deu): nothing is downloaded, nothing leaves the server. One tesseract worker per
// recognition thread, made at the first scan and kept (loading the model takes a second or two).

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TextLine } from '../../shared/receipts/extract';
import { grayPicture, type OcrPicture, type PagePicture } from './pdf-pages';
import { ReceiptUnreadable } from './unreadable';

/** More pixels than a 12-megapixel phone photo with room: larger images are refused, not decoded. */
export const MAX_PIXELS = 40_000_000;
/** Tesseract reads best at about 300 dpi: an A4 page is then some 2,500 × 3,500 pixels. */
const OCR_LONG_SIDE = 3500;

type TesseractWorker = import('tesseract.js').Worker;
let worker: Promise<TesseractWorker> | undefined;

function modelDir(): string {
  const pkg = createRequire(import.meta.url).resolve('@tesseract.js-data/deu/package.json');
  return join(dirname(pkg), '4.0.0_best_int');
}

function ocrWorker(): Promise<TesseractWorker> {
  worker ??= import('tesseract.js').then(({ createWorker, OEM }) =>
    createWorker('deu', OEM.LSTM_ONLY, {
      langPath: modelDir(),
      gzip: true,
      cacheMethod: 'none',
      // the worker script and the core's wasm from node_modules too
      logger: () => undefined,
      errorHandler: () => undefined,
    }).then(async (created) => {
      // the pictures are made at about 300 dpi; said, tesseract does not guess (and print) it
      await created.setParameters({ user_defined_dpi: '300' });
      return created;
    }),
  );
  return worker;
}

/** Ends the tesseract worker (the thread is about to end). */
export async function stopOcr(): Promise<void> {
  const running = worker;
  worker = undefined;
  if (running) await (await running).terminate();
}

/** An image file (JPEG, PNG) in grey at the size tesseract likes; too large ones are refused. */
export async function loadForOcr(bytes: Uint8Array): Promise<OcrPicture> {
  return grayPicture(await drawnImage(bytes, OCR_LONG_SIDE));
}

/** An image file (JPEG, PNG) as a PNG of at most `longSide` pixels a side, for the review. */
export async function loadPicture(bytes: Uint8Array, longSide: number): Promise<PagePicture> {
  const canvas = await drawnImage(bytes, longSide);
  return { png: await canvas.encode('png'), width: canvas.width, height: canvas.height };
}

async function drawnImage(bytes: Uint8Array, longSide: number) {
  // the size from the header, before a decompression bomb is decoded; what cannot be measured is not
  // decoded either
  const size = imageSize(bytes);
  if (!size || size.width === 0 || size.height === 0) {
    throw new ReceiptUnreadable('Das Bild ist beschädigt und kann nicht gelesen werden.');
  }
  if (size.width * size.height > MAX_PIXELS) {
    throw new ReceiptUnreadable('Das Bild ist zu groß (über 40 Megapixel). Bitte laden Sie es kleiner hoch.');
  }
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(Buffer.from(bytes)).catch(() => null);
  if (!image || image.width === 0 || image.height === 0) {
    throw new ReceiptUnreadable('Das Bild ist beschädigt und kann nicht gelesen werden.');
  }
  if (image.width * image.height > MAX_PIXELS) {
    throw new ReceiptUnreadable('Das Bild ist zu groß (über 40 Megapixel). Bitte laden Sie es kleiner hoch.');
  }
  const scale = Math.min(1, longSide / Math.max(image.width, image.height));
  const canvas = createCanvas(Math.round(image.width * scale), Math.round(image.height * scale));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** JPEG markers without a length: SOI, TEM and the restart markers. */
const STANDALONE = (marker: number) =>
  marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** SOF0…SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not frames. */
const FRAME = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/**
 * Width and height from a PNG's IHDR or a JPEG's frame header, read before any decoder sees the file;
 * null when they cannot be found. A JPEG's segments are walked as decoders walk them: any number of
 * 0xFF fill bytes may stand before a marker (ITU T.81, B.1.1.2), and markers without a length are
 * stepped over.
 */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    while (bytes[at] === 0xff) at += 1;
    const marker = bytes[at];
    if (marker === undefined || marker === 0x00) return null;
    at += 1;
    if (STANDALONE(marker)) continue;
    // the image data or its end before a frame header: nothing to measure
    if (marker === 0xda || marker === 0xd9 || at + 2 > bytes.length) return null;
    if (FRAME(marker)) {
      if (at + 7 > bytes.length) return null;
      return { height: view.getUint16(at + 3), width: view.getUint16(at + 5) };
    }
    at += view.getUint16(at);
  }
  return null;
}

/** The lines tesseract reads on one picture, boxes as fractions of it; the page straightened first. */
export async function ocrLines(picture: OcrPicture, page: number): Promise<TextLine[]> {
  const ocr = await ocrWorker();
  const { data } = await ocr.recognize(
    Buffer.from(picture.pgm),
    { rotateAuto: true },
    { blocks: true, text: false },
  );
  const lines: TextLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.text.replace(/\s+/g, ' ').trim();
        if (text === '') continue;
        const { x0, y0, x1, y1 } = line.bbox;
        lines.push({
          text,
          page,
          // how clearly tesseract read each word (0–100)
          words: line.words.map((w) => ({ text: w.text, clarity: w.confidence })),
          box: [
            x0 / picture.width,
            y0 / picture.height,
            (x1 - x0) / picture.width,
            (y1 - y0) / picture.height,
          ],
        });
      }
    }
  }
  return lines;
}
