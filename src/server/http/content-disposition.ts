// Content-Disposition for files we send (RFC 6266): an ASCII name for old clients and the exact
// UTF-8 name (filename*, RFC 5987) that browsers prefer, so 'Jürgen' stays 'Jürgen'.

const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

export function asciiFileName(fileName: string): string {
  return (
    fileName
      .replace(/[äöüÄÖÜß]/g, (c) => GERMAN[c] ?? c)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\]/g, '_')
      .trim() || 'download'
  );
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  return `${disposition}; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
