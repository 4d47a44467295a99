// The raw objects of a PDF as pdfkit writes them (no object streams, no encryption): enough to
// read its page content and to edit it the way someone removing a watermark would.

import { inflateSync } from 'node:zlib';

interface PdfStream {
  object: number;
  dictionary: string;
  data: string;
}

/** Every stream's object number, dictionary and data, inflated when it is FlateDecode. */
export function pdfStreams(pdf: Uint8Array): PdfStream[] {
  const file = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = file.toString('latin1');
  const streams: PdfStream[] = [];
  for (const m of text.matchAll(/(\d+) 0 obj\s*<</g)) {
    // the dictionary ends where its << … >> pairs balance (pdfkit writes no '<<' in strings)
    let depth = 0;
    let end = (m.index ?? 0) + m[0].length - 2;
    do {
      const open = text.indexOf('<<', end);
      const close = text.indexOf('>>', end);
      depth += open !== -1 && open < close ? 1 : -1;
      end = (open !== -1 && open < close ? open : close) + 2;
    } while (depth > 0);
    const after = /^\s*stream\r?\n/.exec(text.slice(end, end + 20));
    if (!after) continue;
    const dictionary = text.slice((m.index ?? 0) + m[0].length - 2, end);
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    const start = end + after[0].length;
    const raw = file.subarray(start, start + length);
    const data = dictionary.includes('/FlateDecode') ? inflateSync(raw) : raw;
    streams.push({ object: Number(m[1]), dictionary, data: data.toString('latin1') });
  }
  return streams;
}

/** The content stream of each page, in page order (pdfkit writes the pages in order). */
export function pageContents(pdf: Uint8Array): string[] {
  const text = Buffer.from(pdf).toString('latin1');
  const streams = new Map(pdfStreams(pdf).map((s) => [s.object, s.data]));
  const pages = text.matchAll(/\d+ 0 obj\s*<<\s*\/Type \/Page\s[\s\S]*?\/Contents (\d+) 0 R/g);
  return [...pages].map((m) => streams.get(Number(m[1])) ?? '');
}

/**
 * Replaces every match in the file's uncompressed objects with a text of the same length, so the
 * cross-reference table stays valid: the cheap edit of a hex editor.
 */
export function editInPlace(pdf: Uint8Array, pattern: RegExp, replacement: string): Buffer {
  const text = Buffer.from(pdf).toString('latin1');
  const edited = text.replace(pattern, (match) => {
    if (replacement.length > match.length) throw new Error(`'${replacement}' is longer than '${match}'`);
    return replacement.padEnd(match.length, ' ');
  });
  return Buffer.from(edited, 'latin1');
}
