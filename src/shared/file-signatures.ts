// The receipt formats by content: each allowed format starts with a fixed byte sequence. The server
// checks uploads with it (server/documents/file-type.ts), the browser already when files are chosen.

import type { FILE_LIMITS } from './catalog';

export type FileType = (typeof FILE_LIMITS.mimeTypes)[number];

export interface Signature {
  type: FileType;
  magic: readonly number[];
  extensions: readonly string[];
  /** Extension of the storage key. */
  ext: string;
}

export const SIGNATURES: readonly Signature[] = [
  { type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d], extensions: ['.pdf'], ext: 'pdf' }, // %PDF-
  {
    type: 'image/png',
    magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    extensions: ['.png'],
    ext: 'png',
  },
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff], extensions: ['.jpg', '.jpeg'], ext: 'jpg' },
  // an e-invoice (XRechnung): the XML declaration, with or without a byte order mark
  { type: 'application/xml', magic: [0x3c, 0x3f, 0x78, 0x6d, 0x6c], extensions: ['.xml'], ext: 'xml' }, // <?xml
  {
    type: 'application/xml',
    magic: [0xef, 0xbb, 0xbf, 0x3c, 0x3f, 0x78, 0x6d, 0x6c],
    extensions: ['.xml'],
    ext: 'xml',
  },
];

/** Bytes needed to recognise every allowed format. */
export const SNIFF_BYTES = Math.max(...SIGNATURES.map((s) => s.magic.length));

export function signatureOf(head: Uint8Array): Signature | undefined {
  return SIGNATURES.find((s) => s.magic.every((byte, i) => head[i] === byte));
}

/** Whether the first bytes are an allowed format that the name's extension (if any) agrees with. */
export function contentMatchesName(head: Uint8Array, name: string): boolean {
  const signature = signatureOf(head);
  if (!signature) return false;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot).toLowerCase() : '';
  return ext === '' || signature.extensions.includes(ext);
}
