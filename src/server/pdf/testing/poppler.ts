// Test helpers around poppler-utils: what a reader (or a screen reader, or a search) gets out of a PDF.

import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function withFile<T>(pdf: Uint8Array, fn: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'umlage-pdf-'));
  try {
    const path = join(dir, 'statement.pdf');
    await writeFile(path, pdf);
    return await fn(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `pdftotext -raw`: the text in the order it was drawn. `pages` limits it to a page range. */
export function pdfText(pdf: Uint8Array, pages?: { first: number; last: number }): Promise<string> {
  const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
  return withFile(
    pdf,
    async (path) => (await run('pdftotext', ['-raw', '-enc', 'UTF-8', ...range, path, '-'])).stdout,
  );
}

/** Running text as one line: line breaks (and breaks after a hyphen) become nothing or a space. */
export function flatten(text: string): string {
  return text.replace(/-\n/g, '-').replace(/\s+/g, ' ').trim();
}

export interface WordBox {
  page: number;
  word: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  pageWidth: number;
  pageHeight: number;
}

/** Every word with its box in points (`pdftotext -bbox`). */
export function wordBoxes(pdf: Uint8Array): Promise<WordBox[]> {
  return withFile(pdf, async (path) => {
    const { stdout } = await run('pdftotext', ['-bbox', path, '-'], { maxBuffer: 64 * 1024 * 1024 });
    const boxes: WordBox[] = [];
    let page = 0;
    let pageWidth = 0;
    let pageHeight = 0;
    const pattern =
      /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
    for (const m of stdout.matchAll(pattern)) {
      if (m[1]) {
        page += 1;
        pageWidth = Number(m[1]);
        pageHeight = Number(m[2]);
      } else {
        boxes.push({
          page,
          word: m[7] ?? '',
          xMin: Number(m[3]),
          yMin: Number(m[4]),
          xMax: Number(m[5]),
          yMax: Number(m[6]),
          pageWidth,
          pageHeight,
        });
      }
    }
    return boxes;
  });
}

/** `pdffonts`: name and whether the font is embedded, per font. */
export function pdfFonts(pdf: Uint8Array): Promise<{ name: string; embedded: boolean }[]> {
  return withFile(pdf, async (path) => {
    const { stdout } = await run('pdffonts', [path]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const cols = l.trim().split(/\s+/);
        // columns: name type [type…] encoding emb sub uni object ID
        return { name: cols[0] ?? '', embedded: cols.at(-5) === 'yes' };
      });
  });
}

export async function pdfPageCount(pdf: Uint8Array): Promise<number> {
  return withFile(pdf, async (path) => {
    const { stdout } = await run('pdfinfo', [path]);
    return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
  });
}

/** `pdfinfo`: the document information dictionary (Title, Author, Subject, Creator, Producer, …). */
export function pdfInfo(pdf: Uint8Array): Promise<Record<string, string>> {
  return withFile(pdf, async (path) => {
    const { stdout } = await run('pdfinfo', ['-enc', 'UTF-8', path]);
    const info: Record<string, string> = {};
    for (const m of stdout.matchAll(/^([A-Za-z ]+):[ \t]*(.*)$/gm)) info[m[1] ?? ''] = m[2] ?? '';
    return info;
  });
}

/** `pdfinfo -meta`: the document's XMP metadata packet as stored (decompressed), '' without one. */
export function pdfXmp(pdf: Uint8Array): Promise<string> {
  return withFile(pdf, async (path) => (await run('pdfinfo', ['-meta', path])).stdout);
}

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, row by row: 0 black, 255 white. */
  pixels: Uint8Array;
}

/** `pdftoppm -gray`: every page rendered at `dpi`, as a viewer or printer shows it. */
export function pdfPageImages(pdf: Uint8Array, dpi: number): Promise<GrayImage[]> {
  return withFile(pdf, async (path) => {
    const prefix = join(dirname(path), 'page');
    await run('pdftoppm', ['-gray', '-r', String(dpi), path, prefix]);
    const files = (await readdir(dirname(path))).filter((f) => f.endsWith('.pgm')).sort();
    return Promise.all(files.map(async (f) => readPgm(await readFile(join(dirname(path), f)))));
  });
}

/** A binary PGM (P5) with 8-bit samples, as pdftoppm writes it. */
function readPgm(file: Buffer): GrayImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(file.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not an 8-bit binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = new Uint8Array(file.subarray(header[0].length, header[0].length + width * height));
  return { width, height, pixels };
}

/** The QR codes a scanner reads from the rendered pages (one per page at most), as text. */
export async function pdfQrCodes(pdf: Uint8Array): Promise<string[]> {
  const { default: jsQR } = await import('jsqr');
  return (await pdfPageImages(pdf, 200)).flatMap((page) => {
    const rgba = new Uint8ClampedArray(page.width * page.height * 4);
    page.pixels.forEach((v, i) => {
      rgba.set([v, v, v, 255], i * 4);
    });
    const code = jsQR(rgba, page.width, page.height);
    return code ? [code.data] : [];
  });
}
