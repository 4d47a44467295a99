// One part of a download or ZIP entry name, from text the landlord typed.

const utf8 = new TextEncoder();

/**
 * Characters unsafe in file names or headers go, and so do control and format characters (bidi
 * overrides such as U+202E would show "fdp.exe" as "exe.pdf"); spaces become underscores; the
 * result is cut to `maxBytes` of UTF-8 at a character boundary, so that every name built of a few
 * parts stays far below the 255 bytes file systems take.
 */
export function fileNamePart(text: string, maxBytes = 60): string {
  const clean = text
    .replace(/[\\/:*?"<>|]|\p{Cc}|\p{Cf}/gu, '')
    .trim()
    .replace(/\s+/g, '_');
  let cut = '';
  let bytes = 0;
  for (const char of clean) {
    bytes += utf8.encode(char).length;
    if (bytes > maxBytes) break;
    cut += char;
  }
  return cut.replace(/_+$/, '');
}
