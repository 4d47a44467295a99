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

/**
 * Replaces every page's content stream with `edit` of its inflated content, stored uncompressed. The
 * offsets of the file go stale: viewers (and poppler) rebuild them, so a remover need not care.
 */
export function rewritePageContents(pdf: Uint8Array, edit: (content: string) => string): Buffer {
  let text = Buffer.from(pdf).toString('latin1');
  const pages = [...text.matchAll(/\d+ 0 obj\s*<<\s*\/Type \/Page\s[\s\S]*?\/Contents (\d+) 0 R/g)];
  const streams = new Map(pdfStreams(pdf).map((s) => [s.object, s.data]));
  for (const page of pages) {
    const object = Number(page[1]);
    const content = edit(streams.get(object) ?? '');
    text = text.replace(
      new RegExp(`(^|\\n)${object} 0 obj[\\s\\S]*?endobj`),
      `$1${object} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj`,
    );
  }
  return Buffer.from(text, 'latin1');
}

/** Adds `entries` to every dictionary that starts with `/Type /<type>` (lengthening the file). */
export function addToDictionaries(pdf: Uint8Array, type: string, entries: string): Buffer {
  const text = Buffer.from(pdf).toString('latin1');
  return Buffer.from(
    text.replace(new RegExp(`<<\\s*/Type /${type}\\b`, 'g'), (m) => `${m}\n${entries}`),
    'latin1',
  );
}

/** Removes every object whose dictionary matches `pattern`, bytes and all. */
export function removeObjects(pdf: Uint8Array, pattern: RegExp): Buffer {
  const file = Buffer.from(pdf);
  const text = file.toString('latin1');
  const kept: string[] = [];
  let at = 0;
  for (const m of text.matchAll(/(^|\n)(\d+) 0 obj\s*<<([\s\S]*?)>>/g)) {
    if (!pattern.test(m[3] ?? '')) continue;
    const start = (m.index ?? 0) + (m[1]?.length ?? 0);
    const end = text.indexOf('endobj', start) + 'endobj'.length;
    kept.push(text.slice(at, start));
    at = end;
  }
  kept.push(text.slice(at));
  return Buffer.from(kept.join(''), 'latin1');
}
