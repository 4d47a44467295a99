/**
 * A Content-Disposition header that keeps the original file name: an ASCII `filename` for old
 * clients and the exact UTF-8 name as RFC 5987 `filename*` (umlauts, ß, €).
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
