// The receipt formats by content: each allowed format starts with a fixed byte sequence. The server
// checks uploads with it (server/documents/file-type.ts), the browser already when files are chosen.

import type { FILE_LIMITS } from './catalog';

export type FileType = (typeof FILE_LIMITS.mimeTypes)[number];

export interface Signature {
  type: FileType;
  /** Whether the file's first bytes (up to SNIFF_BYTES of them) are this format. */
  matches: (head: Uint8Array) => boolean;
  extensions: readonly string[];
  /** Extension of the storage key. */
  ext: string;
}

const startsWith =
  (...magic: number[]) =>
  (head: Uint8Array) =>
    magic.every((byte, i) => head[i] === byte);

/** The root elements of the e-invoices we read: UBL invoice and credit note, CII, ZUGFeRD 1.0. */
const E_INVOICE_ROOTS = new Set(['Invoice', 'CreditNote', 'CrossIndustryInvoice', 'CrossIndustryDocument']);

/**
 * An XML file whose root element is an e-invoice's, with or without a byte order mark and an XML
 * declaration. XHTML or any other XML is not a receipt.
 */
export function isEInvoiceXml(head: Uint8Array): boolean {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  text = text.replace(/^\s*<\?xml[^>]*\?>/, '');
  // comments and a document type declaration may stand before the root (the reader refuses a DTD,
  // and the file is kept with that reason)
  for (;;) {
    const before = /^\s*(?:<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)/.exec(text);
    if (!before) break;
    text = text.slice(before[0].length);
  }
  const root = /^\s*<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s>/]/.exec(text);
  return root?.[1] !== undefined && E_INVOICE_ROOTS.has(root[1]);
}

export const SIGNATURES: readonly Signature[] = [
  {
    type: 'application/pdf',
    matches: startsWith(0x25, 0x50, 0x44, 0x46, 0x2d),
    extensions: ['.pdf'],
    ext: 'pdf',
  }, // %PDF-
  {
    type: 'image/png',
    matches: startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    extensions: ['.png'],
    ext: 'png',
  },
  { type: 'image/jpeg', matches: startsWith(0xff, 0xd8, 0xff), extensions: ['.jpg', '.jpeg'], ext: 'jpg' },
  { type: 'application/xml', matches: isEInvoiceXml, extensions: ['.xml'], ext: 'xml' },
];

/** Bytes read to recognise every allowed format: an e-invoice's root may follow a declaration and comments. */
export const SNIFF_BYTES = 4096;

export function signatureOf(head: Uint8Array): Signature | undefined {
  return SIGNATURES.find((s) => s.matches(head));
}

/** Whether the first bytes are an allowed format that the name's extension (if any) agrees with. */
export function contentMatchesName(head: Uint8Array, name: string): boolean {
  const signature = signatureOf(head);
  if (!signature) return false;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot).toLowerCase() : '';
  return ext === '' || signature.extensions.includes(ext);
}
