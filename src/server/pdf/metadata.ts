// The document information of a statement PDF. pdfkit writes the info dictionary as escaped PDF
// strings, but copies the same values into the XMP metadata packet as raw XML: a landlord named
// "Müller & Söhne" made the packet invalid, and "</rdf:li>" in a name added elements of its own.

/** The pdfkit hook that writes the XMP packet from `doc.info` (not in pdfkit's typings). */
interface WithMetadata {
  info: Record<string, unknown>;
  endMetadata(): void;
}

/** Makes the document write its info into the XMP packet as XML text, not as markup. */
export function escapeXmpMetadata(doc: PDFKit.PDFDocument): void {
  const target = doc as unknown as WithMetadata;
  const write = target.endMetadata.bind(target);
  target.endMetadata = () => {
    const info = target.info;
    target.info = Object.fromEntries(
      Object.entries(info).map(([key, value]) => [key, typeof value === 'string' ? xmlText(value) : value]),
    );
    try {
      write();
    } finally {
      target.info = info;
    }
  };
}

/** Characters XML 1.0 cannot hold even escaped (most control characters, lone surrogates). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
